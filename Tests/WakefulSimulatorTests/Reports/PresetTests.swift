import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The presets on their built-in scenarios, on every iOS family: each does what its
/// documentation says, by the modelled rules.
@Suite("Presets", .watchdog, .cpuBound)
struct PresetTests {
    static let versions = [IOSVersion(8), IOSVersion(12), IOSVersion(17), IOSVersion(26)]

    /// A built-in scenario, with the app's own features left out unless asked (a preset that brings
    /// its own must not run beside a second copy).
    static func scenario(_ name: String, keepingFeatures: Bool = false) throws -> Scenario {
        var scenario = try BuiltinScenarios.load(name)
        if !keepingFeatures { scenario.app.features = [] }
        return scenario
    }

    @Test("beaconProximity triggers at the pump on every iOS family, where TaskExtension does not on 17 and 26")
    func beaconProximity() throws {
        let pump = BeaconTrigger.Options(
            regionID: "pump-4",
            constraint: BeaconIdentityConstraint(
                uuid: try #require(UUID(uuidString: "2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6")), major: 1, minor: 4),
            triggerDistance: 3)
        // The scenario measures the trigger of its own app feature, a BeaconTrigger on pump 4: the
        // preset's trigger must be that one, and the rest of the preset runs beside it.
        let scenario = try BuiltinScenarios.load("gas-station")
        let feature = try #require(scenario.strategies(for: .none).first as? BeaconTrigger)
        let preset = Preset.beaconProximity(pump)
        #expect(preset.contains { ($0 as? BeaconTrigger)?.options == feature.options })
        let rest = StrategySetup(
            name: "beaconProximity", strategies: preset.filter { !($0 is BeaconTrigger) }.map(StrategySpec.init))
        for version in Self.versions {
            let metrics = Simulator.run(scenario, ios: version, setup: rest, seed: 0)
            #expect(metrics.triggered == true, "iOS \(version)")
            #expect((metrics.triggerDistanceMeters ?? .infinity) <= 3, "iOS \(version)")
        }
        let taskExtension = Simulator.run(scenario, ios: IOSVersion(26), setup: .custom(TaskExtension()), seed: 0)
        #expect(taskExtension.triggered == false)
    }

    @Test("pushStartedTrip logs the trip as well as the scenario's best setup does, and far better than the bare app")
    func pushStartedTrip() throws {
        let scenario = try Self.scenario("bike-rental")
        for version in Self.versions {
            let preset = Simulator.run(
                scenario, ios: version,
                setup: StrategySetup(
                    name: "pushStartedTrip", strategies: Preset.pushStartedTrip().map(StrategySpec.init)), seed: 0)
            let bare = Simulator.run(
                try Self.scenario("bike-rental", keepingFeatures: true), ios: version, setup: .none, seed: 0)
            let score = try #require(preset.success?.score)
            #expect(score >= 0.9, "iOS \(version): \(preset.success?.summary ?? "")")
            #expect(score > (bare.success?.score ?? 0), "iOS \(version)")
        }
    }

    @Test("periodicSync finishes the overnight sync by the deadline on every family that has BGTaskScheduler")
    func periodicSync() throws {
        let scenario = try Self.scenario("overnight-sync", keepingFeatures: true)
        for version in [IOSVersion(17), IOSVersion(26)] {
            let metrics = Simulator.run(
                scenario, ios: version,
                setup: StrategySetup(name: "periodicSync", strategies: Preset.periodicSync().map(StrategySpec.init)),
                seed: 0)
            #expect(metrics.success?.score == 1, "iOS \(version): \(metrics.success?.summary ?? "")")
        }
    }
}
