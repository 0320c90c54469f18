import Foundation
import Testing
import WakefulTestSupport

/// `--format json` is a public contract: the names asserted here must not change.
@Suite("wakeful simulate: JSON output", .hangLimit, .watchdog)
struct SimulateJSONTests {
    @Test("--format json parses and has 12 runs with the contract's fields")
    func contract() async throws {
        let result = try await Executable.wakeful.run(["simulate", "--format", "json"])
        #expect(result.status == 0, "\(result)")
        let document = try jsonObject(result.stdout)
        #expect(document["scenario"] as? String == "gas-station")
        #expect(document["seed"] is NSNumber)
        let runs = try jsonRuns(result.stdout)
        #expect(runs.count == 12)
        for (index, run) in runs.enumerated() {
            #expect(run["ios"] is String, "run \(index): ios")
            #expect(run["strategy"] is String, "run \(index): strategy")
            #expect(run["backgroundRunningSeconds"] is NSNumber, "run \(index): backgroundRunningSeconds")
            #expect(run["suspendedSeconds"] is NSNumber, "run \(index): suspendedSeconds")
            let wakes = try #require(run["wakes"] as? [String: Any], "run \(index): wakes is an object")
            for source in ["region", "beaconRegion", "display", "significantChange"] {
                #expect(wakes[source] is NSNumber, "run \(index): wakes.\(source) is listed, zero included")
            }
            let terminations = try #require(run["terminations"] as? [Any], "run \(index): terminations is an array")
            for termination in terminations {
                let object = try #require(termination as? [String: Any])
                #expect(object["reason"] is String)
                #expect(object["at"] is NSNumber)
            }
            let triggered = try #require(run["triggered"] as? Bool, "run \(index): triggered is a boolean")
            if triggered {
                #expect(run["triggerDistanceMeters"] is NSNumber, "run \(index): triggerDistanceMeters")
            } else {
                #expect(run["suspendedAtDistanceMeters"] is NSNumber, "run \(index): suspendedAtDistanceMeters")
            }
        }
    }

