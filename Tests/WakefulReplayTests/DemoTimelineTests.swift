import Foundation
import Testing
import Wakeful
import WakefulReplay
import WakefulSimulator
import WakefulTestSupport

/// The demo app's exported timeline as `wakeful replay` reads it. `Demo/` links the demo's core
/// files, so a run header that stops describing the demo's own strategies fails here.
@Suite(.watchdog, .cpuBound) struct DemoTimelineTests {
    /// A phone as the demo reads it at launch: the Info.plist's modes, Always, 09:30 on a Tuesday.
    static let facts = DemoConfiguration.LaunchFacts(
        device: "iPhone15,2", ios: "17.5.1",
        backgroundModes: ["location", "remote-notification", "fetch", "processing"], locationAuthorization: .always,
        preciseLocation: true, lowPowerMode: false, backgroundAppRefresh: true,
        localTime: LocalTime(weekday: .tuesday, secondOfDay: 9.5 * 3600))

    /// The header's time: the simulator's clock, whose fixes carry the same times as the entries
    /// (on a phone both are seconds since 1970; the offset is tested with headerless timelines).
    static let launch = 0.0

    /// The place and what the user does: seed 000's walk to pump 4, or seed 003's ride started and
    /// stopped by silent pushes. No features: the demo's strategies bring their own.
    static func world(for configuration: DemoConfiguration) -> String {
        switch configuration {
        case .gasStationTaskExtension, .gasStationKeepAlive:
            """
            "origin": {"lat": 37.33182, "lon": -122.03118},
            "beacons": [{"id": "pump-4", "uuid": "2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6", "major": 1, "minor": 4,
                         "position": {"east": 0, "north": 0}}],
            "movement": {"start": {"east": 300, "north": 0}, "startTime": 620,
                         "legs": [{"to": {"east": 0.5, "north": 0}, "speed": 1.0}]}
            """
        case .tripTracking:
            """
            "origin": {"lat": 59.93863, "lon": 30.31413},
            "movement": {"start": {"east": 0, "north": 0}, "startTime": 180,
                         "legs": [{"to": {"east": 4000, "north": 0}, "speed": 5}]},
            "pushes": [{"at": 150, "type": "background", "priority": 5, "id": "trip-start", "userInfo": {"trip": "start"}},
                       {"at": 1000, "type": "background", "priority": 5, "id": "trip-stop", "userInfo": {"trip": "stop"}}]
            """
        }
    }

    /// What the phone writes: the demo's header, then the events, commands and observations of a
    /// run of the demo's own strategies on a simulated iPhone.
    static func exported(_ configuration: DemoConfiguration) throws -> [TimelineEntry] {
        let modes = facts.backgroundModes.map { "\"\($0)\"" }.joined(separator: ", ")
        let file = """
            {"name": "field", "duration": 1100, "app": {"backgroundModes": [\(modes)]},
             "world": {\(world(for: configuration)), "startHour": 9.5, "startDay": "tuesday"},
             "user": [{"at": 0, "action": "open"}, {"at": 10, "action": "home"}]}
            """
        let scenario = try Scenario.decode(Data(file.utf8), file: "field.json", directory: nil)
        var timeline = InMemoryTimeline()
        _ = Simulator.run(
            scenario, ios: try #require(IOSVersion(parsing: facts.ios)), setup: .custom(configuration.strategies),
            seed: 1, timeline: &timeline)
        let written = timeline.entries.filter {
            switch $0.body {
            case .event, .command, .observation: true
            default: false
            }
        }
        return [configuration.timelineHeader(facts).entry(at: launch)] + written
    }

    /// The entries as the bytes of the file the demo shares.
    static func file(_ entries: [TimelineEntry], name: String = "timeline-000000000000.jsonl") throws -> FieldTimeline {
        var buffer = JSONLinesBuffer()
        for entry in entries { buffer.append(entry) }
        return try FieldTimeline.read(Data(buffer.bytes), file: name)
    }

