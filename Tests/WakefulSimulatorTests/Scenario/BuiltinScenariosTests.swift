import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

@Suite("Built-in scenarios", .watchdog, .cpuBound)
struct BuiltinScenariosTests {
    @Test("gas-station loads with the values its JSON states")
    func gasStation() throws {
        #expect(BuiltinScenarios.names.first == "gas-station")
        #expect(BuiltinScenarios.names.contains("overnight-sync"))
        #expect(BuiltinScenarios.defaultName == "gas-station")
        let scenario = try BuiltinScenarios.load("gas-station")
        #expect(scenario.name == "gas-station")
        #expect(scenario.summary.hasPrefix("Seed 000: the user walks to pump 4 at 1 m/s"))
        #expect(scenario.duration == 1100)
        #expect(scenario.iosVersions == [IOSVersion(8), IOSVersion(12), IOSVersion(17), IOSVersion(26)])
        #expect(
            scenario.setups == [
                .none,
                StrategySetup(name: "TaskExtension", strategies: [.taskExtension(.init())]),
                StrategySetup(name: "LowPowerLocationKeepAlive", strategies: [.lowPowerLocationKeepAlive(.init())]),
            ])
        #expect(
            scenario.app
                == AppConfiguration(
                    backgroundModes: nil, locationAuthorization: .always,
                    features: [.beaconTrigger(beacon: "pump-4", triggerDistance: 3)]))
        #expect(scenario.device == DeviceSettings())
        #expect(scenario.world.origin == Coordinate(latitude: 37.33182, longitude: -122.03118))
        #expect(
            scenario.world.beacons == [
                WorldBeacon(
                    id: "pump-4", uuid: try #require(UUID(uuidString: "2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6")),
                    major: 1, minor: 4, position: .zero, measuredPower: -59)
            ])
        // From 300 m east at 620 s, to 0.5 m east at 1 m/s: arrives at 919.5 s.
        #expect(
            scenario.world.trajectory.knots == [
                TrajectoryKnot(time: 620, point: LocalPoint(east: 300, north: 0)),
                TrajectoryKnot(time: 919.5, point: LocalPoint(east: 0.5, north: 0)),
            ])
        #expect(scenario.actions == [UserAction(at: 0, .open), UserAction(at: 10, .home)])
    }

    @Test("resolve takes a built-in name or a path; anything else names the built-in scenarios")
    func resolve() throws {
        #expect(try BuiltinScenarios.resolve("gas-station") == BuiltinScenarios.load("gas-station"))

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "BuiltinScenariosTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("mine.json")
        try Data(#"{"name": "mine", "duration": 5, "world": {}}"#.utf8).write(to: file)
        #expect(try BuiltinScenarios.resolve(file.path).name == "mine")

        let error = try #require(throws: ScenarioError.self) {
            try BuiltinScenarios.resolve(folder.appendingPathComponent("nope.json").path)
        }
        #expect(error.file == "--scenario")
        #expect(error.message.contains("no such file"))
        #expect(error.message.contains("gas-station"))
        #expect(throws: ScenarioError.self) { try BuiltinScenarios.load("mine") }
    }

    @Test(
        "every built-in scenario loads, names itself, and has versions, setups and a success measure",
        arguments: BuiltinScenarios.names)
    func everyBuiltin(name: String) throws {
        let scenario = try BuiltinScenarios.load(name)
        #expect(scenario.name == name)
        #expect(!scenario.iosVersions.isEmpty)
        #expect(!scenario.setups.isEmpty)
        #expect(scenario.successMeasure != nil)
    }

    @Test("freeway-drive follows its committed GPX track for an hour at freeway speed")
    func freewayTrack() throws {
        let trajectory = try BuiltinScenarios.load("freeway-drive").world.trajectory
        #expect(trajectory.startTime == 240)
        #expect(abs(trajectory.endTime - (240 + 3600)) < 1e-6)
        #expect(trajectory.length > 90_000 && trajectory.length < 120_000)
    }
}
