import Foundation
import Testing
import Wakeful
import WakefulTestSupport

/// The ``Outbox`` protocol's rules, checked on every implementation.
@Suite("Outbox conformance", .watchdog, .cpuBound)
struct OutboxConformanceTests {
    @Test("records get seq from 1, their derived UUID and the payload JSON", arguments: OutboxFactory.all)
    func identity(_ factory: OutboxFactory) throws {
        try factory.with(testInstall) { outbox in
            #expect(outbox.installID == testInstall)
            let record = Record(
                kind: "location", fields: [Field("lat", .double(52.5)), Field("source", .string("gps"))])
            let stored = try outbox.commit(
                OutboxWrite(records: [CollectedRecord(record, at: 10), CollectedRecord(sample(1), at: 11)]))
            #expect(stored.map(\.seq) == [1, 2])
            #expect(stored.map(\.uuid) == [1, 2].map { RecordIdentity.uuid(install: testInstall, seq: $0) })
            #expect(stored[0].kind == "location")
            #expect(stored[0].payload == #"{"lat":52.5,"source":"gps"}"#)
            #expect(stored[0].recordedAt == 10)
            let more = try appendSamples(outbox, count: 2)
            #expect(more.map(\.seq) == [3, 4])
            #expect(try outbox.statistics().nextSeq == 5)
            #expect(try outbox.commit(OutboxWrite()).isEmpty)
        }
    }

    @Test("sequence numbers are never reused after records leave", arguments: OutboxFactory.all)
    func seqNeverReused(_ factory: OutboxFactory) throws {
        try factory.with(testInstall) { outbox in
            try appendSamples(outbox, count: 3)
            let batch = try #require(try outbox.claimBatch(limits: BatchLimits(), now: 5))
            try outbox.acknowledge(batchID: batch.id, answer: acceptAll(batch), now: 6)
            #expect(try outbox.statistics().pendingCount == 0)
            #expect(try appendSamples(outbox, count: 1).map(\.seq) == [4])
        }
    }

    @Test("a claim takes the oldest records up to the record limit", arguments: OutboxFactory.all)
    func claimByCount(_ factory: OutboxFactory) throws {
        try factory.with(testInstall) { outbox in
            #expect(try outbox.claimBatch(limits: BatchLimits(), now: 0) == nil)
            let stored = try appendSamples(outbox, count: 10)
            let batch = try #require(try outbox.claimBatch(limits: BatchLimits(maxRecords: 4), now: 20))
            #expect(batch.records == Array(stored[..<4]))
            #expect(batch.claimedAt == 20)
            #expect(batch.id == RecordIdentity.batchID(install: testInstall, number: 1))
            #expect(try outbox.statistics().openBatch == batch.id)
        }
    }

