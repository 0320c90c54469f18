import Foundation
import Testing
import WakefulTestSupport

@Suite("wakeful simulate --scenario FILE", .hangLimit, .watchdog)
struct CustomScenarioTests {
    /// A timed walk due north at 1 m/s, one point every 10 s, from 91 m south of the pump to 1 m south of it.
    static let gpx: String = {
        var points: [String] = []
        for step in 0...9 {
            let north = -91.0 + Double(step) * 10  // metres from the pump
            let latitude = 37.33182 + north / 111_195  // one degree of latitude ≈ 111.2 km
            let second = 30 + step * 10
            points.append(
                #"      <trkpt lat="\#(String(format: "%.7f", latitude))" lon="-122.031180"><time>2024-05-01T06:0\#(second / 60):\#(String(format: "%02d", second % 60))Z</time></trkpt>"#
            )
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="WakefulCLITests" xmlns="http://www.topografix.com/GPX/1/1">
              <trk><name>to the pump</name><trkseg>
            \(points.joined(separator: "\n"))
              </trkseg></trk>
            </gpx>
            """
    }()

    /// The test scenario with the GPX walk instead of legs, and the world's origin at the pump.
    static func gpxScenario(track: String) -> [String: Any] {
        var document = ScenarioFile.document
        document["name"] = "gpx-walk"
        document["ios"] = ["12", "17"]
        document["strategies"] = ["none", "LowPowerLocationKeepAlive"]
        document["world"] = [
            "origin": ["lat": 37.33182, "lon": -122.03118],
            "beacons": [ScenarioFile.beacon],
            "movement": ["gpx": track, "startTime": 20],
        ]
        return document
    }

    @Test("a scenario with a GPX movement next to it runs and exits 0")
    func gpxMovement() async throws {
        try await withTemporaryDirectory { folder in
            try ScenarioFile.write(Self.gpx, as: "walk.gpx", in: folder)
            let path = try ScenarioFile.write(Self.gpxScenario(track: "walk.gpx"), as: "gpx-walk.json", in: folder)
            // Run from another folder: the GPX path is relative to the scenario file, not to the working directory.
            let result = try await Executable.wakeful.run(
                ["simulate", "--scenario", path, "--format", "json"], in: FileManager.default.temporaryDirectory)
            #expect(result.status == 0, "\(result)")
            let document = try jsonObject(result.stdout)
            #expect(document["scenario"] as? String == "gpx-walk")
            let runs = try jsonRuns(result.stdout)
            #expect(
                runs.map { "\($0["strategy"] as? String ?? "?") \($0["ios"] as? String ?? "?")" }
                    == ["none 12", "none 17", "LowPowerLocationKeepAlive 12", "LowPowerLocationKeepAlive 17"])
            // The walk ends about 1 m from the pump: the keep-alive is running then and triggers.
            let keepAlive = runs.filter { $0["strategy"] as? String == "LowPowerLocationKeepAlive" }
            for run in keepAlive {
                #expect(run["triggered"] as? Bool == true, "\(run)")
                #expect((run["triggerDistanceMeters"] as? Double).map { $0 <= 3.5 } == true)
            }
        }
    }

    @Test("the text report of a custom file uses its name and summary")
    func textReport() async throws {
        try await withTemporaryDirectory { folder in
            let path = try ScenarioFile.write(ScenarioFile.document, as: "small.json", in: folder)
            let result = try await Executable.wakeful.run(["simulate", "--scenario", path])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.hasPrefix("cli-test: a small scenario written by the CLI tests"))
            #expect(SimulateTextTests.tableRows(result.stdout).count == 1)
        }
    }

    @Test("--ios and --strategy override the file's lists; --variant adds to the device")
    func overrides() async throws {
        try await withTemporaryDirectory { folder in
            let path = try ScenarioFile.write(ScenarioFile.document, as: "small.json", in: folder)
            let result = try await Executable.wakeful.run([
                "simulate", "--scenario", path, "--ios", "8", "--strategy", "none", "--variant", "CONF-3", "--format",
                "json",
            ])
            #expect(result.status == 0, "\(result)")
            let runs = try jsonRuns(result.stdout)
            #expect(runs.count == 1)
            #expect(runs.first?["ios"] as? String == "8")
            #expect(runs.first?["strategy"] as? String == "none")
        }
    }
}