    @Test(arguments: DemoConfiguration.allCases)
    func theHeaderRebuildsTheDemosOwnApp(configuration: DemoConfiguration) throws {
        let result = try Replay.run(try Self.file(try Self.exported(configuration)), options: ReplayOptions())
        let rebuilt = result.reconstructed
        #expect(rebuilt.ios.description == "17.5.1")
        #expect(rebuilt.timeOrigin == Self.launch)
        #expect(rebuilt.scenario.world.startHour == 9.5)
        #expect(rebuilt.scenario.world.startDay == .tuesday)
        #expect(rebuilt.scenario.app.locationAuthorization == .always)
        #expect(rebuilt.scenario.app.backgroundModes?.map(\.rawValue) == Self.facts.backgroundModes)
        #expect(rebuilt.scenario.device.lowPowerMode == false && rebuilt.scenario.device.backgroundAppRefresh)
        // The re-run's own header names the strategies the model ran: the demo's, features included.
        let model = try TimelineDecoder.decode(contentsOf: result.modelTimeline, file: "model.jsonl")
        guard case .run(let fields)? = model.first?.body else {
            Issue.record("the model's timeline has no header")
            return
        }
        #expect(
            Set(TimelineHeader(fields: fields).strategies) == Set(configuration.strategies.map(\.name)),
            "\(fields)")
    }

    @Test func aTripsPushesWakesAndTasksAgreeFromTheHeaderAlone() throws {
        let result = try Replay.run(try Self.file(try Self.exported(.tripTracking)), options: ReplayOptions())
        #expect(result.reconstructed.scenario.world.pushes.map(\.id) == ["trip-start", "trip-stop"])
        // The route through the fixes is rebuilt as straight legs between them, so the logged fixes
        // may shift; everything iOS decided must agree.
        let decided = result.report.divergences.filter { !$0.what.hasPrefix("command record") }
        #expect(decided.isEmpty, "\(decided.map(\.message))")
        #expect(result.report.matched > 0)
    }

    @Test func theSwitchesAtLaunchComeFromTheHeader() throws {
        var facts = Self.facts
        facts.lowPowerMode = true
        facts.backgroundAppRefresh = false
        facts.preciseLocation = false
        let header = DemoConfiguration.tripTracking.timelineHeader(facts)
        let rebuilt = try ScenarioReconstructor(options: ReplayOptions()).reconstruct(
            try Self.file([header.entry(at: Self.launch)]))
        #expect(rebuilt.scenario.device.lowPowerMode)
        #expect(!rebuilt.scenario.device.backgroundAppRefresh)
        #expect(!rebuilt.scenario.app.preciseLocation)
    }

    /// The files of several processes joined in name order read as one day: the first header
    /// describes the run, later ones are skipped.
    @Test func laterProcessesHeadersChangeNothing() throws {
        let entries = try Self.exported(.tripTracking)
        let second = DemoConfiguration.tripTracking.timelineHeader(Self.facts).entry(at: Self.launch + 500)
        let index = try #require(entries.firstIndex { $0.time >= Self.launch + 500 })
        let joined = Array(entries[..<index]) + [second] + Array(entries[index...])
        let alone = try Replay.run(try Self.file(entries), options: ReplayOptions())
        let day = try Replay.run(try Self.file(joined), options: ReplayOptions())
        #expect(day.reconstructed.data == alone.reconstructed.data)
        #expect(day.report == alone.report)
    }

    /// Background tasks record no route: the walk and the beacon come from a `--config` file, as a
    /// field tester's notes give them.
    @Test func aWalkWithoutLocationUpdatesReplaysWithTheTestersWay() throws {
        let exported = try Self.file(try Self.exported(.gasStationTaskExtension))
        let alone = try Replay.run(exported, options: ReplayOptions())
        #expect(alone.reconstructed.scenario.world.beacons.first?.position == LocalPoint(east: 0, north: 0))
        #expect(alone.reconstructed.notes.contains { $0.contains("placed at the origin") })

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let place = directory.appendingPathComponent("pump.json")
        // What --save-scenario writes, with the beacon's place and the walk added.
        var rebuilt = try #require(
            try JSONValue.parse(Array(alone.reconstructed.data)).objectValue, "the rebuilt scenario is an object")
        var world = try #require(rebuilt["world"]?.objectValue)
        let tester = try #require(
            try JSONValue.parse(Array("{\(Self.world(for: .gasStationTaskExtension))}".utf8)).objectValue)
        for key in ["origin", "beacons", "movement"] { world.replace(key, with: try #require(tester[key])) }
        rebuilt.replace("world", with: .object(world))
        try Data(JSONValue.object(rebuilt).description.utf8).write(to: place)

        let options = ReplayOptions(configuration: try ReplayConfiguration.parse(place.path))
        let result = try Replay.run(exported, options: options)
        let note = try #require(result.reconstructed.notes.first { $0.hasPrefix("world: ") })
        #expect(note.contains("movement") && note.contains(place.path), "\(note)")
        #expect(result.report.isConsistent, "\(result.text)")
    }
}

extension JSONValue {
    fileprivate var objectValue: JSONObject? {
        if case .object(let object) = self { object } else { nil }
    }
}

extension JSONObject {
    fileprivate mutating func replace(_ key: String, with value: JSONValue) {
        members.removeAll { $0.key == key }
        members.append(JSONMember(key: key, value: value))
    }
}
