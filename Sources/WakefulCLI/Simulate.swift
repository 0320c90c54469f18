import ArgumentParser
import Foundation
import Wakeful
import WakefulSimulator

/// `wakeful simulate`: run a scenario for strategies × iOS versions and explain the outcomes.
struct Simulate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a scenario on simulated iPhones and explain what iOS does to each strategy.",
        discussion: """
            With no options it runs the built-in gas-station scenario (seed 000): the user walks to a pump beacon with the app in the background, and the app should prompt at 3 m. It runs the bare app, TaskExtension and LowPowerLocationKeepAlive on iOS 8, 12, 17 and 26 and prints a table and an explanation that cites the policy rules behind each outcome.

            Examples:
              wakeful simulate
              wakeful simulate --ios 12.4 --ios 18 --strategy TaskExtension
              wakeful simulate --scenario my-app.json --format json
              wakeful simulate --strategy TaskExtension --ios 17 --timeline run.jsonl
              wakeful simulate --report gas-station.html    every run as swimlanes, to open in a browser
              wakeful simulate --variant CONF-3 --debugger-attached
              wakeful simulate --list
              wakeful simulate --seeds 1000                how sure each verdict is, over seeds 1 to 1000
              wakeful simulate --seeds 200 --report seeds.html   each configuration's score and largest gap over the seeds
            """
    )

    @Option(
        name: .long,
        help: ArgumentHelp("A built-in scenario name or a path to a scenario JSON file.", valueName: "name|file"))
    var scenario: String = BuiltinScenarios.defaultName

    @Option(
        name: .customLong("ios"),
        help: ArgumentHelp(
            "An iOS version to simulate, e.g. 8, 12.4, 17 (repeatable). Default: the scenario's list.",
            valueName: "version"))
    var iosVersions: [String] = []

    @Option(
        name: .customLong("strategy"),
        help: ArgumentHelp(
            "A strategy setup: none, a strategy name, names joined by +, or one of the scenario's own setups by its name (repeatable). Default: the scenario's list.",
            valueName: "name"))
    var strategies: [String] = []

    @Option(help: "The seed of every random draw; the same seed gives the same timeline, byte for byte.")
    var seed: UInt64 = 1

    @Option(help: "Output format: text, json or csv.")
    var format: OutputFormat = .text

    @Option(
        help: ArgumentHelp(
            "Write every run's timeline to this file as JSON Lines (each run starts with a `run` line).",
            valueName: "file"))
    var timeline: String?

    @Option(
        name: .customLong("variant"),
        help: ArgumentHelp("A policy variant from the reference's §12, e.g. CONF-3 (repeatable).", valueName: "id"))
    var variants: [String] = []

    @Flag(
        help:
            "Model Xcode attached over USB: background limits are not enforced (CONF-13). Shows the trap, not the truth."
    )
    var debuggerAttached = false

    @Flag(help: "List the built-in scenarios, strategies and policy variants, then exit.")
    var list = false

    @OptionGroup
    var report: ReportOption

    @OptionGroup(title: "Many seeds")
    var many: SeedOptions

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json, csv
    }

    func validate() throws {
        for text in iosVersions where IOSVersion(parsing: text) == nil {
            throw ValidationError("--ios \(text): expected \(IOSVersion.expectedForm)")
        }
        for id in variants where PolicyVariant(id: id) == nil {
            throw ValidationError("--variant: \(PolicyVariant.unknownIDMessage(id))")
        }
        if many.seeds != nil {
            if seed != 1 {
                throw ValidationError("--seed \(seed) and --seeds: give one; --seeds runs each of its seeds")
            }
            if timeline != nil {
                throw ValidationError(
                    "--timeline writes one run's timeline; with --seeds, pick one seed with --seed instead")
            }
        }
        // Resolved here too, so that a bad file or name stops the command before anything runs.
        let loaded = try ScenarioLoading.load(scenario)
        _ = try plannedSetups(loaded)
    }

    private func plannedSetups(_ loaded: Scenario) throws -> [StrategySetup] {
        do {
            let setups = strategies.isEmpty ? loaded.setups : try strategies.map(loaded.setup(named:))
            return setups.isEmpty ? [StrategySetup.none] : setups
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        if list {
            print(Catalog.text)
            return
        }
        var loaded = try ScenarioLoading.load(scenario)
        loaded.device.variants += variants.compactMap(PolicyVariant.init(id:))
        loaded.device.debuggerAttached = loaded.device.debuggerAttached || debuggerAttached
        let versions = iosVersions.isEmpty ? loaded.iosVersions : iosVersions.compactMap(IOSVersion.init(parsing:))
        let plan = try plannedSetups(loaded)
        guard !versions.isEmpty else { throw ValidationError("the scenario lists no iOS versions; pass --ios") }
        if let range = many.range {
            let comparison = Comparison(scenarios: [loaded], versions: versions, setups: plan, seed: seed)
            try await many.run(comparison, range: range, format: SeedReportFormat(format), report: report)
            return
        }

        var runs: [RunMetrics] = []
        var recorded: [RecordedRun] = []
        let writer = try timeline.map { path in
            do { return try JSONLinesFileWriter(path: path) } catch { throw ValidationError("--timeline: \(error)") }
        }
        for setup in plan {
            for version in versions {
                if report.path != nil {
                    // The report draws every entry: keep them, and stream them to --timeline too.
                    let run = Simulator.record(loaded, ios: version, setup: setup, seed: seed)
                    run.entries.forEach { writer?.append($0) }
                    recorded.append(run)
                    runs.append(run.metrics)
                } else if let writer {
                    runs.append(Simulator.run(loaded, ios: version, setup: setup, seed: seed, timeline: writer))
                } else {
                    runs.append(Simulator.run(loaded, ios: version, setup: setup, seed: seed))
                }
            }
        }
        try writer?.close()
        try report.write(HTMLReport(sections: [HTMLReport.Section(scenario: loaded, runs: recorded)]).html)

        let report = OutcomeReport(scenario: loaded, runs: runs)
        switch format {
        case .text: print(report.text)
        case .json: print(try JSONReport(scenario: loaded.name, seed: seed, runs: runs).encoded())
        case .csv: print(ComparisonReport(runs: runs).csv)
        }
        let broken = runs.flatMap(\.invariantViolations)
        if !broken.isEmpty {
            var stderr = StandardError()
            print(
                "warning: the simulator broke \(broken.count) of its own invariants; please report this:", to: &stderr)
            for violation in broken.prefix(10) { print("  \(violation)", to: &stderr) }
        }
    }
}

/// `--format json`: one object with a `runs` array (a public contract).
struct JSONReport: Encodable {
    var scenario: String?
    var seed: UInt64
    var runs: [RunMetrics]

    func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

/// Writes to standard error.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}
