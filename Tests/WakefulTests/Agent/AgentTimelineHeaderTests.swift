import Foundation
import Testing
import Wakeful
import WakefulTestSupport

/// The `run` header an agent writes when its process starts, for `wakeful replay`.
@Suite("Agent.recordHeader", .watchdog, .cpuBound)
struct AgentTimelineHeaderTests {
    static let install = UUID(uuidString: "3C1A7E52-0B6D-4F28-9E41-5A7D2C8B6F03")!

    @Test(
        "the header goes to the timeline as a run line, source device by default, and to the outbox unless uploads are off",
        arguments: [
            (TimelineUpload.lifecycle, 1), (TimelineUpload.all, 1), (TimelineUpload.off, 0),
        ])
    func header(upload: TimelineUpload, expectedRecords: Int) throws {
        let outbox = InMemoryOutbox(installID: Self.install)
        let agent = try Agent(
            strategies: [], configuration: AgentConfiguration(timeline: upload), outbox: outbox, seed: 1)
        var timeline = InMemoryTimeline()
        let header = TimelineHeader(
            device: "iPhone15,2", ios: "17.4", setup: "TaskExtension", strategies: ["TaskExtension"])
        try agent.recordHeader(header, at: 120, timeline: &timeline)

        let entry = try #require(timeline.entries.first)
        #expect(timeline.entries.count == 1 && entry.time == 120)
        guard case .run(let fields) = entry.body else { Issue.record("expected a run line, got \(entry.kind)"); return }
        let read = TimelineHeader(fields: fields)
        #expect(read.source == "device")
        #expect(
            read.device == "iPhone15,2" && read.ios == "17.4" && read.setup == "TaskExtension"
                && read.strategies == ["TaskExtension"])

        #expect(try outbox.statistics().pendingCount == expectedRecords)
        if expectedRecords > 0 {
            let batch = try #require(try outbox.claimBatch(limits: BatchLimits(), now: 121))
            #expect(batch.records.map(\.kind) == [OutboxRecord.timelineKind])
            #expect(batch.records.first?.payload.contains(#""source":"device""#) == true)
        }
    }

    @Test("a source the platform names is kept")
    func namedSource() throws {
        let agent = try Agent(
            strategies: [], configuration: AgentConfiguration(timeline: .off),
            outbox: InMemoryOutbox(installID: Self.install), seed: 1)
        var timeline = InMemoryTimeline()
        try agent.recordHeader(TimelineHeader(source: "testing", ios: "26"), at: 0, timeline: &timeline)
        guard case .run(let fields) = timeline.entries.first?.body else { Issue.record("no run line"); return }
        #expect(TimelineHeader(fields: fields).source == "testing")
    }
}
