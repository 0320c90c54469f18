import Foundation
import Testing
import Wakeful
import WakefulCharts
import WakefulSimulator
import WakefulTestSupport

@Suite("HTML report", .watchdog, .cpuBound)
struct HTMLReportTests {
    /// The gas-station scenario's runs on its own setups and versions, recorded.
    static func gasStation() throws -> (scenario: Scenario, runs: [RecordedRun]) {
        let scenario = try BuiltinScenarios.load("gas-station")
        let runs = scenario.setups.flatMap { setup in
            scenario.iosVersions.map { Simulator.record(scenario, ios: $0, setup: setup, seed: 1) }
        }
        return (scenario, runs)
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test("the gas-station report draws one block per run with its lanes, the 3 m line, its gaps and the shared axis")
    func gasStationStructure() throws {
        let (scenario, runs) = try Self.gasStation()
        let html = HTMLReport(sections: [HTMLReport.Section(scenario: scenario, runs: runs)]).html
        #expect(runs.count == scenario.setups.count * scenario.iosVersions.count)
        #expect(Self.count(#"<div class="run""#, in: html) == runs.count)
        let charts = html.components(separatedBy: #"<svg class="chart""#).dropFirst().map {
            $0.components(separatedBy: "</svg>")[0]
        }
        #expect(charts.count == runs.count)
        // Every gap the metrics give is hatched, and nothing else is.
        let gaps = runs.compactMap { $0.metrics.success?.largestGap }
        #expect(!gaps.isEmpty)
        #expect(Self.count(#"class="gap""#, in: html) == gaps.count)
        // One time axis for every run: the ticks of the scenario's duration, labelled in elapsed time.
        let scale = TimeScale(
            start: 0, end: scenario.duration, left: Chart.plotLeft, right: Chart.plotRight, axis: .elapsed)
        #expect(scale.ticks.count > 3)
        for (chart, run) in zip(charts, runs) {
            let context = "\(run.metrics.strategy) on iOS \(run.metrics.ios)"
            for lane in ["App state", "Wakes", "Wanted work", "Distance", "Energy"] {
                #expect(chart.contains(">\(lane)</text>"), "\(context): lane \(lane)")
            }
            #expect(Self.count(#"class="tick""#, in: chart) == scale.ticks.count, "\(context)")
            for tick in scale.ticks {
                #expect(chart.contains(">\(scale.label(tick))</text>"), "\(context): tick \(tick)")
            }
            #expect(Self.count(#"class="threshold""#, in: chart) == 1, "\(context): the 3 m line")
            #expect(chart.contains(">3.0 m: trigger distance</text>"), "\(context)")
            // Where it triggered or stopped for good is marked on the walk.
            let marked = Self.count(#"class="triggered""#, in: chart) + Self.count(#"class="stopped""#, in: chart)
            #expect(marked >= 1, "\(context)")
            #expect(
                chart.contains(run.metrics.triggered == true ? #"class="triggered""# : #"class="stopped""#),
                "\(context)")
        }
        // A task's budget and expiry are drawn where the strategy begins one.
        #expect(html.contains(#"class="task-budget""#) && html.contains(#"class="expiry""#))
        // A mark's tooltip is the timeline line it was drawn from.
        #expect(html.contains(#"{&quot;t&quot;:10,&quot;kind&quot;:&quot;state&quot;"#))
    }

    @Test("the report is one self-contained file: no network, no external asset, no script")
    func selfContained() throws {
        let (scenario, runs) = try Self.gasStation()
        let html = HTMLReport(sections: [HTMLReport.Section(scenario: scenario, runs: runs)]).html
        let withoutNamespace = html.replacingOccurrences(of: #"xmlns="http://www.w3.org/2000/svg""#, with: "")
        #expect(!withoutNamespace.contains("http://"))
        #expect(!withoutNamespace.contains("https://"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("<link"))
        #expect(!html.contains("url(http") && !html.contains("@import"))
    }

    @Test("the same scenario and seed give the same bytes")
    func deterministic() throws {
        let first = try Self.gasStation()
        let second = try Self.gasStation()
        #expect(
            HTMLReport(sections: [HTMLReport.Section(scenario: first.scenario, runs: first.runs)]).html
                == HTMLReport(sections: [HTMLReport.Section(scenario: second.scenario, runs: second.runs)]).html)
    }

    @Test("a comparison's report has one section per scenario, in order")
    func comparisonSections() async throws {
        let scenarios = try ["gas-station", "chat"].map(BuiltinScenarios.load)
        let comparison = Comparison(scenarios: scenarios, versions: [IOSVersion(17)], seed: 1)
        let runs = await comparison.record()
        let report = HTMLReport(comparison: comparison, runs: runs)
        #expect(report.sections.map(\.scenario.name) == ["gas-station", "chat"])
        #expect(report.sections.map(\.runs.count) == scenarios.map { $0.setups.count })
        #expect(report.html.contains(">Pushes</text>"))
    }

    @Test("with --seeds, the report draws every seed of every configuration, its spread and its median")
    func seedDistribution() throws {
        let scenario = try BuiltinScenarios.load("gas-station")
        let samples = scenario.setups.enumerated().flatMap { index, setup in
            (1...3).map { seed in
                SeedSample(Simulator.run(scenario, ios: IOSVersion(17), setup: setup, seed: seed), configuration: index)
            }
        }
        let report = SeedReport(samples: samples, passScore: 0.9)
        let html = SeedHTMLReport(report: report).html
        let values = samples.filter { $0.score != nil }.count + samples.filter { $0.largestGap != nil }.count
        #expect(values > samples.count)
        #expect(Self.count(#"class="seed""#, in: html) == values)
        let spreads =
            report.summaries.filter { $0.score != nil }.count + report.summaries.filter { $0.largestGap != nil }.count
        #expect(Self.count(#"class="median""#, in: html) == spreads)
        #expect(Self.count(#"class="spread""#, in: html) == spreads)
        #expect(html.contains(">100 %</text>") && !html.contains("<script"))
    }
}
