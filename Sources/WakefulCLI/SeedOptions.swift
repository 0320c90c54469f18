import ArgumentParser
import Foundation
import WakefulCommandLine
import WakefulSimulator

/// `--seeds`, `--shard` and `--pass-score`, shared by `simulate` and `compare`.
struct SeedOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Run every setup with many seeds, on every core: N for seeds 1 to N, or A-B. The table gives the share of seeds that succeeded and the median with the 5th–95th percentiles.",
            valueName: "N|A-B"))
    var seeds: String?

    @Option(
        help: ArgumentHelp(
            "With --seeds: run only the K-th of N disjoint slices and print it as JSON Lines, for `wakeful merge` to combine (one slice per CI job or batch task).",
            valueName: "K/N"))
    var shard: String?

    @Option(
        help: ArgumentHelp(
            "With --seeds: the success score a seed needs to count as succeeded, from 0 to 1.", valueName: "score"))
    var passScore: Double = 0.9

    func validate() throws {
        if let seeds, SeedRange(parsing: seeds) == nil {
            throw ValidationError("--seeds \(seeds): expected \(SeedRange.expectedForm)")
        }
        if let shard {
            guard seeds != nil else {
                throw ValidationError("--shard \(shard) slices a many-seed run: pass --seeds too")
            }
            guard Shard(parsing: shard) != nil else {
                throw ValidationError("--shard \(shard): expected \(Shard.expectedForm)")
            }
        }
        guard (0...1).contains(passScore) else {
            throw ValidationError("--pass-score \(passScore): expected a score from 0 to 1")
        }
    }

    /// The seed range, when one was given.
    var range: SeedRange? { seeds.flatMap(SeedRange.init(parsing:)) }

    /// Runs the sweep and prints it: a shard as JSON Lines, the whole as a table in `format` and,
    /// with `--report`, as the distribution over seeds of each configuration.
    func run(_ comparison: Comparison, range: SeedRange, format: SeedReportFormat, report: ReportOption) async throws {
        if shard != nil, let path = report.path {
            throw ValidationError(
                "--report \(path) draws the whole sweep: run it on the merged shards' seeds without --shard")
        }
        let sweep = SeedSweep(comparison: comparison, seeds: range, shard: shard.flatMap(Shard.init(parsing:)) ?? .all)
        let bar = ProgressBar(total: sweep.shardRuns)
        let samples = await sweep.run { bar.update($0) }
        bar.finish()
        if shard != nil {
            print(try ShardFile.encode(samples, of: sweep), terminator: "")
            return
        }
        let summary = SeedReport(samples: samples, passScore: passScore)
        try report.write(SeedHTMLReport(report: summary).html)
        try format.print(summary)
    }
}

/// How a many-seed report is printed; each command's `--format` values name a subset of these.
enum SeedReportFormat: String {
    case text, markdown, json, csv

    /// The many-seed form of a command's `--format` value.
    init<Format: RawRepresentable<String>>(_ format: Format) {
        guard let same = Self(rawValue: format.rawValue) else {
            preconditionFailure("no many-seed form of --format \(format.rawValue)")
        }
        self = same
    }

    func print(_ report: SeedReport) throws {
        switch self {
        case .text: Swift.print(report.text)
        case .markdown: Swift.print(report.markdown)
        case .json: Swift.print(try report.json())
        case .csv: Swift.print(report.csv)
        }
    }
}
