import Foundation

/// The many-seed table `simulate --seeds` and `compare --seeds` print, and every seed's values for
/// JSON and CSV.
public struct SeedReport: Sendable {
    /// Every sample, in plan order.
    public var samples: [SeedSample]
    /// The score a seed needs to count as a success.
    public var passScore: Double
    /// One summary per configuration, in plan order.
    public let summaries: [SeedSummary]

    /// Summarises `samples`.
    public init(samples: [SeedSample], passScore: Double) {
        self.samples = samples
        self.passScore = passScore
        summaries = SeedSummary.summaries(samples, passScore: passScore)
    }

    /// The columns of the text, Markdown and summary tables.
    public static let header = [
        "scenario", "strategy", "iOS", "seeds", "succeeded", "success p50 (p5–p95)", "trigger distance p50 (p5–p95)",
        "largest gap p50 (p5–p95)", "commonest gap cause",
    ]

    /// One summary's cells.
    public static func cells(_ summary: SeedSummary) -> [String] {
        let share = summary.successText
        return [
            summary.scenario, summary.strategy, summary.ios, String(summary.seeds), share,
            spread(summary.score) { "\(Int(($0 * 100).rounded())) %" },
            spread(summary.triggerDistance, Format.meters), spread(summary.largestGap, Format.duration),
            summary.commonGapCause ?? "-",
        ]
    }

    private static func spread(_ spread: SeedSummary.Spread?, _ text: (Double) -> String) -> String {
        guard let spread else { return "-" }
        let low = text(spread.p5), high = text(spread.p95)
        return low == high ? text(spread.median) : "\(text(spread.median)) (\(low)–\(high))"
    }

    /// Configurations whose verdict depends on the seed: some seeds succeeded and some did not.
    public var seedDependent: [SeedSummary] {
        summaries.filter { summary in summary.succeeded.map { $0 > 0 && $0 < summary.seeds } ?? false }
    }

    /// Plain text: a table per scenario, then which verdicts the seed decides.
    public var text: String {
        var blocks: [String] = []
        for scenario in summaries.map(\.scenario).uniqued() {
            var table = TextTable(header: Array(Self.header.dropFirst()))
            for summary in summaries where summary.scenario == scenario {
                table.append(Array(Self.cells(summary).dropFirst()))
            }
            blocks.append("\(scenario)\n\n\(table.rendered)")
        }
        blocks.append(verdictNote)
        return blocks.joined(separator: "\n\n")
    }

    /// GitHub-flavoured Markdown: one table, then the note.
    public var markdown: String {
        let rows = [Self.header, Self.header.map { _ in "---" }] + summaries.map(Self.cells)
        return (rows.map(Format.markdownRow) + ["", verdictNote]).joined(separator: "\n")
    }

    /// RFC 4180 CSV: one line per seed, so a spreadsheet can draw any distribution.
    public var csv: String {
        func number(_ value: Double?) -> String { value.map { String($0) } ?? "" }
        let header = [
            "scenario", "strategy", "ios", "seed", "score", "succeeded", "trigger_distance_m", "largest_gap_s",
            "gap_cause",
        ]
        let lines = samples.map { sample in
            [
                sample.scenario, sample.strategy, sample.ios, String(sample.seed), number(sample.score),
                sample.succeeded(passScore: passScore).map { $0 ? "true" : "false" } ?? "",
                number(sample.triggerDistance), number(sample.largestGap), sample.gapCause ?? "",
            ].map(Format.csvField).joined(separator: ",")
        }
        return ([header.joined(separator: ",")] + lines).joined(separator: "\n")
    }

    /// JSON: the summaries and every seed's sample.
    public func json() throws -> String {
        struct Document: Encodable {
            var passScore: Double
            var summaries: [SeedSummary]
            var samples: [SeedSample]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(
            decoding: try encoder.encode(Document(passScore: passScore, summaries: summaries, samples: samples)),
            as: UTF8.self)
    }

    /// Which verdicts the seed decides, in a sentence a reader can act on.
    public var verdictNote: String {
        let threshold = "a seed succeeds with a score of at least \(Int((passScore * 100).rounded())) %"
        let dependent = seedDependent
        guard !dependent.isEmpty else {
            return
                "No verdict depends on the seed (\(threshold)): each configuration succeeded on every seed or on none."
        }
        let names = dependent.map {
            "\($0.scenario) \($0.strategy) on iOS \($0.ios) (\($0.successText))"
        }
        return
            "The seed decides \(dependent.count) of \(summaries.count) verdicts (\(threshold)): \(names.joined(separator: "; "))."
    }
}
