import Foundation
import Testing
@testable import Wakeful
import WakefulTestSupport

@Suite("Uploader: claiming, pacing and settling", .watchdog, .cpuBound)
struct UploaderTests {
    @Test("an event claims the oldest records and issues one upload whose body is the open batch")
    func uploads() throws {
        let outbox = try Uploads.outbox(records: 3)
        var uploader = Uploader(seed: 1)
        let actions = uploader.actions(.didBecomeActive, in: Uploads.foreground(2.5), outbox: outbox)
        let (request, body) = try #require(actions.sent)
        #expect(actions.commands == [.upload(request)])
        #expect(request.id == "Uploader#1@2500")
        #expect(request.records == 3)
        #expect(request.background)
        #expect(request.bytes == body.count)
        #expect(try outbox.statistics().openBatch == request.batch)
        let batch = try IngestBatch.parse(Array(body))
        #expect(batch.batchID == request.batch)
        #expect(batch.installID == Uploads.install)
        #expect(batch.records.map(\.seq) == [1, 2, 3])
        #expect(uploader.status == .uploading(batch: request.batch))
    }

    @Test("no upload without pending records, without a network, or while one is in flight")
    func conditions() throws {
        var uploader = Uploader(seed: 1)
        let empty = InMemoryOutbox(installID: Uploads.install)
        #expect(uploader.handle(.didBecomeActive, in: Uploads.foreground(0), outbox: empty).isEmpty)
        let outbox = try Uploads.outbox(records: 2)
        #expect(uploader.handle(.didBecomeActive, in: Uploads.foreground(0, network: .none), outbox: outbox).isEmpty)
        #expect(
            uploader.handle(.didBecomeActive, in: Uploads.foreground(0, network: .unknown), outbox: outbox).uploads
                .count == 1)
        #expect(uploader.handle(.memoryWarning, in: Uploads.foreground(1), outbox: outbox).isEmpty)
    }

    @Test("a 200 settles per record: accepted and duplicates leave, rejected go to the quarantine")
    func settlesPerRecord() throws {
        let outbox = try Uploads.outbox(records: 3)
        var uploader = Uploader(seed: 1)
        let (request, body) = try #require(
            uploader.actions(.didBecomeActive, in: Uploads.foreground(0), outbox: outbox).sent)
        let records = try IngestBatch.parse(Array(body)).records
        let answer = IngestAnswer(
            accepted: 1, duplicates: 1,
            rejected: [RecordRejection(uuid: records[1].uuid, reason: "payload: expected lat")])
        let outcome = UploadOutcome(id: request.id, batch: request.batch, statusCode: 200, answer: answer)
        #expect(uploader.handle(.uploadCompleted(outcome), in: Uploads.foreground(1), outbox: outbox).isEmpty)
        #expect(uploader.status == .idle)
        let statistics = try outbox.statistics()
        #expect(statistics.pendingCount == 0)
        #expect(statistics.openBatch == nil)
        #expect(try outbox.quarantine().map(\.record.seq) == [2])
        #expect(try outbox.quarantine().map(\.reason) == ["payload: expected lat"])
    }

    @Test("a 200 without an answer, or with one that does not add up, resends the same batch after a backoff")
    func unsettled() throws {
        for answer in [nil, IngestAnswer(accepted: 2, duplicates: 0)] {
            let outbox = try Uploads.outbox(records: 3)
            var uploader = Uploader(seed: 1)
            let first = try #require(
                uploader.handle(.didBecomeActive, in: Uploads.foreground(0), outbox: outbox).uploads.first)
            let outcome = UploadOutcome(id: first.id, batch: first.batch, statusCode: 200, answer: answer)
            _ = uploader.handle(.uploadCompleted(outcome), in: Uploads.foreground(1), outbox: outbox)
            let until = try #require(uploader.status.backoffEnd)
            #expect(try outbox.statistics().pendingCount == 3)
            let resend = try #require(
                uploader.handle(.memoryWarning, in: Uploads.foreground(until), outbox: outbox).uploads.first)
            #expect(resend.batch == first.batch)
            #expect(resend.id != first.id)
        }
    }

    @Test("a small batch waits for the minimum interval; a full batch and entering the background do not")
    func pacing() throws {
        let outbox = try Uploads.outbox(records: 1)
        var uploader = Uploader(configuration: .init(limits: BatchLimits(maxRecords: 4)), seed: 1)
        let first = try #require(
            uploader.handle(.didBecomeActive, in: Uploads.foreground(0), outbox: outbox).uploads.first)
        _ = uploader.handle(.uploadCompleted(Uploads.accepted(first)), in: Uploads.foreground(0.2), outbox: outbox)
        try Uploads.add(1, at: 1, to: outbox)
        #expect(uploader.handle(.memoryWarning, in: Uploads.background(1), outbox: outbox).uploads.isEmpty)
        #expect(uploader.handle(.memoryWarning, in: Uploads.background(29.9), outbox: outbox).uploads.isEmpty)
        #expect(uploader.handle(.memoryWarning, in: Uploads.background(30), outbox: outbox).uploads.count == 1)

        var flushing = Uploader(configuration: .init(limits: BatchLimits(maxRecords: 4)), seed: 1)
        let small = try Uploads.outbox(records: 1)
        let sent = try #require(
            flushing.handle(.didBecomeActive, in: Uploads.foreground(0), outbox: small).uploads.first)
        _ = flushing.handle(.uploadCompleted(Uploads.accepted(sent)), in: Uploads.foreground(0.2), outbox: small)
        try Uploads.add(1, to: small)
        #expect(flushing.handle(.willResignActive, in: Uploads.foreground(5), outbox: small).uploads.isEmpty)
        let flushed = try #require(
            flushing.handle(.didEnterBackground, in: Uploads.background(5), outbox: small).uploads.first)
        _ = flushing.handle(.uploadCompleted(Uploads.accepted(flushed)), in: Uploads.background(6), outbox: small)
        try Uploads.add(4, to: small)
        #expect(flushing.handle(.memoryWarning, in: Uploads.background(7), outbox: small).uploads.map(\.records) == [4])
    }

    @Test("a backlog drains batch after batch without waiting")
    func drainsBacklog() throws {
        let outbox = try Uploads.outbox(records: 7)
        var uploader = Uploader(configuration: .init(limits: BatchLimits(maxRecords: 3)), seed: 1)
        let requests = try Uploads.drive(&uploader, outbox: outbox) { _, request in Uploads.accepted(request) }
        #expect(requests.map(\.records) == [3, 3, 1])
        #expect(Set(requests.map(\.batch)).count == 3)
        #expect(try outbox.statistics().pendingCount == 0)
    }

    @Test("the answer to an attempt it does not know still settles that batch; other outcomes are ignored")
    func staleOutcome() throws {
        let outbox = try Uploads.outbox(records: 2)
        var before = Uploader(seed: 1)
        let request = try #require(
            before.handle(.didBecomeActive, in: Uploads.background(0), outbox: outbox).uploads.first)
        // The process dies; a new one gets the background session's answers.
        var relaunched = Uploader(seed: 1)
        let commands = relaunched.handle(
            .uploadCompleted(Uploads.failed(request, status: 500)), in: Uploads.background(40), outbox: outbox)
        #expect(try outbox.statistics().openBatch == request.batch)
        // The failure is not its own, so it neither backs off nor waits: it resends the open batch.
        let next = try #require(commands.uploads.first)
        #expect(next.batch == request.batch)
        #expect(
            relaunched.handle(.uploadCompleted(Uploads.accepted(request)), in: Uploads.background(42), outbox: outbox)
                .isEmpty)
        #expect(try outbox.statistics().pendingCount == 0)
        #expect(relaunched.status == .uploading(batch: request.batch))
        // Its own attempt then finds the batch settled: success, not a retry.
        let duplicate = UploadOutcome(
            id: next.id, batch: next.batch, statusCode: 200, answer: IngestAnswer(accepted: 0, duplicates: 2))
        _ = relaunched.handle(.uploadCompleted(duplicate), in: Uploads.background(43), outbox: outbox)
        #expect(relaunched.status == .idle)
    }

    @Test(
        "the uploader only asks: a 200 is acknowledged, the open batch checked, then a next attempt and a retry weighed"
    )
    func actionsOfASettlement() throws {
        let outbox = try Uploads.outbox(records: 2)
        var uploader = Uploader(seed: 1)
        let (request, _) = try #require(
            uploader.actions(.didBecomeActive, in: Uploads.foreground(0), outbox: outbox).sent)
        let answer = IngestAnswer(accepted: 2, duplicates: 0)
        let outcome = UploadOutcome(id: request.id, batch: request.batch, statusCode: 200, answer: answer)
        #expect(
            uploader.handle(.uploadCompleted(outcome), in: Uploads.foreground(1))
                == .acknowledge(batch: request.batch, answer: answer, now: 1))
        #expect(uploader.acknowledged(.success(AcknowledgeSummary(accepted: 2, settled: true))) == .readStatistics)
        #expect(uploader.status == .idle)
        // The statistics: for the open batch, then whether an attempt starts, then whether a retry is due.
        #expect(uploader.read(.success(OutboxStatistics())) == .readStatistics)
        #expect(uploader.read(.success(OutboxStatistics())) == .readStatistics)
        #expect(uploader.read(.success(OutboxStatistics())) == .issue([]))
        #expect(try outbox.statistics().openBatch == request.batch)  // the outbox was never touched
    }

    @Test("an outbox that fails to claim counts as a failed attempt: the uploader backs off instead of spinning")
    func outboxFailure() {
        struct DiskFull: Error {}
        var uploader = Uploader(seed: 1)
        #expect(uploader.handle(.didBecomeActive, in: Uploads.background(0)) == .readStatistics)
        let claim = uploader.read(.success(OutboxStatistics(pendingCount: 3, pendingBytes: 300)))
        #expect(claim == .claim(BatchLimits(), now: 0))
        let after = uploader.claimed(.failure(DiskFull()), installID: Uploads.install)
        if case .send = after { Issue.record("an upload after a failed claim: \(after)") }
        #expect(uploader.status.backoffEnd != nil)
    }
}
