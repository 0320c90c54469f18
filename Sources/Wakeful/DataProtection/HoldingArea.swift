import Foundation

/// What the ``Agent`` holds while its outbox cannot be written — on a locked phone or before the
/// first unlock after a restart (DATA-4, DATA-7) — and the losses it still owes a loss record.
///
/// The records themselves wait in the agent's unsaved write, in order, and are committed exactly
/// once with the first commit that succeeds. This keeps them bounded
/// (``AgentConfiguration/holdLimit``: the timeline's entries go first, then the oldest, counted), keeps the
/// ``HeldRecordsLedger`` up to date so that a process dying while it holds records is accounted for
/// by the next one, and makes the loss records that go first in the next successful commit.
struct HoldingArea {
    /// Where the count survives the process; nil when the platform keeps none.
    let ledger: (any HeldRecordsLedger)?
    /// Losses not yet in a committed loss record, by reason.
    private(set) var owed: [(reason: String, held: HeldRecords)] = []
    /// Whether the ledger says something is held, so that a clear is written once.
    private var ledgerHolds = false
    /// What this process held, stored after holding and dropped.
    private(set) var counts = HoldingCounts()

    /// Starts a process: what the last one left in the ledger is owed now.
    init(ledger: (any HeldRecordsLedger)?) {
        self.ledger = ledger
        if let left = ledger?.read(), left.count > 0 {
            owed.append((HeldRecords.processEndedHolding, left))
            ledgerHolds = true
        }
    }

    /// After a failed commit: drops the oldest records beyond `limit`, owing a loss record for them,
    /// and writes what would be lost if the process ended now.
    mutating func hold(_ records: inout [CollectedRecord], limit: Int) {
        // The records already held are the first `holding` of the write; the rest are new.
        counts.held += max(0, records.count - counts.holding)
        let over = records.count - max(0, limit)
        if over > 0 {
            var dropped = Self.dropOldest(over, from: &records)
            // One loss record for a run of overflows while the outbox stays closed.
            if let last = owed.last, last.reason == HeldRecords.holdingAreaFull {
                dropped = last.held.adding(dropped)
                owed.removeLast()
            }
            owed.append((HeldRecords.holdingAreaFull, dropped))
            counts.dropped += over
        }
        counts.holding = records.count
        // One count for everything a death now would lose: what is owed and what is held.
        let atRisk = owed.map(\.held) + (records.isEmpty ? [] : [Self.span(records[...])])
        guard let ledger, let first = atRisk.first else { return }
        ledger.write(atRisk.dropFirst().reduce(first) { $0.adding($1) })
        ledgerHolds = true
    }

    /// The loss records to commit before the held records, one per owed loss.
    func lossRecords(at now: TimeInterval) -> [CollectedRecord] {
        owed.map {
            CollectedRecord(kind: OutboxRecord.lossKind, payload: $0.held.lossPayload(reason: $0.reason), at: now)
        }
    }

    /// After a commit that stored the loss records and the held records: nothing is owed or held.
    mutating func committed() {
        counts.flushed += counts.holding
        counts.holding = 0
        owed = []
        if ledgerHolds {
            ledger?.write(nil)
            ledgerHolds = false
        }
    }

    /// Removes the `count` oldest records, the timeline's own first: the app's records are what the
    /// outbox promises to keep, and on a locked phone the lifecycle entries of every event would
    /// otherwise fill the area and push them out. Returns their count and times.
    private static func dropOldest(_ count: Int, from records: inout [CollectedRecord]) -> HeldRecords {
        let isTimeline = records.indices.filter { records[$0].kind == OutboxRecord.timelineKind }
        let isApps = records.indices.filter { records[$0].kind != OutboxRecord.timelineKind }
        let drop = Set((isTimeline + isApps).prefix(count))
        let dropped = drop.map { records[$0].recordedAt }
        records = records.indices.filter { !drop.contains($0) }.map { records[$0] }
        return HeldRecords(count: dropped.count, firstRecordedAt: dropped.min()!, lastRecordedAt: dropped.max()!)
    }

    /// The count and times of `records`, which are not empty.
    private static func span(_ records: ArraySlice<CollectedRecord>) -> HeldRecords {
        HeldRecords(
            count: records.count, firstRecordedAt: records.first!.recordedAt, lastRecordedAt: records.last!.recordedAt)
    }
}

/// What an agent's holding area did in one process (``Agent/holdingCounts``).
public struct HoldingCounts: Sendable, Hashable {
    /// Records that could not be committed when produced and were held.
    public var held = 0
    /// Held records later stored.
    public var flushed = 0
    /// Held records dropped because the area was full (a `holdingAreaFull` loss record owes them).
    public var dropped = 0
    /// Records held now: lost with the process if it ends before the next commit succeeds.
    public var holding = 0

    /// Creates counts.
    public init(held: Int = 0, flushed: Int = 0, dropped: Int = 0, holding: Int = 0) {
        self.held = held
        self.flushed = flushed
        self.dropped = dropped
        self.holding = holding
    }
}
