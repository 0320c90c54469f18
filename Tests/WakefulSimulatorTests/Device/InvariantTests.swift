import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The model's own invariants, checked after every step in debug builds, hold across every
/// built-in scenario, setup, family and a spread of seeds and user mishaps.
@Suite("Invariants", .watchdog, .cpuBound)
struct InvariantTests {
    static let versions = ["6", "7.0", "8", "10", "12", "15.3", "17", "26"].compactMap(IOSVersion.init(parsing:))

    @Test(arguments: BuiltinScenarios.names)
    func builtinScenariosKeepEveryInvariant(name: String) throws {
        let scenario = try BuiltinScenarios.load(name)
        for setup in scenario.setups + [try StrategySetup.named("TaskExtension+LowPowerLocationKeepAlive")] {
            for version in Self.versions {
                for seed in UInt64(1)...3 {
                    let metrics = Simulator.run(scenario, ios: version, setup: setup, seed: seed)
                    #expect(metrics.invariantViolations.isEmpty, "\(setup.name) iOS \(version) seed \(seed)")
                }
            }
        }
    }

    @Test(arguments: [UserAction.Kind.forceQuit, .reboot, .memoryPressure, .lock, .glance])
    func mishapsKeepEveryInvariant(mishap: UserAction.Kind) throws {
        var scenario = try BuiltinScenarios.load("gas-station")
        scenario.actions += [
            UserAction(at: 700, mishap), UserAction(at: 880, .unlock), UserAction(at: 1000, .open),
            UserAction(at: 1010, .lock),
        ]
        scenario.actions.sort { $0.at < $1.at }
        scenario.device.suspendedTerminationsPerHour = 6
        for setup in scenario.setups {
            for version in Self.versions {
                let metrics = Simulator.run(scenario, ios: version, setup: setup, seed: 11)
                #expect(metrics.invariantViolations.isEmpty, "\(mishap.name) \(setup.name) iOS \(version)")
            }
        }
    }
}