    @Test("runs come setups outermost, iOS versions innermost, with the seed's outcomes")
    func orderAndOutcomes() async throws {
        let runs = try jsonRuns(try await Executable.wakeful.run(["simulate", "--format", "json"]).stdout)
        try #require(runs.count == 12)
        let keys = runs.map { "\($0["strategy"] as? String ?? "?") \($0["ios"] as? String ?? "?")" }
        #expect(
            keys
                == ["none", "TaskExtension", "LowPowerLocationKeepAlive"].flatMap { setup in
                    ["8", "12", "17", "26"].map { "\(setup) \($0)" }
                })
        let triggered = runs.map { $0["triggered"] as? Bool }
        #expect(triggered == [false, false, false, false, true, true, false, false, true, true, true, true])
        for run in runs where run["triggered"] as? Bool == true {
            let distance = try #require(run["triggerDistanceMeters"] as? Double)
            #expect(distance <= 3.5, "the app prompts at the pump, not across the street")
        }
    }

    @Test("terminations carry reason and at: a TaskExtension that never ends its task is killed (TASK-13)")
    func terminationsFields() async throws {
        try await withTemporaryDirectory { folder in
            var document = ScenarioFile.document
            document["strategies"] = [
                ["name": "leaky", "use": [["strategy": "TaskExtension", "options": ["endsTaskOnExpiry": false]]]]
            ]
            let path = try ScenarioFile.write(document, as: "leaky.json", in: folder)
            let result = try await Executable.wakeful.run(["simulate", "--scenario", path, "--format", "json"])
            #expect(result.status == 0, "\(result)")
            let runs = try jsonRuns(result.stdout)
            let run = try #require(runs.first)
            #expect(runs.count == 1)
            #expect(run["strategy"] as? String == "leaky")
            let terminations = try #require(run["terminations"] as? [[String: Any]])
            let first = try #require(terminations.first, "a leaked task gets the app killed")
            #expect(first["reason"] as? String == "taskAssertionTimeout")
            #expect((first["at"] as? Double).map { $0 > 10 } == true)
            #expect((first["rules"] as? [String])?.contains("TASK-13") == true)
        }
    }

    @Test("--ios 17 --strategy TaskExtension gives exactly one run")
    func filtered() async throws {
        let result = try await Executable.wakeful.run([
            "simulate", "--ios", "17", "--strategy", "TaskExtension", "--format", "json",
        ])
        #expect(result.status == 0, "\(result)")
        let runs = try jsonRuns(result.stdout)
        #expect(runs.count == 1)
        #expect(runs.first?["ios"] as? String == "17")
        #expect(runs.first?["strategy"] as? String == "TaskExtension")
    }

    @Test("repeated --ios and --strategy multiply: 2 setups × 2 versions")
    func repeatedOptions() async throws {
        let result = try await Executable.wakeful.run([
            "simulate", "--ios", "12.4", "--ios", "18", "--strategy", "none", "--strategy", "TaskExtension", "--format",
            "json",
        ])
        #expect(result.status == 0, "\(result)")
        let runs = try jsonRuns(result.stdout)
        #expect(
            runs.map { "\($0["strategy"] as? String ?? "?") \($0["ios"] as? String ?? "?")" }
                == ["none 12.4", "none 18", "TaskExtension 12.4", "TaskExtension 18"])
    }

    @Test("--strategy TaskExtension+LowPowerLocationKeepAlive combines both in one setup")
    func combinedSetup() async throws {
        let result = try await Executable.wakeful.run([
            "simulate", "--ios", "17", "--strategy", "TaskExtension+LowPowerLocationKeepAlive", "--format", "json",
        ])
        #expect(result.status == 0, "\(result)")
        let runs = try jsonRuns(result.stdout)
        #expect(runs.count == 1)
        let run = try #require(runs.first)
        #expect(run["strategy"] as? String == "TaskExtension+LowPowerLocationKeepAlive")
        #expect(run["backgroundModes"] as? [String] == ["location"])
        #expect(run["triggered"] as? Bool == true)
    }

    @Test("the same seed gives byte-identical JSON twice")
    func sameSeedSameBytes() async throws {
        let first = try await Executable.wakeful.run(["simulate", "--seed", "42", "--format", "json"])
        let second = try await Executable.wakeful.run(["simulate", "--seed", "42", "--format", "json"])
        #expect(first.status == 0 && second.status == 0)
        #expect(!first.stdout.isEmpty)
        #expect(first.stdout == second.stdout)
    }

    @Test("another seed changes nothing structural: same runs, same keys, same wake sources")
    func seedIsNotStructural() async throws {
        let one = try jsonRuns(
            try await Executable.wakeful.run(["simulate", "--seed", "1", "--format", "json"]).stdout)
        let other = try jsonRuns(
            try await Executable.wakeful.run(["simulate", "--seed", "20240501", "--format", "json"]).stdout)
        #expect(one.count == 12 && other.count == 12)
        for (a, b) in zip(one, other) {
            #expect(a["ios"] as? String == b["ios"] as? String)
            #expect(a["strategy"] as? String == b["strategy"] as? String)
            #expect((a["wakes"] as? [String: Any])?.keys.sorted() == (b["wakes"] as? [String: Any])?.keys.sorted())
            // Keys that are present in every run (the trigger's keys depend on whether it fired).
            for key in [
                "ios", "strategy", "backgroundRunningSeconds", "suspendedSeconds", "wakes", "terminations", "triggered",
            ] {
                #expect(a[key] != nil && b[key] != nil, "\(key)")
            }
        }
        #expect(
            try jsonObject(
                try await Executable.wakeful.run(["simulate", "--seed", "20240501", "--format", "json"]).stdout)["seed"]
                as? Int
                == 20240501)
    }
}
