import ArgumentParser
import Foundation
import Wakeful
import WakefulSimulator

/// `wakeful compare`: strategies × iOS families × scenarios in one table.
struct Compare: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Compare strategies across iOS families and scenarios: success, gaps and their causes, energy, review risk.",
        discussion: """
            With no options it compares every built-in scenario with its own strategies and iOS versions. Each row gives the scenario's success measure, the largest gap in the wanted work and what caused it (read from the run's timeline), background running time, wakes, terminations, an energy estimate and the App Review risk. Runs go to every core; the output is the same every run for the same seed.

            Examples:
              wakeful compare
              wakeful compare --scenario gas-station --ios 12 --ios 17 --format markdown
              wakeful compare --strategy TaskExtension --strategy LowPowerLocationKeepAlive --format csv
              wakeful compare --bad-day forceQuit --bad-day lowPowerMode
              wakeful compare --scenario chat --report chat.html   every run as swimlanes, to open in a browser
              wakeful compare --seeds 1000                  how often each verdict holds over 1,000 seeds
              wakeful compare --seeds 1000 --shard 3/8      one slice of that, for `wakeful merge`
            """
    )

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A built-in scenario name or a scenario file (repeatable). Default: every built-in scenario.",
            valueName: "name|file"))
    var scenario: [String] = []

    @Option(
        name: .customLong("ios"),
        help: ArgumentHelp("An iOS version (repeatable). Default: each scenario's list.", valueName: "version"))
    var iosVersions: [String] = []

    @Option(
        name: .customLong("strategy"),
        help: ArgumentHelp(
            "A strategy setup: none, a name, names joined by +, or a scenario's own setup by its name (repeatable). Default: each scenario's list.",
            valueName: "name"))
    var strategies: [String] = []

    @Option(
        name: .customLong("bad-day"),
        help: ArgumentHelp(
            "Also run each scenario on a bad day: \(BadDay.allCases.map(\.rawValue).joined(separator: ", ")) (repeatable).",
            valueName: "day"))
    var badDays: [BadDay] = []

    @Option(help: "The seed of every random draw.")
    var seed: UInt64 = 1

    @Option(help: "Output format: text, markdown, json or csv.")
    var format: Format = .text

    @OptionGroup
    var report: ReportOption

    @OptionGroup(title: "Many seeds")
    var many: SeedOptions

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json, csv
    }

    func validate() throws {
        for text in iosVersions where IOSVersion(parsing: text) == nil {
            throw ValidationError("--ios \(text): expected \(IOSVersion.expectedForm)")
        }
        if many.seeds != nil && seed != 1 {
            throw ValidationError("--seed \(seed) and --seeds: give one; --seeds runs each of its seeds")
        }
        _ = try plan()
    }

    private func plan() throws -> Comparison {
        let names = scenario.isEmpty ? BuiltinScenarios.names : scenario
        var scenarios: [Scenario] = []
        for name in names {
            let base = try ScenarioLoading.load(name)
            scenarios.append(base)
            scenarios += badDays.map(base.on)
        }
        do {
            return try Comparison(
                scenarios: scenarios, versions: iosVersions.compactMap(IOSVersion.init(parsing:)),
                setupNames: strategies, seed: seed)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        if let range = many.range {
            try await many.run(try plan(), range: range, format: SeedReportFormat(format), report: report)
            return
        }
        let comparison = try plan()
        let runs: [RunMetrics]
        if report.path != nil {
            let recorded = await comparison.record()
            try report.write(HTMLReport(comparison: comparison, runs: recorded).html)
            runs = recorded.map(\.metrics)
        } else {
            runs = await comparison.run()
        }
        let table = ComparisonReport(runs: runs)
        switch format {
        case .text: print(table.text)
        case .markdown: print(table.markdown)
        case .csv: print(table.csv)
        case .json: print(try JSONReport(scenario: nil, seed: seed, runs: runs).encoded())
        }
    }
}

extension BadDay: ExpressibleByArgument {}
