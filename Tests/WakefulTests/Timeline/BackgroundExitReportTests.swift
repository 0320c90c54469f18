import Foundation
import Testing
import Wakeful
import WakefulTestSupport

/// MetricKit's background-exit counts as a timeline `decision`, and the agent's way of noting it.
@Suite("Background exit report", .watchdog, .cpuBound)
struct BackgroundExitReportTests {
    static let install = UUID(uuidString: "9A4B2C1D-5E6F-4A7B-8C9D-0E1F2A3B4C5D")!

    static var killedTwice: BackgroundExitReport {
        BackgroundExitReport(
            periodStart: 1_763_600_000, periodEnd: 1_763_686_400,
            counts: [.backgroundTaskAssertionTimeout: 2, .normal: 5, .memoryPressure: 1, .watchdog: 0])
    }

    @Test("the entry lists non-zero counts in a fixed order, the unexpected total and each reason's rules once")
    func entryShape() throws {
        let entry = Self.killedTwice.timelineEntry(at: 1_763_700_000)
        guard case .decision(let decision) = entry.body else {
            Issue.record("expected a decision, got \(entry.kind)")
            return
        }
        #expect(decision.name == BackgroundExitReport.decisionName)
        #expect(
            decision.fields.map(\.key) == [
                "periodStart", "periodEnd", "normal", "memoryPressure", "backgroundTaskAssertionTimeout", "unexpected",
            ])
        #expect(decision.fields.last?.value == .int(3))
        #expect(decision.rules == ["TERM-7", "STATE-3", "STATE-8", "TASK-13", "TASK-17"])
    }

    @Test("the entry survives the JSON Lines encoder and decoder unchanged")
    func roundTrip() throws {
        let entry = Self.killedTwice.timelineEntry(at: 1_763_700_000)
        var line: [UInt8] = []
        TimelineJSONEncoder().encode(entry, into: &line)
        let decoded = try TimelineDecoder.decode(
            line: line.filter { $0 != UInt8(ascii: "\n") }, file: "exits.jsonl", lineNumber: 1)
        #expect(decoded == entry)
    }

    @Test("an empty period is all zero: no reason fields, no rules")
    func emptyPeriod() {
        let entry = BackgroundExitReport(periodStart: 0, periodEnd: 86_400).timelineEntry(at: 86_400)
        guard case .decision(let decision) = entry.body else {
            Issue.record("expected a decision, got \(entry.kind)")
            return
        }
        #expect(decision.rules.isEmpty)
        #expect(decision.fields.map(\.key) == ["periodStart", "periodEnd", "unexpected"])
    }

    @Test(
        "the agent notes the entry in its timeline and, with the lifecycle selection, in the outbox",
        arguments: [
            (TimelineUpload.lifecycle, 1), (TimelineUpload.off, 0),
        ])
    func agentNotes(upload: TimelineUpload, expectedRecords: Int) throws {
        let outbox = InMemoryOutbox(installID: Self.install)
        let agent = try Agent(
            strategies: [], configuration: AgentConfiguration(timeline: upload), outbox: outbox, seed: 1)
        var timeline = InMemoryTimeline()
        let entry = Self.killedTwice.timelineEntry(at: 1_763_700_000)
        try agent.note(entry, timeline: &timeline)
        #expect(timeline.entries == [entry])
        #expect(try outbox.statistics().pendingCount == expectedRecords)
        if expectedRecords > 0 {
            let batch = try #require(try outbox.claimBatch(limits: BatchLimits(), now: 1_763_700_001))
            #expect(batch.records.map(\.kind) == [OutboxRecord.timelineKind])
            #expect(batch.records.first?.payload.contains("\"decision\":\"backgroundExits\"") == true)
        }
    }
}