    @Test("a claim stops before the byte limit", arguments: OutboxFactory.all)
    func claimByBytes(_ factory: OutboxFactory) throws {
        try factory.with(testInstall) { outbox in
            let stored = try appendSamples(outbox, count: 5, padding: 100)
            let size = stored[0].byteCount
            let batch = try #require(
                try outbox.claimBatch(limits: BatchLimits(maxRecords: 10, maxBytes: 2 * size + size / 2), now: 0))
            #expect(batch.records.map(\.seq) == [1, 2])
            #expect(batch.byteCount == 2 * size)
        }
    }

    @Test("one record larger than the byte limit forms a batch of one", arguments: OutboxFactory.all)
    func oversizedRecord(_ factory: OutboxFactory) throws {
        try factory.with(testInstall) { outbox in
            try outbox.commit(OutboxWrite(records: [CollectedRecord(sample(0, padding: 5_000), at: 0)]))
            try appendSamples(outbox, count: 2)
            let batch = try #require(
                try outbox.claimBatch(limits: BatchLimits(maxRecords: 10, maxBytes: 1_000), now: 0))
            #expect(batch.records.map(\.seq) == [1])
        }
    }

    @Test("the open batch is claimed again, unchanged, until settled", arguments: OutboxFactory.all)
    func resendOpenBatch(_ factory: OutboxFactory) throws {
        try factory.with(testInstall) { outbox in
            try appendSamples(outbox, count: 5)
            let first = try #require(try outbox.claimBatch(limits: BatchLimits(maxRecords: 3), now: 1))
            try appendSamples(outbox, count: 2)
            let again = try outbox.claimBatch(limits: BatchLimits(maxRecords: 1), now: 9)
            #expect(again == first)
        }
    }

    @Test(
        "an answer settles the batch: accepted and duplicates leave, rejected go to the quarantine",
        arguments: OutboxFactory.all)
    func acknowledge(_ factory: OutboxFactory) throws {
        try factory.with(testInstall) { outbox in
            try appendSamples(outbox, count: 6)
            let batch = try #require(try outbox.claimBatch(limits: BatchLimits(maxRecords: 4), now: 1))
            let bad = batch.records[2]
            let answer = IngestAnswer(
                accepted: 2, duplicates: 1,
                rejected: [RecordRejection(uuid: bad.uuid, reason: "payload: expected an object")])
            let summary = try outbox.acknowledge(batchID: batch.id, answer: answer, now: 7)
            #expect(summary == AcknowledgeSummary(accepted: 2, duplicates: 1, rejected: 1, settled: true))
            #expect(
                try outbox.quarantine() == [
                    QuarantinedRecord(record: bad, reason: "payload: expected an object", at: 7)
                ])
            let statistics = try outbox.statistics()
            #expect(statistics.pendingCount == 2)
            #expect(statistics.openBatch == nil)
            #expect(statistics.quarantinedCount == 1)
            let next = try #require(try outbox.claimBatch(limits: BatchLimits(), now: 8))
            #expect(next.records.map(\.seq) == [5, 6])
            #expect(next.id == RecordIdentity.batchID(install: testInstall, number: 2))
            // A late answer for the settled batch changes nothing.
            #expect(try outbox.acknowledge(batchID: batch.id, answer: acceptAll(batch), now: 9).settled == false)
            #expect(try outbox.statistics().pendingCount == 2)
        }
    }

    /// Answers that do not account for a batch of four.
    static let wrongAnswers: [String] = ["too few", "too many", "rejects a stranger", "rejects one twice"]

    @Test(
        "an answer that does not add up settles nothing and keeps the batch open", arguments: OutboxFactory.all,
        wrongAnswers)
    func answerNotAddingUp(_ factory: OutboxFactory, _ wrong: String) throws {
        try factory.with(testInstall) { outbox in
            try appendSamples(outbox, count: 4)
            let batch = try #require(try outbox.claimBatch(limits: BatchLimits(), now: 1))
            let stranger = RecordIdentity.uuid(install: testInstall, seq: 99)
            let one = batch.records[0].uuid
            let answer =
                switch wrong {
                case "too few": IngestAnswer(accepted: 3, duplicates: 0)
                case "too many": IngestAnswer(accepted: 4, duplicates: 1)
                case "rejects a stranger":
                    IngestAnswer(accepted: 3, duplicates: 0, rejected: [RecordRejection(uuid: stranger, reason: "x")])
                default:
                    IngestAnswer(
                        accepted: 2, duplicates: 0,
                        rejected: [RecordRejection(uuid: one, reason: "x"), RecordRejection(uuid: one, reason: "y")])
                }
            #expect(try outbox.acknowledge(batchID: batch.id, answer: answer, now: 2) == AcknowledgeSummary())
            #expect(try outbox.statistics().pendingCount == 4)
            #expect(try outbox.quarantine().isEmpty)
            #expect(try outbox.claimBatch(limits: BatchLimits(), now: 3) == batch)
        }
    }

    @Test("an answer for an unknown batch is a no-op", arguments: OutboxFactory.all)
    func unknownBatch(_ factory: OutboxFactory) throws {
        try factory.with(testInstall) { outbox in
            try appendSamples(outbox, count: 2)
            let batch = try #require(try outbox.claimBatch(limits: BatchLimits(), now: 1))
            let unknown = RecordIdentity.batchID(install: testInstall, number: 42)
            #expect(try outbox.acknowledge(batchID: unknown, answer: acceptAll(batch), now: 2).settled == false)
            try outbox.releaseBatch(unknown)
            #expect(try outbox.statistics().openBatch == batch.id)
            #expect(try outbox.statistics().pendingCount == 2)
        }
    }

    @Test("a released batch's records are claimed again, in smaller batches", arguments: OutboxFactory.all)
    func release(_ factory: OutboxFactory) throws {
        try factory.with(testInstall) { outbox in
            try appendSamples(outbox, count: 4)
            let batch = try #require(try outbox.claimBatch(limits: BatchLimits(), now: 1))
            try outbox.releaseBatch(batch.id)
            #expect(try outbox.statistics().openBatch == nil)
            let smaller = try #require(try outbox.claimBatch(limits: BatchLimits(maxRecords: 2), now: 2))
            #expect(smaller.records.map(\.seq) == [1, 2])
            #expect(smaller.id != batch.id)
            #expect(try outbox.acknowledge(batchID: batch.id, answer: acceptAll(batch), now: 3).settled == false)
        }
    }

    @Test("job states are saved with the records and replaced by job", arguments: OutboxFactory.all)
    func jobStates(_ factory: OutboxFactory) throws {
        try factory.with(testInstall) { outbox in
            let upload = JobState(
                job: "upload", lastCompleted: 5, lastStarted: 4, progress: 0.5, checkpoint: "page=3", completedRuns: 2)
            let clean = JobState(job: "clean")
            try outbox.commit(OutboxWrite(records: [CollectedRecord(sample(0), at: 0)], jobStates: [upload, clean]))
            #expect(try outbox.jobStates() == [clean, upload])
            var later = upload
            later.completedRuns = 3
            later.checkpoint = nil
            try outbox.commit(OutboxWrite(jobStates: [later]))
            #expect(try outbox.jobStates() == [clean, later])
            #expect(try outbox.statistics().nextSeq == 2)
        }
    }

    @Test("strategy states are saved with the records and replaced by strategy", arguments: OutboxFactory.all)
    func strategyStates(_ factory: OutboxFactory) throws {
        try factory.with(testInstall) { outbox in
            #expect(try outbox.strategyStates() == [])
            let fences = StrategyState(strategy: "GeofenceSet", state: #"{"dwelt":[],"inside":{"a":1.5}}"#)
            let other = StrategyState(strategy: "Another", state: "{}")
            try outbox.commit(
                OutboxWrite(records: [CollectedRecord(sample(0), at: 0)], strategyStates: [fences, other]))
            #expect(try outbox.strategyStates() == [other, fences])
            let left = StrategyState(strategy: "GeofenceSet", state: #"{"dwelt":[],"inside":{}}"#)
            try outbox.commit(OutboxWrite(strategyStates: [left]))
            #expect(try outbox.strategyStates() == [other, left])
            #expect(try outbox.statistics().nextSeq == 2)
        }
    }

    @Test("statistics count the pending records, their bytes and the oldest", arguments: OutboxFactory.all)
    func statistics(_ factory: OutboxFactory) throws {
        try factory.with(testInstall) { outbox in
            #expect(try outbox.statistics() == OutboxStatistics())
            let stored = try appendSamples(outbox, count: 3, start: 100, padding: 10)
            let batch = try #require(try outbox.claimBatch(limits: BatchLimits(maxRecords: 1), now: 200))
            let statistics = try outbox.statistics()
            #expect(
                statistics
                    == OutboxStatistics(
                        pendingCount: 3, pendingBytes: stored.reduce(0) { $0 + $1.byteCount }, oldestPending: 100,
                        openBatch: batch.id,
                        quarantinedCount: 0, nextSeq: 4))
        }
    }
}
