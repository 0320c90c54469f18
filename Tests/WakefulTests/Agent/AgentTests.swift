import Foundation
import Testing
import Wakeful
import WakefulTestSupport

/// The agent: one commit per event before the commands, the timeline selection, failures kept for
/// the next event, crashes reported.
@Suite("Agent", .watchdog, .cpuBound)
struct AgentTests {
    /// Records one `sample` for every event it sees, and begins then ends a task on entering the background.
    struct Recorder: Strategy {
        var name: String { "Recorder" }
        var requirements: Requirements { Requirements() }
        mutating func handle(_ event: Event, in context: Context) -> [Command] {
            var commands: [Command] = [.record(Record(kind: "sample", fields: [Field("t", .double(context.now))]))]
            if event == .didEnterBackground {
                let task = BackgroundTaskID(owner: "Recorder", serial: 1)
                commands += [.beginBackgroundTask(task), .endBackgroundTask(task)]
            }
            return commands
        }
    }

    static let install = UUID(uuidString: "0B7E0C1A-3D5F-4C2B-8A19-6E4D2C1B0A99")!

    static func agent(
        outbox: any Outbox, timeline: TimelineUpload = .lifecycle, upload: Uploader.Configuration? = nil,
        retention: RetentionPolicy = RetentionPolicy()
    ) throws -> Agent {
        try Agent(
            strategies: [Recorder()],
            configuration: AgentConfiguration(upload: upload, retention: retention, timeline: timeline),
            outbox: outbox, seed: 1)
    }

    @Test("an event's records, with its timeline entries, are in the outbox when its commands come back")
    func commitsBeforeCommands() throws {
        let outbox = InMemoryOutbox(installID: Self.install)
        var agent = try Self.agent(outbox: outbox)
        var timeline = InMemoryTimeline()
        let commands = agent.handle(
            .didEnterBackground, in: Context(now: 5, appState: .background), timeline: &timeline)
        #expect(commands.contains(.endBackgroundTask(BackgroundTaskID(owner: "Recorder", serial: 1))))
        let batch = try #require(try outbox.claimBatch(limits: BatchLimits(), now: 5))
        // The event, the sample record, and the two task commands; the record command itself is not a timeline entry.
        #expect(
            batch.records.map(\.kind) == [
                "sample", OutboxRecord.timelineKind, OutboxRecord.timelineKind, OutboxRecord.timelineKind,
            ])
        #expect(batch.records[0].payload == "{\"t\":5.0}")
        #expect(batch.records[1].payload.contains("\"event\":\"didEnterBackground\""))
        #expect(!batch.records.contains { $0.payload.contains("\"command\":\"record\"") })
        #expect(timeline.entries.count == 4)  // the platform's timeline keeps the record command too
    }

    @Test(
        "the lifecycle timeline leaves out ranging callbacks; off sends no timeline at all",
        arguments: TimelineUpload.allCases)
    func timelineSelection(upload: TimelineUpload) throws {
        let outbox = InMemoryOutbox(installID: Self.install)
        var agent = try Self.agent(outbox: outbox, timeline: upload)
        var timeline = DiscardingTimeline()
        let constraint = BeaconIdentityConstraint(uuid: Self.install)
        _ = agent.handle(
            .beaconsRanged(constraint, []), in: Context(now: 1, appState: .background), timeline: &timeline)
        let kinds = try #require(try outbox.claimBatch(limits: BatchLimits(), now: 1)).records.map(\.kind)
        #expect(kinds == ["sample"] + (upload == .all ? [OutboxRecord.timelineKind] : []))
    }

    @Test("a failed commit keeps the writes for the next event and still returns the commands")
    func failedCommitRetried() throws {
        let outbox = FaultyOutbox(commitFailures: 1)
        var agent = try Self.agent(outbox: outbox, timeline: .off)
        var timeline = DiscardingTimeline()
        let commands = agent.handle(
            .didEnterBackground, in: Context(now: 1, appState: .background), timeline: &timeline)
        #expect(agent.lastError is FaultyOutbox.DiskFull)
        #expect(commands.count == 3)
        #expect(try outbox.statistics().pendingCount == 0)
        _ = agent.handle(.memoryWarning, in: Context(now: 2, appState: .background), timeline: &timeline)
        #expect(agent.lastError == nil)
        let records = try #require(try outbox.claimBatch(limits: BatchLimits(), now: 2)).records
        #expect(records.map(\.payload) == ["{\"t\":1.0}", "{\"t\":2.0}"])
    }

    @Test("a crash inside the uploader's claim is reported, although the uploader absorbs outbox errors")
    func uploaderCrashReported() throws {
        let outbox = FaultyOutbox(crashesClaims: true)
        var agent = try Self.agent(outbox: outbox, timeline: .off, upload: Uploader.Configuration())
        var timeline = DiscardingTimeline()
        _ = agent.handle(.didBecomeActive, in: Context(now: 1, appState: .active, network: .wifi), timeline: &timeline)
        #expect(agent.lastError as? SimulatedCrash == SimulatedCrash(point: "afterClaim"))
        // The record of the event was committed before the uploader ran.
        #expect(try outbox.statistics().pendingCount == 1)
    }

    @Test("retention runs on the first event and accounts for what it drops with a loss record")
    func retentionAtLaunch() throws {
        let outbox = InMemoryOutbox(installID: Self.install)
        try outbox.commit(OutboxWrite(records: (0..<10).map { CollectedRecord(Record(kind: "old"), at: Double($0)) }))
        var agent = try Self.agent(
            outbox: outbox, timeline: .off, retention: RetentionPolicy(maxAge: nil, maxCount: 5, maxBytes: nil))
        var timeline = DiscardingTimeline()
        _ = agent.handle(.didFinishLaunching(.user), in: Context(now: 100, appState: .inactive), timeline: &timeline)
        let kinds = try #require(try outbox.claimBatch(limits: BatchLimits(), now: 100)).records.map(\.kind)
        #expect(kinds.filter { $0 == "old" }.count < 10)
        #expect(kinds.contains(OutboxRecord.lossKind))
    }

    @Test("an upload's body is there while the upload is in flight, and refused once it ended")
    func bodyWhileInFlight() throws {
        var agent = try Self.agent(
            outbox: InMemoryOutbox(installID: Self.install), timeline: .off, upload: Uploader.Configuration())
        var timeline = DiscardingTimeline()
        let active = Context(now: 1, appState: .active, network: .wifi)
        let commands = agent.handle(.didBecomeActive, in: active, timeline: &timeline)
        let request = try #require(
            commands.compactMap { if case .upload(let request) = $0 { request } else { nil } }.first)
        let body = try agent.requestBody(for: request)
        #expect(body.count == request.bytes)
        #expect(try IngestBatch.parse(Array(body)).batchID == request.batch)
        let answer = IngestAnswer(accepted: request.records, duplicates: 0)
        let outcome = UploadOutcome(id: request.id, batch: request.batch, statusCode: 200, answer: answer)
        _ = agent.handle(
            .uploadCompleted(outcome), in: Context(now: 2, appState: .active, network: .wifi), timeline: &timeline)
        #expect(throws: UploadBodyError.self) { try agent.requestBody(for: request) }
    }

    @Test("without an uploader there is no request body to give")
    func bodyWithoutUploader() throws {
        let agent = try Self.agent(outbox: InMemoryOutbox(installID: Self.install))
        #expect(throws: AgentError.uploadsNotConfigured) {
            try agent.requestBody(
                for: UploadRequest(id: "x", batch: Self.install, records: 1, bytes: 1, background: true))
        }
    }
}

