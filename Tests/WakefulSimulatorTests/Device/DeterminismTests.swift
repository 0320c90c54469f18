import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// Same scenario and seed ⇒ the same timeline, byte for byte; different seeds differ where noise
/// is modelled (beacon RSSI).
@Suite("Determinism", .watchdog, .cpuBound)
struct DeterminismTests {
    static func timeline(_ scenario: Scenario, ios: IOSVersion, setup: String, seed: UInt64) throws -> [UInt8] {
        var buffer = JSONLinesBuffer()
        _ = Simulator.run(scenario, ios: ios, setup: try StrategySetup.named(setup), seed: seed, timeline: &buffer)
        return buffer.bytes
    }

    @Test(arguments: ["none", "TaskExtension", "LowPowerLocationKeepAlive"])
    func sameSeedSameBytes(setup: String) throws {
        let scenario = try BuiltinScenarios.load("gas-station")
        let first = try Self.timeline(scenario, ios: IOSVersion(12), setup: setup, seed: 7)
        let second = try Self.timeline(scenario, ios: IOSVersion(12), setup: setup, seed: 7)
        #expect(first.count > 1000)
        #expect(first == second)
    }

    @Test func differentSeedsGiveDifferentBeaconNoise() throws {
        let scenario = try BuiltinScenarios.load("gas-station")
        let one = try Self.timeline(scenario, ios: IOSVersion(17), setup: "LowPowerLocationKeepAlive", seed: 1)
        let two = try Self.timeline(scenario, ios: IOSVersion(17), setup: "LowPowerLocationKeepAlive", seed: 2)
        #expect(one != two)
    }

    @Test func metricsAreStableAcrossRunsInOneProcess() throws {
        let scenario = try BuiltinScenarios.load("gas-station")
        let runs = (0..<3).map { _ in Simulator.run(scenario, ios: IOSVersion(8), setup: .none, seed: 3) }
        #expect(Set(runs).count == 1)
    }
}
