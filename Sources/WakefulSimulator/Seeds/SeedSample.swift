import Foundation

/// What one seed of one configuration gave: the few numbers a many-seed table needs, small enough
/// to keep a million of them and to write one per line to a shard file.
public struct SeedSample: Sendable, Hashable, Codable {
    /// The scenario's name.
    public var scenario: String
    /// The setup's name.
    public var strategy: String
    /// The iOS version as given.
    public var ios: String
    /// The seed.
    public var seed: UInt64
    /// The success measure's score from 0 to 1; nil when the scenario has none.
    public var score: Double?
    /// The true distance to the beacon when the trigger fired; nil when it did not or there is none.
    public var triggerDistance: Double?
    /// The longest stretch without the wanted work, in seconds; nil when there was none.
    public var largestGap: Double?
    /// Its cause, as the timeline gives it.
    public var gapCause: String?
    /// Where the configuration stands in the plan, so that merged shards sort back into plan order.
    public var configuration: Int

    /// The sample of a finished run.
    public init(_ run: RunMetrics, configuration: Int) {
        scenario = run.scenario
        strategy = run.strategy
        ios = run.ios
        seed = run.seed
        score = run.success?.score
        triggerDistance = run.triggered == true ? run.triggerDistanceMeters : nil
        largestGap = run.success?.largestGap?.seconds
        gapCause = run.success?.largestGap?.cause
        self.configuration = configuration
    }

    /// Whether this seed succeeded: a score of at least `passScore`.
    public func succeeded(passScore: Double) -> Bool? {
        score.map { $0 >= passScore - 1e-9 }
    }
}
