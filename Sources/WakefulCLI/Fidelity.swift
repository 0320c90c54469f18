import ArgumentParser
import Foundation
import WakefulCommandLine
import WakefulSimulator

/// `wakeful fidelity`: the model held to published observations of real iPhones.
struct Fidelity: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Hold the model to published field observations of real iPhones and show where it diverges.",
        discussion: """
            Runs the field-evidence corpus: published observations of what real iPhones did in the background (device logs in issue threads, forum posts, vendors' measurements, Apple engineers' statements), each with the scenario that reproduces its setup, the measure taken from the run and a tolerance. Every observation runs over its seeds; the table gives what was observed, the model's median with its 5th–95th percentile, and the verdict: within tolerance, inside the model's spread, or diverging. Then the share that holds and the median error per rule family.

            The corpus ships with Wakeful (Sources/WakefulSimulator/Fidelity/Corpus); --corpus runs a folder of your own observation files, in the format of the FieldEvidence article. Its holding.txt, when present, lists the observations that held when it was recorded: --check exits with status 1 when one of them no longer holds.

            Examples:
              wakeful fidelity
              wakeful fidelity --only BGT --only loc-terminated-relaunch-after-1km
              wakeful fidelity --seeds 100 --report fidelity.html
              wakeful fidelity --corpus my-observations --check
              wakeful fidelity --format markdown --worst 10     the README's tables
            """
    )

    @Option(
        help: ArgumentHelp(
            "A folder of observation files (*.json, searched recursively) and its holding.txt. Default: the built-in corpus.",
            valueName: "folder"))
    var corpus: String?

    @Option(
        help: ArgumentHelp(
            "Run only this observation, or this rule family such as BGT (repeatable).", valueName: "id|family"))
    var only: [String] = []

    @Option(help: ArgumentHelp("Run every observation with this many seeds instead of its own count.", valueName: "N"))
    var seeds: Int?

    @Option(help: "Output format: text, markdown (the family table and the worst rows) or json.")
    var format: Format = .text

    @Option(help: ArgumentHelp("With markdown: how many of the worst observations to list.", valueName: "N"))
    var worst: Int = 10

    @Option(
        name: .customLong("report"),
        help: ArgumentHelp(
            "Also write an HTML report: each observation's range beside the model's spread. One self-contained file.",
            valueName: "file.html"))
    var reportPath: String?

    @Flag(help: "Exit with status 1 when an observation of the corpus's holding.txt no longer holds.")
    var check = false

    @Option(
        name: .customLong("write-baseline"),
        help: ArgumentHelp(
            "Write the ids of the observations that hold to this file (the corpus's holding.txt).", valueName: "file"))
    var baselinePath: String?

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json
    }

    func validate() throws {
        if let seeds, !(1...100_000).contains(seeds) {
            throw ValidationError("--seeds \(seeds): expected a whole number from 1 to 100000")
        }
        if worst < 1 { throw ValidationError("--worst \(worst): expected a whole number of at least 1") }
        if let reportPath { try ReportOption.checkFolder(of: reportPath) }
    }

    func run() async throws {
        let corpus = try load().selecting(only)
        guard !corpus.observations.isEmpty else {
            throw ValidationError(
                "--only \(only.joined(separator: ", ")): no observation has that id or family; families: \(FieldObservation.families.joined(separator: ", "))"
            )
        }
        let bar = ProgressBar(total: corpus.plannedRuns(seeds: seeds))
        let results = await corpus.run(seeds: seeds) { bar.update($0) }
        bar.finish()
        let report = FidelityReport(results: results, baseline: corpus.baseline)
        switch format {
        case .text: print(report.text, terminator: "")
        case .markdown: print(report.markdown(worst: worst), terminator: "")
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(FidelityJSON(report: report)), as: UTF8.self))
        }
        if let reportPath { try ReportOption.write(FidelityHTMLReport(report: report).html, to: reportPath) }
        if let baselinePath {
            do {
                try Data(FidelityCorpus.baselineText(for: results).utf8).write(to: URL(fileURLWithPath: baselinePath))
            } catch {
                throw ValidationError(
                    "--write-baseline \(baselinePath): cannot write the file (\(error.localizedDescription))")
            }
        }
        if check, !report.regressions.isEmpty { throw ExitCode(1) }
    }

    private func load() throws -> FidelityCorpus {
        do {
            guard let corpus else { return try FidelityCorpus.builtin() }
            return try FidelityCorpus.load(directory: URL(fileURLWithPath: corpus))
        } catch {
            var stderr = StandardError()
            print("Error: \(error.description)", to: &stderr)
            print(
                "Hint: every field of an observation file is described in the FieldEvidence article, Sources/WakefulSimulator/WakefulSimulator.docc/FieldEvidence.md.",
                to: &stderr)
            throw ExitCode(64)
        }
    }
}

/// `--format json`: the results, the families and the baseline's regressions.
private struct FidelityJSON: Encodable {
    var headline: String
    var families: [FidelityReport.FamilySummary]
    var observations: [FidelityResult]
    var noLongerHolding: [String]

    init(report: FidelityReport) {
        headline = report.headline
        families = report.families
        observations = report.results
        noLongerHolding = report.regressions.map(\.id)
    }
}
