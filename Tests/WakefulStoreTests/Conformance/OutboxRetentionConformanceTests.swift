import Foundation
import Testing
import Wakeful
import WakefulTestSupport

/// The ``Outbox`` retention rules, checked on every implementation.
@Suite("Outbox retention conformance", .watchdog, .cpuBound)
struct OutboxRetentionConformanceTests {
    /// Checks that the loss record accounts for exactly `seqs` and is the last record.
    func expectLoss(_ report: LossReport, seqs: [Int64], reasons: [String], in outbox: any Outbox, now: TimeInterval)
        throws
    {
        #expect(report.reasons == reasons)
        #expect(report.droppedSeqs == seqs)
        #expect(report.lossRecord.kind == OutboxRecord.lossKind)
        #expect(report.lossRecord.recordedAt == now)
        #expect(LossReport.droppedSeqs(inPayload: report.lossRecord.payload) == seqs)
        #expect(try outbox.statistics().nextSeq == report.lossRecord.seq + 1)
    }

    @Test("records older than the age limit are dropped and accounted for", arguments: OutboxFactory.all)
    func byAge(_ factory: OutboxFactory) throws {
        try factory.with(testInstall) { outbox in
            // Recorded at 0, 50, 10, 60, 20: the age limit drops seqs 1, 3 and 5, not a run.
            let times: [TimeInterval] = [0, 50, 10, 60, 20]
            let stored = try outbox.commit(
                OutboxWrite(records: times.enumerated().map { CollectedRecord(sample($0.offset), at: $0.element) }))
            let report = try #require(
                try outbox.enforceRetention(RetentionPolicy(maxAge: 70, maxCount: nil, maxBytes: nil), now: 100))
            try expectLoss(report, seqs: [1, 3, 5], reasons: ["age"], in: outbox, now: 100)
            #expect(report.droppedBytes == stored[0].byteCount + stored[2].byteCount + stored[4].byteCount)
            #expect(report.lossRecord.payload.contains(#""ranges":[[1,1],[3,3],[5,5]]"#))
            #expect(report.lossRecord.seq == 6)
            let left = try #require(try outbox.claimBatch(limits: BatchLimits(), now: 101))
            #expect(left.records.map(\.seq) == [2, 4, 6])
        }
    }

    @Test(
        "the count limit drops the oldest beyond it, never the open batch nor a loss record",
        arguments: OutboxFactory.all)
    func byCountAroundOpenBatch(_ factory: OutboxFactory) throws {
        try factory.with(testInstall) { outbox in
            try appendSamples(outbox, count: 10)
            let batch = try #require(try outbox.claimBatch(limits: BatchLimits(maxRecords: 3), now: 1))
            let policy = RetentionPolicy(maxAge: nil, maxCount: 6, maxBytes: nil)
            let report = try #require(try outbox.enforceRetention(policy, now: 2))
            try expectLoss(report, seqs: [4, 5, 6, 7], reasons: ["count"], in: outbox, now: 2)
            #expect(
                report.lossRecord.payload
                    == #"{"reasons":["count"],"count":4,"bytes":\#(report.droppedBytes),"firstSeq":4,"lastSeq":7,"ranges":[[4,7]]}"#
            )
            #expect(try outbox.claimBatch(limits: BatchLimits(), now: 3) == batch)
            // The loss record counts for no limit: a second pass drops nothing.
            #expect(try outbox.enforceRetention(policy, now: 4) == nil)
            #expect(try outbox.statistics().pendingCount == 7)
            // Only the open batch left to drop: nothing goes, even far over the limit.
            try outbox.acknowledge(batchID: batch.id, answer: acceptAll(batch), now: 5)
            let rest = try #require(try outbox.claimBatch(limits: BatchLimits(), now: 6))
            #expect(rest.records.map(\.seq) == [8, 9, 10, 11])
            #expect(try outbox.enforceRetention(RetentionPolicy(maxAge: 0, maxCount: 0, maxBytes: 0), now: 100) == nil)
        }
    }

    @Test("the byte limit drops the oldest until the rest fits", arguments: OutboxFactory.all)
    func byBytes(_ factory: OutboxFactory) throws {
        try factory.with(testInstall) { outbox in
            let stored = try appendSamples(outbox, count: 5, padding: 100)
            let size = stored[0].byteCount
            let report = try #require(
                try outbox.enforceRetention(RetentionPolicy(maxAge: nil, maxCount: nil, maxBytes: 3 * size - 1), now: 9)
            )
            try expectLoss(report, seqs: [1, 2, 3], reasons: ["bytes"], in: outbox, now: 9)
            #expect(report.droppedBytes == 3 * size)
        }
    }

    @Test("limits apply in order age, count, bytes, in one loss record", arguments: OutboxFactory.all)
    func allLimits(_ factory: OutboxFactory) throws {
        try factory.with(testInstall) { outbox in
            // Seqs 1...8 recorded at 0...7, 100 bytes of padding each.
            let stored = try appendSamples(outbox, count: 8, padding: 100)
            let size = stored[0].byteCount
            let policy = RetentionPolicy(maxAge: 8.5, maxCount: 5, maxBytes: 4 * size)
            let report = try #require(try outbox.enforceRetention(policy, now: 10))
            // Age drops 1 (10 - 0 > 8.5) and 2; count drops 3 (6 left > 5); bytes drops 4.
            try expectLoss(report, seqs: [1, 2, 3, 4], reasons: ["age", "count", "bytes"], in: outbox, now: 10)
            #expect(try outbox.statistics().pendingCount == 5)
        }
    }

    @Test("nothing over the limits: no loss record", arguments: OutboxFactory.all)
    func nothingDropped(_ factory: OutboxFactory) throws {
        try factory.with(testInstall) { outbox in
            try appendSamples(outbox, count: 3)
            #expect(try outbox.enforceRetention(RetentionPolicy(), now: 10) == nil)
            #expect(try outbox.enforceRetention(.unlimited, now: 1e9) == nil)
            #expect(try outbox.statistics().nextSeq == 4)
        }
    }
}
