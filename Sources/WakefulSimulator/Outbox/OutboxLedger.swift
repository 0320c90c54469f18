import Foundation
import Wakeful

/// What the device knows the app committed to its outbox and what retention dropped: the ground
/// truth the end-of-run accounting compares with what the server stored.
///
/// Filled by ``LedgerOutbox``, which sits between the app's agent and the real outbox and notes
/// what each call returned, so it sees exactly the committed transactions whatever the storage.
public final class OutboxLedger {
    /// Every record committed, by sequence number.
    public private(set) var committed: [Int64: OutboxRecord] = [:]
    /// Sequence numbers dropped by retention and accounted for by a loss record.
    public private(set) var dropped: Set<Int64> = []
    /// The loss records appended.
    public private(set) var lossRecords: [OutboxRecord] = []

    /// Creates an empty ledger.
    public init() {}

    func noteCommitted(_ records: [OutboxRecord]) {
        for record in records { committed[record.seq] = record }
    }

    func noteLoss(_ report: LossReport) {
        dropped.formUnion(report.droppedSeqs)
        lossRecords.append(report.lossRecord)
        committed[report.lossRecord.seq] = report.lossRecord
    }
}

/// An outbox that forwards every call to another and notes commits and losses in an ``OutboxLedger``.
public final class LedgerOutbox: Outbox {
    /// The outbox that stores.
    private let base: any Outbox
    /// Where commits and losses are noted.
    public let ledger: OutboxLedger

    /// Wraps `base`.
    public init(_ base: any Outbox, ledger: OutboxLedger) {
        self.base = base
        self.ledger = ledger
    }

    public var installID: UUID { base.installID }

    @discardableResult
    public func commit(_ write: OutboxWrite) throws -> [OutboxRecord] {
        let records = try base.commit(write)
        ledger.noteCommitted(records)
        return records
    }

    @discardableResult
    public func enforceRetention(_ policy: RetentionPolicy, now: TimeInterval) throws -> LossReport? {
        let report = try base.enforceRetention(policy, now: now)
        if let report { ledger.noteLoss(report) }
        return report
    }

    public func claimBatch(limits: BatchLimits, now: TimeInterval) throws -> OutboxBatch? {
        try base.claimBatch(limits: limits, now: now)
    }

    @discardableResult
    public func acknowledge(batchID: UUID, answer: IngestAnswer, now: TimeInterval) throws -> AcknowledgeSummary {
        try base.acknowledge(batchID: batchID, answer: answer, now: now)
    }

    public func releaseBatch(_ batchID: UUID) throws { try base.releaseBatch(batchID) }
    public func jobStates() throws -> [JobState] { try base.jobStates() }
    public func quarantine() throws -> [QuarantinedRecord] { try base.quarantine() }
    public func statistics() throws -> OutboxStatistics { try base.statistics() }
    public func pendingSequenceNumbers() throws -> [Int64] { try base.pendingSequenceNumbers() }
}
