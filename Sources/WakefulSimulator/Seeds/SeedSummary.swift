import Foundation

/// One configuration over many seeds: how often it succeeded, and the spread of what it measured.
public struct SeedSummary: Sendable, Hashable, Codable {
    /// The median with the 5th and 95th percentiles, by the nearest-rank method (a value some seed
    /// really gave, never an interpolation).
    public struct Spread: Sendable, Hashable, Codable {
        /// 5th percentile.
        public var p5: Double
        /// Median.
        public var median: Double
        /// 95th percentile.
        public var p95: Double
        /// How many seeds had a value.
        public var count: Int

        /// The spread of `values`; nil when there are none.
        public init?(_ values: [Double]) {
            guard !values.isEmpty else { return nil }
            let sorted = values.sorted()
            func rank(_ percent: Double) -> Double {
                let index = Int((percent / 100 * Double(sorted.count)).rounded(.up)) - 1
                return sorted[min(max(index, 0), sorted.count - 1)]
            }
            p5 = rank(5)
            median = rank(50)
            p95 = rank(95)
            count = values.count
        }
    }

    /// The scenario's name.
    public var scenario: String
    /// The setup's name.
    public var strategy: String
    /// The iOS version.
    public var ios: String
    /// The seeds run.
    public var seeds: Int
    /// Seeds whose score reached the pass score; nil when the scenario has no success measure.
    public var succeeded: Int?
    /// The score a seed needs to count as a success.
    public var passScore: Double
    /// The success measure's score.
    public var score: Spread?
    /// The trigger distance, over the seeds that triggered.
    public var triggerDistance: Spread?
    /// The largest gap, over the seeds that had one.
    public var largestGap: Spread?
    /// The commonest cause of the largest gap, and on how many seeds.
    public var commonGapCause: String?

    /// The share of seeds that succeeded, from 0 to 1.
    public var successShare: Double? { succeeded.map { Double($0) / Double(max(seeds, 1)) } }

    /// The share as a reader should see it: a whole percentage, or the count (`997 of 1,000`) where
    /// rounding would show 100 % with failures or 0 % with successes; `-` when nothing was judged.
    public var successText: String {
        guard let succeeded, let share = successShare else { return "-" }
        let percent = Int((share * 100).rounded())
        if (percent == 100 && succeeded < seeds) || (percent == 0 && succeeded > 0) {
            return "\(Format.count(succeeded)) of \(Format.count(seeds))"
        }
        return "\(percent) %"
    }

    /// Summarises one configuration's samples.
    public init(_ samples: [SeedSample], passScore: Double) {
        let first = samples.first
        scenario = first?.scenario ?? ""
        strategy = first?.strategy ?? ""
        ios = first?.ios ?? ""
        seeds = samples.count
        self.passScore = passScore
        let outcomes = samples.compactMap { $0.succeeded(passScore: passScore) }
        succeeded = outcomes.isEmpty ? nil : outcomes.count { $0 }
        score = Spread(samples.compactMap(\.score))
        triggerDistance = Spread(samples.compactMap(\.triggerDistance))
        largestGap = Spread(samples.compactMap(\.largestGap))
        let causes = Dictionary(grouping: samples.compactMap(\.gapCause), by: { $0 }).mapValues(\.count)
        // Ties go to the cause that sorts first, so the table does not depend on dictionary order.
        commonGapCause = causes.max { ($0.value, $1.key) < ($1.value, $0.key) }.map {
            "\($0.key) (\($0.value) of \(seeds))"
        }
    }

    /// Groups samples by configuration, in plan order, and summarises each.
    public static func summaries(_ samples: [SeedSample], passScore: Double) -> [SeedSummary] {
        let groups = Dictionary(grouping: samples, by: \.configuration)
        return groups.keys.sorted().map { SeedSummary(groups[$0]!.sorted { $0.seed < $1.seed }, passScore: passScore) }
    }
}
