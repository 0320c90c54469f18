import Foundation
import Testing
import WakefulTestSupport
import WakefulTesting

/// A failing test can be looked into with the simulator's own outputs: the timeline in the text
/// form `wakeful simulate --timeline` writes, and the HTML report of `--report`.
@Suite("Looking into a run", .watchdog, .cpuBound)
struct InvestigatingTests {
    @Test func theTimelineTextIsTheSimulatorsJSONLines() throws {
        let run = try ReportingTests.killedRun()
        var whole = JSONLinesBuffer()
        run.timeline.forEach { whole.append($0) }
        #expect(run.timelineText() == whole.text)
        let stretch = try TimelineDecoder.decode(
            contentsOf: Data(run.timelineText(from: .seconds(30), to: .seconds(40)).utf8), file: "stretch")
        #expect(stretch.first?.kind == "run")  // the header, whatever the stretch
        let times = stretch.dropFirst().map(\.time)
        #expect(!times.isEmpty && times.allSatisfy { (30...40).contains($0) })
        #expect(times.contains(40))  // the kill at 40 s
    }

    @Test func theReportIsTheSimulatorsPageOfTheRunSoFar() throws {
        let run = try ReportingTests.killedRun()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wakeful-report-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("run.html")
        try run.writeReport(to: url)
        var scenario = run.device.scenario
        scenario.duration = 120  // the run so far
        let page = HTMLReport(
            sections: [.init(scenario: scenario, runs: [RecordedRun(metrics: run.metrics, entries: run.timeline)])]
        ).html
        #expect(try String(contentsOf: url, encoding: .utf8) == page)
        #expect(page.hasPrefix("<!doctype html>"))
    }

    @Test func aReportIntoAMissingFolderThrows() throws {
        let run = try ReportingTests.killedRun()
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID())/run.html")
        #expect(throws: (any Error).self) { try run.writeReport(to: url) }
    }
}
