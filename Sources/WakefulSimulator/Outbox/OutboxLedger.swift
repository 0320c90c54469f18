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

/// An outbox that forwards every call and notes commits and losses in an ``OutboxLedger``.
public final class LedgerOutbox: ForwardingOutbox {
    /// Where commits and losses are noted.
    public let ledger: OutboxLedger

    /// Wraps `base`.
    public init(_ base: any Outbox, ledger: OutboxLedger) {
        self.ledger = ledger
        super.init(base)
    }

    @discardableResult
    public override func commit(_ write: OutboxWrite) throws -> [OutboxRecord] {
        let records = try super.commit(write)
        ledger.noteCommitted(records)
        return records
    }

    @discardableResult
    public override func enforceRetention(_ policy: RetentionPolicy, now: TimeInterval) throws -> LossReport? {
        let report = try super.enforceRetention(policy, now: now)
        if let report { ledger.noteLoss(report) }
        return report
    }
}
