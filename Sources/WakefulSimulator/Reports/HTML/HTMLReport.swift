import Foundation
import Wakeful
import WakefulCharts

/// `wakeful simulate --report` and `compare --report`: one self-contained HTML file (inline CSS and
/// SVG, no script, no network) with a section per scenario: the outcome table and why, then every
/// run as swimlanes on the scenario's one time axis, so its strategies compare at a glance.
///
/// ```swift
/// let scenario = try BuiltinScenarios.load("gas-station")
/// let runs = scenario.setups.map { Simulator.record(scenario, ios: IOSVersion(17), setup: $0, seed: 1) }
/// try HTMLReport(sections: [.init(scenario: scenario, runs: runs)]).html.write(toFile: "report.html", atomically: true, encoding: .utf8)
/// ```
///
/// The same runs give the same bytes: nothing in the page depends on the clock or the machine.
public struct HTMLReport: Sendable {
    /// One scenario and its runs.
    public struct Section: Sendable {
        /// The scenario that ran.
        public var scenario: Scenario
        /// Its runs, setups outermost.
        public var runs: [RecordedRun]

        /// A section.
        public init(scenario: Scenario, runs: [RecordedRun]) {
            self.scenario = scenario
            self.runs = runs
        }
    }

    /// The sections, in order.
    public var sections: [Section]

    /// A report of `sections`.
    public init(sections: [Section]) {
        self.sections = sections
    }

    /// A report of a comparison's runs (in its job order): a section per scenario.
    public init(comparison: Comparison, runs: [RecordedRun]) {
        var sections: [Section] = []
        // Jobs come scenario by scenario, so a new section starts where the scenario changes.
        for (job, run) in zip(comparison.jobs, runs) {
            if sections.last?.scenario == job.scenario {
                sections[sections.count - 1].runs.append(run)
            } else {
                sections.append(Section(scenario: job.scenario, runs: [run]))
            }
        }
        self.sections = sections
    }

    /// The whole page.
    public var html: String {
        let title =
            sections.count == 1
            ? "Wakeful simulation: \(sections[0].scenario.name)" : "Wakeful simulation: \(sections.count) scenarios"
        let contents =
            sections.count > 1
            ? "<nav class=\"toc\">"
                + sections.enumerated().map { index, section in
                    "<a href=\"#s\(index)\">\(HTML.escape(section.scenario.name))</a>"
                }.joined(separator: " · ") + "</nav>"
            : ""
        let body = sections.enumerated().map { section($1, index: $0) }.joined(separator: "\n")
        return Self.page(
            title: title,
            intro:
                "Simulated runs, each drawn from its own timeline. Hover a mark for the timeline entry it was drawn from. Rule IDs refer to the iOS background policy reference.",
            body: contents + body)
    }

