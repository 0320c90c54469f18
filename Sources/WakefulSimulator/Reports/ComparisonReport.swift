import Foundation
import Wakeful

/// The table `wakeful compare` prints: one row per run, grouped by scenario, in four formats.
public struct ComparisonReport: Sendable {
    /// The runs, in the comparison's order.
    public var runs: [RunMetrics]

    /// Creates a report.
    public init(runs: [RunMetrics]) {
        self.runs = runs
    }

    /// The columns, in order.
    public static let header = [
        "scenario", "strategy", "iOS", "success", "largest gap", "gap cause", "background running", "wakes",
        "terminations", "energy (estimate)", "review risk",
    ]

    /// One row's cells.
    public static func cells(_ run: RunMetrics) -> [String] {
        let gap = run.success?.largestGap
        let terminations =
            run.terminations.isEmpty
            ? "0"
            : "\(run.terminations.count) (\(Array(Set(run.terminations.map(\.reason.rawValue))).sorted().joined(separator: ", ")))"
        let review =
            run.reviewRisk.findings.isEmpty
            ? run.reviewRisk.level.rawValue
            : "\(run.reviewRisk.level.rawValue) (\(run.reviewRisk.findings.map(\.subject).joined(separator: ", ")))"
        return [
            run.scenario, run.strategy, run.ios, run.success?.summary ?? OutcomeReport.outcome(of: run),
            gap.map { Format.duration($0.seconds) } ?? "-",
            gap.map { $0.endedBy == "—" ? $0.cause : "\($0.cause), until \($0.endedBy)" } ?? "-",
            Format.duration(run.backgroundRunningSeconds), String(run.wakes.values.reduce(0, +)), terminations,
            String(format: "%.2f %%/h", run.energy.batteryPercentPerHour), review,
        ]
    }

    /// Plain text: a table per scenario.
    public var text: String {
        var blocks: [String] = []
        for scenario in scenarioNames {
            var table = TextTable(header: Array(Self.header.dropFirst()))
            for run in runs where run.scenario == scenario { table.append(Array(Self.cells(run).dropFirst())) }
            blocks.append("\(scenario)\n\n\(table.rendered)")
            if let losses = Self.permissionLosses(runs.filter { $0.scenario == scenario }) { blocks.append(losses) }
        }
        blocks.append(
            "Energy is an estimate from the \(runs.first?.energy.powerTable ?? "standard") power table, not a measurement."
        )
        return blocks.joined(separator: "\n\n")
    }

    /// GitHub-flavoured Markdown: one table.
    public var markdown: String {
        let rows = [Self.header, Self.header.map { _ in "---" }] + runs.map(Self.cells)
        return rows.map(Format.markdownRow).joined(separator: "\n")
    }

    /// RFC 4180 CSV with a header line.
    public var csv: String {
        ([Self.header] + runs.map(Self.cells)).map { $0.map(Format.csvField).joined(separator: ",") }.joined(
            separator: "\n")
    }

    /// What each run's strategy lost under the permissions the run went through (AUTH), one line
    /// per run; nil when every run had Always with full accuracy throughout.
    public static func permissionLosses(_ runs: [RunMetrics]) -> String? {
        let lines = runs.compactMap { run in
            run.permission.map { "  \(run.strategy), iOS \(run.ios): \($0.summary)" }
        }
        guard !lines.isEmpty else { return nil }
        return (["What each strategy loses under the location permissions of the run:"] + lines).joined(separator: "\n")
    }

    private var scenarioNames: [String] {
        runs.map(\.scenario).uniqued()
    }
}
