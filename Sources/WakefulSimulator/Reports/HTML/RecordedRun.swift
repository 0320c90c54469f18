import Foundation
import Wakeful

/// A run's figures with its whole timeline: what the HTML report draws.
public struct RecordedRun: Sendable {
    /// The figures every report prints.
    public var metrics: RunMetrics
    /// Every entry the run wrote, in order.
    public var entries: [TimelineEntry]

    /// A recorded run.
    public init(metrics: RunMetrics, entries: [TimelineEntry]) {
        self.metrics = metrics
        self.entries = entries
    }
}

extension Simulator {
    /// Runs one configuration and keeps its timeline in memory.
    public static func record(_ scenario: Scenario, ios version: IOSVersion, setup: StrategySetup, seed: UInt64)
        -> RecordedRun
    {
        var timeline = InMemoryTimeline()
        let metrics = run(scenario, ios: version, setup: setup, seed: seed, timeline: &timeline)
        return RecordedRun(metrics: metrics, entries: timeline.entries)
    }
}

extension Comparison {
    /// Runs every job in parallel, keeping each timeline, and returns them in job order.
    public func record() async -> [RecordedRun] {
        await map { job, seed in Simulator.record(job.scenario, ios: job.ios, setup: job.setup, seed: seed) }
    }
}
