import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// What a run's timeline carries so that it can be replayed: the app's configuration in the
/// header, and the world's facts a device cannot see; and a scenario's own setups by name.
@Suite(.watchdog, .cpuBound) struct ScenarioSourceTests {
    static func timeline(_ name: String, setup: StrategySetup, ios: Int = 17) throws -> [TimelineEntry] {
        var buffer = JSONLinesBuffer()
        _ = Simulator.run(
            try BuiltinScenarios.resolve(name), ios: IOSVersion(ios), setup: setup, seed: 1, timeline: &buffer)
        return try TimelineDecoder.decode(contentsOf: Data(buffer.bytes), file: "\(name).jsonl")
    }

    static func facts(_ entries: [TimelineEntry]) -> [(time: Double, fact: String, fields: [Field])] {
        entries.compactMap { entry in
            guard case .world(let fact, let fields) = entry.body else { return nil }
            return (entry.time, fact, fields)
        }
    }

    @Test func aScenariosOwnSetupIsFoundByNameWithItsOptions() throws {
        let bike = try BuiltinScenarios.resolve("bike-rental")
        let own = try bike.setup(named: "PushTrigger+upload")
        #expect(own == bike.setups.first { $0.name == "PushTrigger+upload" })
        #expect(own.source != nil, "the file's entry, for the run header")
        #expect(try bike.setup(named: "TaskExtension") == StrategySetup.named("TaskExtension"))
        #expect {
            try bike.setup(named: "Bogus")
        } throws: { error in
            (error as? ScenarioError)?.message.hasSuffix("or one of bike-rental's own setups: PushTrigger+upload")
                == true
        }
        let comparison = try Comparison(
            scenarios: [bike], versions: [IOSVersion(17)], setupNames: ["PushTrigger+upload", "none"], seed: 1)
        #expect(comparison.jobs.map(\.setup) == [own, .none])
    }

    @Test func theHeaderCarriesTheAppsConfigurationAsAScenarioFilesParts() throws {
        let entries = try Self.timeline(
            "bike-rental", setup: try BuiltinScenarios.resolve("bike-rental").setup(named: "PushTrigger+upload"))
        guard case .run(let fields)? = entries.first?.body else {
            Issue.record("no run header")
            return
        }
        let header = TimelineHeader(fields: fields)
        let config = try #require(header.configuration)
        guard case .object(let object) = try JSONValue.parse(Array(config.utf8)) else {
            Issue.record("config is not an object: \(config)")
            return
        }
        #expect(object.members.map(\.key) == ["strategies", "app"])
        guard case .array(let setups)? = object["strategies"], case .object(let setup)? = setups.first else {
            Issue.record("no setup object in \(config)")
            return
        }
        #expect(setup["name"] == .string("PushTrigger+upload"))
        #expect(setup["use"] != nil, "the options travel with the setup")
    }

    @Test func theWorldsFactsComeAtTheMomentsTheyTakeEffect() throws {
        let gas = Self.facts(try Self.timeline("gas-station", setup: .none))
        #expect(gas.map(\.fact) == ["origin", "beacon", "network", "path", "path"])
        #expect(gas.map(\.time) == [0, 0, 0, 620, 919.5])
        #expect(gas[1].fields.map(\.key) == ["id", "uuid", "major", "minor", "east", "north", "measuredPower"])
        let sensor = Self.facts(try Self.timeline("sensor-logging", setup: .none))
        let noNetwork = try #require(sensor.first { $0.fact == "network" && $0.fields.first?.value == "none" })
        #expect(noNetwork.time == 5700)
        #expect(noNetwork.fields.map(\.key) == ["network"], "no bandwidth without a network")
        #expect(sensor.contains { $0.fact == "power" && $0.time == 25200 })
    }

    @Test func aTimedPathPutsTheUserAtEachPointAtItsTime() throws {
        let scenario = try decodeScenario(
            #"{"name": "p", "duration": 60, "world": {"movement": {"path": [{"at": 10, "position": {"east": 0, "north": 0}}, {"at": 30, "position": {"east": 40, "north": 0}}]}}}"#
        )
        #expect(scenario.world.trajectory.position(at: 0) == LocalPoint(east: 0, north: 0))
        #expect(scenario.world.trajectory.position(at: 20) == LocalPoint(east: 20, north: 0))
        #expect(scenario.world.trajectory.position(at: 50) == LocalPoint(east: 40, north: 0))
        #expect {
            try decodeScenario(
                #"{"name": "p", "duration": 60, "world": {"movement": {"path": [{"at": -1, "position": {"east": 0, "north": 0}}]}}}"#
            )
        } throws: { error in
            (error as? ScenarioError)?.description
                == "test.json: world.movement.path[0].at: expected seconds from the start, zero or more"
        }
    }
}