/// An in-memory outbox that fails its first `commitFailures` commits, as a full disk would, and
/// crashes the process inside every claim when `crashesClaims`, as the crash-injection harness does.
final class FaultyOutbox: Outbox {
    struct DiskFull: Error {}
    private let base = InMemoryOutbox(installID: AgentTests.install)
    private var commitFailures: Int
    private let crashesClaims: Bool

    init(commitFailures: Int = 0, crashesClaims: Bool = false) {
        self.commitFailures = commitFailures
        self.crashesClaims = crashesClaims
    }

    var installID: UUID { base.installID }

    func commit(_ write: OutboxWrite) throws -> [OutboxRecord] {
        if commitFailures > 0 {
            commitFailures -= 1
            throw DiskFull()
        }
        return try base.commit(write)
    }

    func claimBatch(limits: BatchLimits, now: TimeInterval) throws -> OutboxBatch? {
        if crashesClaims { throw SimulatedCrash(point: "afterClaim") }
        return try base.claimBatch(limits: limits, now: now)
    }

    func acknowledge(batchID: UUID, answer: IngestAnswer, now: TimeInterval) throws -> AcknowledgeSummary {
        try base.acknowledge(batchID: batchID, answer: answer, now: now)
    }

    func enforceRetention(_ policy: RetentionPolicy, now: TimeInterval) throws -> LossReport? {
        try base.enforceRetention(policy, now: now)
    }

    func releaseBatch(_ batchID: UUID) throws { try base.releaseBatch(batchID) }
    func jobStates() throws -> [JobState] { try base.jobStates() }
    func strategyStates() throws -> [StrategyState] { try base.strategyStates() }
    func quarantine() throws -> [QuarantinedRecord] { try base.quarantine() }
    func statistics() throws -> OutboxStatistics { try base.statistics() }
    func pendingSequenceNumbers() throws -> [Int64] { try base.pendingSequenceNumbers() }
}
