import Foundation
import Wakeful

/// Runs scenarios on simulated devices.
///
/// ```swift
/// let scenario = try BuiltinScenarios.load("gas-station")
/// let metrics = Simulator.run(scenario, ios: IOSVersion(17), setup: .named("TaskExtension"), seed: 1)
/// print(metrics.triggered, metrics.suspendedAtDistanceMeters)
/// ```
public enum Simulator {
    /// The policy a run uses: the version's defaults plus the scenario's variants and debugger switch.
    public static func policy(for scenario: Scenario, ios version: IOSVersion) -> BackgroundPolicy {
        var variants = scenario.device.variants
        if scenario.device.debuggerAttached { variants.append(.debuggerAttached) }
        return BackgroundPolicy(version: version, variants: variants)
    }

    /// Runs one configuration on one iOS version, writing the timeline to `timeline`.
    public static func run<Sink: TimelineSink>(
        _ scenario: Scenario, ios version: IOSVersion, setup: StrategySetup, seed: UInt64, timeline: inout Sink
    ) -> RunMetrics {
        var device = SimulatedDevice(
            scenario: scenario, policy: policy(for: scenario, ios: version), setup: setup, seed: seed, timeline: timeline)
        let metrics = device.run()
        timeline = device.timeline
        return metrics
    }

    /// Runs one configuration on one iOS version without keeping a timeline.
    public static func run(_ scenario: Scenario, ios version: IOSVersion, setup: StrategySetup, seed: UInt64) -> RunMetrics {
        var discard = DiscardingTimeline()
        return run(scenario, ios: version, setup: setup, seed: seed, timeline: &discard)
    }
}
