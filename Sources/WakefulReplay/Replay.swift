import Foundation
import Wakeful
import WakefulSimulator

/// Turns a field timeline into a scenario, re-runs it in the simulator and compares the two.
///
/// ```swift
/// let timeline = try FieldTimeline.load(path: "field.jsonl")
/// let result = try Replay.run(timeline, options: ReplayOptions())
/// print(result.text)                        // divergences with the rules behind them
/// try result.reconstructed.data.write(to: URL(fileURLWithPath: "bug.json"))
/// ```
public enum Replay {
    /// Reconstructs, re-runs and compares.
    /// - Throws: ``ReplayError`` when the scenario cannot be rebuilt.
    public static func run(_ timeline: FieldTimeline, options: ReplayOptions) throws(ReplayError) -> ReplayResult {
        let rebuilt = try ScenarioReconstructor(options: options).reconstruct(timeline)
        var buffer = JSONLinesBuffer()
        _ = Simulator.run(
            rebuilt.scenario, ios: rebuilt.ios, setup: rebuilt.setup, seed: rebuilt.seed, timeline: &buffer)
        let modelEntries: [TimelineEntry]
        do {
            modelEntries = try TimelineDecoder.decode(contentsOf: Data(buffer.bytes), file: "model")
        } catch {
            // The simulator's own output always decodes; anything else is a bug in the format.
            throw .configuration("the model's timeline does not decode: \(error)")
        }
        let report = TimelineComparison(
            options: options, device: timeline.entries, deviceOrigin: rebuilt.timeOrigin, model: modelEntries
        ).compare()
        return ReplayResult(
            timeline: timeline, reconstructed: rebuilt, modelTimeline: Data(buffer.bytes), report: report)
    }
}

/// What a replay found.
public struct ReplayResult: Sendable {
    /// The device's timeline.
    public var timeline: FieldTimeline
    /// The rebuilt scenario.
    public var reconstructed: ReconstructedScenario
    /// The model's timeline as JSON Lines, as `wakeful simulate --timeline` writes it.
    public var modelTimeline: Data
    /// The comparison.
    public var report: DivergenceReport
}