    /// A whole page: the title, an introduction and `body`, with every style inline.
    static func page(title: String, intro: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">\
        <meta name="viewport" content="width=device-width, initial-scale=1">\
        <title>\(HTML.escape(title))</title><style>\(pageCSS)\n\(ChartStyle.css)</style></head>
        <body><main><h1>\(HTML.escape(title))</h1><p class="sub">\(HTML.escape(intro))</p>
        \(body)
        </main></body></html>

        """
    }

    private func section(_ section: Section, index: Int) -> String {
        let scenario = section.scenario
        let metrics = section.runs.map(\.metrics)
        let outcome = OutcomeReport(scenario: scenario, runs: metrics)
        let scale = TimeScale(
            start: 0, end: max(scenario.duration, 1), left: Chart.plotLeft, right: Chart.plotRight, axis: .elapsed)
        let why = outcome.explanation.map { "<p class=\"why\"><b>Why:</b> \(HTML.escape($0))</p>" }.joined()
        let blocks = section.runs.enumerated().map { runIndex, run in
            block(RunChart(scenario: scenario, run: run, scale: scale), id: "s\(index)-r\(runIndex)")
        }.joined(separator: "\n")
        return """
            <section id="s\(index)"><h2>\(HTML.escape(scenario.name))</h2>\
            <p class="sub">\(HTML.escape(scenario.summary))</p>
            \(Self.table(header: outcome.table.header, rows: outcome.table.rows))\(why)\(Self.legend)
            \(blocks)</section>
            """
    }

    /// One run: a heading, its outcome, gap and energy, and its chart.
    private func block(_ chart: RunChart, id: String) -> String {
        let metrics = chart.metrics
        var facts = ["<span>Outcome <b>\(HTML.escape(OutcomeReport.outcome(of: metrics)))</b></span>"]
        if let success = metrics.success {
            facts.append("<span>\(HTML.escape(success.measure)) <b>\(HTML.escape(success.summary))</b></span>")
        }
        for (index, gap) in chart.gaps.enumerated() {
            facts.append(
                "<span class=\"gap-fact\">Gap \(index + 1) <b>\(HTML.escape(RunChart.describe(gap)))</b></span>")
        }
        facts.append(
            String(format: "<span>Energy <b>%.2f %%/h</b> (estimate)</span>", metrics.energy.batteryPercentPerHour))
        return """
            <div class="run" id="\(id)"><h3>\(HTML.escape(metrics.strategy)) <span class="ios">iOS \(HTML.escape(metrics.ios))</span></h3>\
            <div class="facts">\(facts.joined())</div>\(chart.chart(id: id).svg())</div>
            """
    }

    /// A table of text cells.
    static func table(header: [String], rows: [[String]]) -> String {
        let head = header.map { "<th scope=\"col\">\(HTML.escape($0))</th>" }.joined()
        let rows = rows.map { "<tr>" + $0.map { "<td>\(HTML.escape($0))</td>" }.joined() + "</tr>" }.joined(
            separator: "\n")
        return "<table><thead><tr>\(head)</tr></thead><tbody>\(rows)</tbody></table>"
    }

    private static let legend = """
        <div class="legend" aria-label="Legend">\
        <span><span class="sw sw-foreground"></span>active</span><span><span class="sw sw-inactive"></span>inactive</span>\
        <span><span class="sw sw-background"></span>background</span><span><span class="sw sw-suspended"></span>suspended</span>\
        <span><span class="sw sw-not-running"></span>not running</span>\
        <span><span class="sw dot"></span>wake</span><span><span class="sw diamond"></span>relaunch</span>\
        <span><span class="sw sw-task-ended"></span>task ended</span><span><span class="sw sw-task-expired"></span>task expired</span>\
        <span><span class="sw sw-task-open"></span>task ended by a kill or open</span><span><span class="sw budget"></span>task budget</span>\
        <span><span class="sw hatch"></span>largest gap in the wanted work</span></div>
        """

    private static let pageCSS = """
        :root{color-scheme:light;--ink:#1f2937;--muted:#4b5563;--line:#d1d5db}
        *{box-sizing:border-box}
        body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:#f8fafc}
        main{padding:14px 20px 28px;max-width:1900px}
        h1{font-size:20px;margin:4px 0 2px}
        h2{font-size:18px;margin:22px 0 2px;padding-top:8px;border-top:2px solid var(--line)}
        h3{font-size:15px;margin:0 0 2px}
        h3 .ios{font-weight:400;color:var(--muted)}
        .sub{color:var(--muted);margin:0 0 10px}
        .toc a{color:#1d4ed8}
        table{border-collapse:collapse;background:#fff;border:1px solid var(--line);margin:6px 0}
        th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #e5e7eb;vertical-align:top}
        th{background:#f1f5f9;font-weight:600;white-space:nowrap}
        .why{max-width:1100px}
        .run{background:#fff;border:1px solid var(--line);border-radius:6px;padding:8px 10px;margin:10px 0}
        .facts{display:flex;flex-wrap:wrap;gap:4px 22px;margin:2px 0 4px;color:var(--muted)}
        .facts b{color:var(--ink);font-weight:600}
        .gap-fact b{color:#9a3412}
        .legend span.budget{border:1px dashed #0e7490;background:#fff}
        """
}
