import Foundation
import Wakeful

/// What the device knows the app committed to its outbox and what retention dropped: the ground
/// truth the end-of-run accounting compares with what the server stored.
///
/// Filled by ``LedgerOutbox``, which sits between the app's agent and the real outbox and notes
/// what each call returned, so it sees exactly the committed transactions whatever the storage.
public final class OutboxLedger {
    /// Every record committed, ascending by sequence number, each sequence number once.
    ///
    /// An array rather than a dictionary: sequence numbers only grow, so a commit appends, and an
    /// app that collects for hours commits thousands of records per run.
    public private(set) var records: [OutboxRecord] = []
    /// Sequence numbers dropped by retention and accounted for by a loss record.
    public private(set) var dropped: Set<Int64> = []
    /// The loss records appended.
    public private(set) var lossRecords: [OutboxRecord] = []
    /// What every process of the app held while its outbox could not be written (DATA-4), and the
    /// records processes died holding.
    public private(set) var holding = HoldingTotals()
    /// The count of held records the app keeps across processes, as a class-`none` file (shared by
    /// the phases of a crash-injection run, like the outbox itself).
    public let heldRecords = InMemoryHeldRecordsLedger()

    /// Creates an empty ledger.
    public init() {}

    /// Adds what a process's agent held; `died` when the process ended holding `counts.holding`.
    func noteHolding(_ counts: HoldingCounts, died: Bool) {
        holding.held += counts.held
        holding.flushed += counts.flushed
        holding.dropped += counts.dropped
        if died { holding.diedHolding += counts.holding } else { holding.stillHeld += counts.holding }
    }

    /// Every record committed, by sequence number.
    public var committed: [Int64: OutboxRecord] {
        Dictionary(uniqueKeysWithValues: records.lazy.map { ($0.seq, $0) })
    }

    /// When each committed record of `kind` was recorded, retention's drops left out.
    func stored(kind: String) -> [TimeInterval] {
        records.lazy.filter { $0.kind == kind && !self.dropped.contains($0.seq) }.map(\.recordedAt)
    }

    func noteCommitted(_ records: [OutboxRecord]) {
        for record in records { note(record) }
    }

    /// Notes `record`, replacing one noted before with the same sequence number.
    private func note(_ record: OutboxRecord) {
        guard let last = records.last, record.seq <= last.seq else { return records.append(record) }
        // A sequence number seen again (a store that reused one): keep the order and the last record.
        let index = records.partitioningIndex { $0.seq >= record.seq }
        if records[index].seq == record.seq {
            records[index] = record
        } else {
            records.insert(record, at: index)
        }
    }

    func noteLoss(_ report: LossReport) {
        dropped.formUnion(report.droppedSeqs)
        lossRecords.append(report.lossRecord)
        note(report.lossRecord)
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
    public func strategyStates() throws -> [StrategyState] { try base.strategyStates() }
    public func quarantine() throws -> [QuarantinedRecord] { try base.quarantine() }
    public func statistics() throws -> OutboxStatistics { try base.statistics() }
    public func pendingSequenceNumbers() throws -> [Int64] { try base.pendingSequenceNumbers() }
}

extension Array where Element == OutboxRecord {
    /// The first index whose record satisfies `predicate`, for a predicate false then true along
    /// the array (a binary search); `endIndex` when none does.
    fileprivate func partitioningIndex(where predicate: (OutboxRecord) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if predicate(self[middle]) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }
}

/// Held records over a run (``OutboxLedger/holding``): every held record is flushed, dropped from a
/// full holding area, lost with a process that died holding it, or still held at the end.
public struct HoldingTotals: Sendable, Hashable {
    /// Records held because the outbox could not be written when they were produced.
    public var held = 0
    /// Held records stored later, once the outbox could be written.
    public var flushed = 0
    /// Held records dropped from a full holding area.
    public var dropped = 0
    /// Held records lost because their process ended first.
    public var diedHolding = 0
    /// Held records still in memory when the run ended.
    public var stillHeld = 0

    /// Creates totals.
    public init() {}
}
