import Foundation
import WakefulCharts

/// `--seeds N --report FILE.html`: how sure each verdict is. A section per scenario with the
/// many-seed table, then the success score and the largest gap of every configuration over its
/// seeds (``SeedDistributionChart``), in the same self-contained page as ``HTMLReport``.
public struct SeedHTMLReport: Sendable {
    /// The sweep's samples and summaries.
    public var report: SeedReport

    /// A page of `report`.
    public init(report: SeedReport) {
        self.report = report
    }

    /// The whole page.
    public var html: String {
        let scenarios = report.summaries.map(\.scenario).uniqued()
        let byConfiguration = Dictionary(grouping: report.samples, by: \.configuration)
        let configurations = byConfiguration.keys.sorted()
        let sections = scenarios.enumerated().map { index, scenario in
            let groups: [(summary: SeedSummary, samples: [SeedSample])] = zip(report.summaries, configurations).filter {
                $0.0.scenario == scenario
            }.map { summary, configuration in
                (summary, byConfiguration[configuration] ?? [])
            }
            let chart = SeedDistributionChart(groups: groups)
            let charts = [(SeedDistributionChart.score, "score"), (SeedDistributionChart.largestGap, "gap")].compactMap
            { measure, key in
                chart.chart(measure, id: "s\(index)-\(key)").map {
                    "<div class=\"run\"><h3>\(measure.name)</h3>\($0.svg())</div>"
                }
            }
            let table = HTMLReport.table(
                header: Array(SeedReport.header.dropFirst()),
                rows: groups.map { Array(SeedReport.cells($0.0).dropFirst()) })
            return """
                <section id="s\(index)"><h2>\(HTML.escape(scenario))</h2>\(table)
                \(charts.joined(separator: "\n"))</section>
                """
        }
        let seeds = report.summaries.map(\.seeds).max() ?? 0
        return HTMLReport.page(
            title: "Wakeful simulation over \(seeds) seeds",
            intro:
                "Each dot is one seed; the bar spans the 5th to 95th percentile and the diamond is the median. \(report.verdictNote)",
            body: sections.joined(separator: "\n"))
    }
}
