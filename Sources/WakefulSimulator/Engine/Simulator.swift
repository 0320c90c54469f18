import Foundation
import Wakeful

/// Runs scenarios on simulated devices.
///
/// ```swift
/// let scenario = try BuiltinScenarios.load("gas-station")
/// let metrics = Simulator.run(scenario, ios: IOSVersion(17), setup: try .named("TaskExtension"), seed: 1)
/// print(metrics.triggered, metrics.suspendedAtDistanceMeters)
/// ```
public enum Simulator {
    /// The policy a run uses: the version's defaults plus the scenario's variants, debugger switch
    /// and region-crossing rules.
    public static func policy(for scenario: Scenario, ios version: IOSVersion) -> BackgroundPolicy {
        var variants = scenario.device.variants
        if scenario.device.debuggerAttached { variants.append(.debuggerAttached) }
        var policy = BackgroundPolicy(version: version, variants: variants)
        for positioning in RegionPositioning.allCases {
            if let crossing = scenario.device.regionCrossing[positioning] {
                policy.location.regionCrossing[positioning] = crossing
            }
        }
        // MOTION-1: the device may lack the coprocessor; the lag is cfg (§16.2 gap).
        if !scenario.device.motionActivity { policy.motion.activityAvailable = false }
        if let lag = scenario.device.motionDetectionLag { policy.motion.detectionLag = lag }
        return policy
    }

    /// Runs one configuration on one iOS version, writing the timeline to any sink.
    public static func run<Sink: TimelineSink>(
        _ scenario: Scenario, ios version: IOSVersion, setup: StrategySetup, seed: UInt64, timeline: inout Sink
    ) -> RunMetrics {
        run(scenario, ios: version, setup: setup, seed: seed, sink: &timeline)
    }

    private static func run<Sink: TimelineSink>(
        _ scenario: Scenario, ios version: IOSVersion, setup: StrategySetup, seed: UInt64, sink timeline: inout Sink
    ) -> RunMetrics {
        var device = SimulatedDevice(
            scenario: scenario, policy: policy(for: scenario, ios: version), setup: setup, seed: seed,
            timeline: timeline)
        let metrics = device.run()
        timeline = device.timeline
        return metrics
    }

    /// Runs one configuration, streaming its timeline to a JSON Lines file.
    ///
    /// The concrete overloads exist so that the device is specialised for each sink inside this
    /// module; a generic call from another module would run unspecialised and several times slower.
    public static func run(
        _ scenario: Scenario, ios version: IOSVersion, setup: StrategySetup, seed: UInt64, timeline: JSONLinesFileWriter
    ) -> RunMetrics {
        var sink = timeline
        return run(scenario, ios: version, setup: setup, seed: seed, timeline: &sink)
    }

    /// Runs one configuration, keeping its timeline as JSON Lines bytes in memory.
    public static func run(
        _ scenario: Scenario, ios version: IOSVersion, setup: StrategySetup, seed: UInt64,
        timeline: inout JSONLinesBuffer
    ) -> RunMetrics {
        run(scenario, ios: version, setup: setup, seed: seed, sink: &timeline)
    }

    /// Runs one configuration, keeping its timeline entries in memory.
    public static func run(
        _ scenario: Scenario, ios version: IOSVersion, setup: StrategySetup, seed: UInt64,
        timeline: inout InMemoryTimeline
    ) -> RunMetrics {
        run(scenario, ios: version, setup: setup, seed: seed, sink: &timeline)
    }

    /// Runs one configuration on one iOS version without keeping a timeline.
    public static func run(_ scenario: Scenario, ios version: IOSVersion, setup: StrategySetup, seed: UInt64)
        -> RunMetrics
    {
        var discard = DiscardingTimeline()
        return run(scenario, ios: version, setup: setup, seed: seed, sink: &discard)
    }
}
