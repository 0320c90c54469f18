import ArgumentParser
import Foundation
import WakefulSimulator

/// `wakeful merge`: combine the shard files of a many-seed run into its table.
struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Combine the shards of a many-seed run (`--seeds N --shard K/N`) into one table.",
        discussion: """
            A sweep larger than one machine runs as N slices, each anywhere (a CI matrix, Kubernetes Jobs, Slurm array tasks), each printing a shard file. Give merge every shard file of the sweep: it checks that they belong to the same sweep, that no shard is missing or given twice and that no file was cut short, then prints the same table the whole run would have printed.

            Examples:
              wakeful compare --seeds 1000 --shard 1/4 > shard-1.jsonl     (and 2/4, 3/4, 4/4 elsewhere)
              wakeful merge shard-*.jsonl
              wakeful merge shard-*.jsonl --format csv > every-seed.csv
            """
    )

    @Argument(help: ArgumentHelp("The shard files, one per slice.", valueName: "file"))
    var files: [String]

    @Option(help: "Output format: text, markdown, json or csv (every seed's values).")
    var format: Compare.Format = .text

    @Option(
        help: ArgumentHelp("The success score a seed needs to count as succeeded, from 0 to 1.", valueName: "score"))
    var passScore: Double = 0.9

    func validate() throws {
        guard (0...1).contains(passScore) else {
            throw ValidationError("--pass-score \(passScore): expected a score from 0 to 1")
        }
    }

    func run() throws {
        var contents: [(name: String, contents: Data)] = []
        var stderr = StandardError()
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                print("Error: \(file): cannot be read", to: &stderr)
                throw ExitCode(64)
            }
            contents.append((file, data))
        }
        do {
            try SeedReportFormat(format).print(SeedReport(samples: try ShardFile.merge(contents), passScore: passScore))
        } catch let failure as ShardFile.Failure {
            print("Error: \(failure)", to: &stderr)
            throw ExitCode(65)
        }
    }
}
