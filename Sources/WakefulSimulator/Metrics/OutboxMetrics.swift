import Foundation
import Wakeful

/// Where every record the app committed ended up: the end-of-run accounting of the outbox.
///
/// The invariant Wakeful promises is ``silentlyLost`` = 0 and ``duplicatesStored`` = 0: each
/// committed record is stored by the server once, still pending on the phone, quarantined with
/// the server's reason, or dropped by a retention limit and accounted for by a loss record.
public struct OutboxMetrics: Sendable, Hashable, Codable {
    /// App records committed (not counting timeline and loss records).
    public var collected: Int
    /// Timeline entries committed as records.
    public var timelineRecords: Int
    /// Committed records (of every kind) the server has stored.
    public var acknowledged: Int
    /// Records still in the outbox at the end.
    public var pending: Int
    /// Records the server rejected, kept in the quarantine.
    public var quarantined: Int
    /// Records dropped by retention limits, each accounted for by a loss record.
    public var lostByRetention: Int
    /// Committed records that are nowhere: not stored, not pending, not quarantined, not accounted
    /// for by a loss record. Must be 0.
    public var silentlyLost: Int
    /// Records the server received again after storing them (resends after lost answers); harmless.
    public var duplicatesReceived: Int
    /// Identical app records (kind, time and fields; timeline entries aside) the server stored
    /// under different UUIDs: the same sample committed twice. Must be 0.
    public var duplicatesStored: Int
    /// Upload attempts by outcome: HTTP status or transport error.
    public var uploads: [String: Int]
    /// Records the agent held because the outbox could not be written (a locked phone, DATA-4).
    public var heldWhileLocked = 0
    /// Held records stored once the outbox could be written again.
    public var flushedAfterUnlock = 0
    /// Held records lost (a full holding area, a process that ended holding them) and accounted for
    /// by a loss record; those without one count in ``silentlyLost``.
    public var lostWithLossRecord = 0
    /// Held records still in memory when the run ended.
    public var stillHeld = 0

    /// Creates metrics.
    public init(
        collected: Int, timelineRecords: Int, acknowledged: Int, pending: Int, quarantined: Int, lostByRetention: Int,
        silentlyLost: Int, duplicatesReceived: Int, duplicatesStored: Int, uploads: [String: Int]
    ) {
        self.collected = collected
        self.timelineRecords = timelineRecords
        self.acknowledged = acknowledged
        self.pending = pending
        self.quarantined = quarantined
        self.lostByRetention = lostByRetention
        self.silentlyLost = silentlyLost
        self.duplicatesReceived = duplicatesReceived
        self.duplicatesStored = duplicatesStored
        self.uploads = uploads
    }

    /// Whether nothing was lost silently and nothing stored twice.
    public var holdsInvariant: Bool { silentlyLost == 0 && duplicatesStored == 0 }
}

extension SimulatedDevice {
    /// The outbox's accounting at the end of the run; nil for an app without an outbox.
    mutating func outboxMetrics() -> OutboxMetrics? {
        guard let provider = outbox.provider else { return nil }
        let ledger = outboxLedger
        var pendingSeqs: Set<Int64> = []
        var quarantinedSeqs: Set<Int64> = []
        if let outbox = try? provider.open() {
            pendingSeqs = Set((try? outbox.pendingSequenceNumbers()) ?? [])
            quarantinedSeqs = Set(((try? outbox.quarantine()) ?? []).map(\.record.seq))
        }
        let stored = Dictionary(ingest.records.map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
        var collected = 0
        var timelineRecords = 0
        var acknowledged = 0
        var silentlyLost = 0
        // By index: binding each record would retain and release its payload, for runs that
        // commit tens of thousands of them.
        let records = ledger.records
        for index in records.indices {
            let seq = records[index].seq
            if records[index].kind == OutboxRecord.timelineKind {
                timelineRecords += 1
            } else if records[index].kind != OutboxRecord.lossKind {
                collected += 1
            }
            if stored[records[index].uuid] != nil {
                acknowledged += 1
            } else if !pendingSeqs.contains(seq), !quarantinedSeqs.contains(seq), !ledger.dropped.contains(seq) {
                silentlyLost += 1
            }
        }
        // The same app record (kind, time and fields) under two UUIDs: a sample committed twice, as
        // a re-run after a crash would without the commit that saves records with the job's state.
        // Timeline entries are left out: two events at one instant can issue identical commands.
        var contents: [String: Int] = [:]
        for record in stored.values where record.kind != OutboxRecord.timelineKind {
            contents[record.kind + "\u{1F}" + String(record.recordedAt) + "\u{1F}" + record.payload, default: 0] += 1
        }
        let duplicatesStored = contents.values.reduce(0) { $0 + max(0, $1 - 1) }
        // Held records never had sequence numbers: what was lost of them is accounted for by the
        // counts of the loss records written for them (DATA-4).
        var holding = ledger.holding
        if process.hasAgent {
            let live = process.agent!.agent.holdingCounts
            holding.held += live.held
            holding.flushed += live.flushed
            holding.dropped += live.dropped
            holding.stillHeld += live.holding
        }
        let accounted = records.reduce(0) { sum, record in
            guard record.kind == OutboxRecord.lossKind, let count = HeldRecords.lostCount(inPayload: record.payload)
            else { return sum }
            return sum + count
        }
        var metrics = OutboxMetrics(
            collected: collected, timelineRecords: timelineRecords, acknowledged: acknowledged,
            pending: pendingSeqs.count,
            quarantined: quarantinedSeqs.count, lostByRetention: ledger.dropped.count,
            silentlyLost: silentlyLost + max(0, holding.dropped + holding.diedHolding - accounted),
            duplicatesReceived: ingest.counts.duplicates, duplicatesStored: duplicatesStored,
            uploads: ingest.counts.byOutcome)
        metrics.heldWhileLocked = holding.held
        metrics.flushedAfterUnlock = holding.flushed
        metrics.lostWithLossRecord = min(accounted, holding.dropped + holding.diedHolding)
        metrics.stillHeld = holding.stillHeld
        return metrics
    }
}
