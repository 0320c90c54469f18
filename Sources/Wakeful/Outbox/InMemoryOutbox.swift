import Foundation

/// An ``Outbox`` kept in memory: for tests, and as the simulator's disk.
///
/// The simulator keeps one instance per device and hands it to each app process it launches, so
/// what was committed survives a kill or a relaunch exactly as a file would. Every method checks
/// everything before it changes anything, so a call that throws leaves no partial change: each
/// call is one transaction. Batch IDs come from a durable counter (``RecordIdentity/batchID(install:number:)``),
/// so runs are deterministic.
///
/// Not thread-safe: confine an instance to one thread or task (the simulator's loop).
///
/// ```swift
/// let outbox = InMemoryOutbox(installID: install)
/// try outbox.commit(OutboxWrite(records: [CollectedRecord(record, at: now)]))
/// if let batch = try outbox.claimBatch(limits: BatchLimits(), now: now) { … }
/// ```
public final class InMemoryOutbox: Outbox {
    /// The install's identity, given at creation.
    public let installID: UUID
    /// Records waiting for acknowledgement, ascending by `seq`; the open batch is always a prefix
    /// (claims take the oldest pending records and retention never drops the open batch).
    private var pending: [OutboxRecord] = []
    /// The bytes of `pending`, kept as it changes.
    private var pendingBytes = 0
    /// The number and bytes of the loss records in `pending`, kept as it changes: retention counts
    /// the other records, and an app that collects for hours must not have them counted anew
    /// every few hundred records.
    private var pendingLoss = (count: 0, bytes: 0)
    /// The earliest `recordedAt` of the pending records other than loss records, as a scan in
    /// order would find it (infinity for none); kept as records are appended, nil after records
    /// left `pending`, until retention scans again.
    private var oldestKept: TimeInterval? = .infinity
    /// The claimed, unsettled batch.
    private var open: OutboxBatch?
    /// Rejected records, oldest first.
    private var quarantined: [QuarantinedRecord] = []
    /// Job states by job ID.
    private var states: [String: JobState] = [:]
    /// Strategy states by strategy name.
    private var strategySaves: [String: StrategyState] = [:]
    /// The sequence number the next record gets; never goes back.
    private var nextSeq: Int64 = 1
    /// The number of the next batch; never goes back.
    private var nextBatch: Int64 = 1

    /// Creates an empty outbox for the install `installID`.
    public init(installID: UUID) {
        self.installID = installID
    }

    @discardableResult
    public func commit(_ write: OutboxWrite) throws -> [OutboxRecord] {
        let stored = write.records.map { append($0.kind, payload: $0.payload, at: $0.recordedAt) }
        for state in write.jobStates { states[state.job] = state }
        for state in write.strategyStates { strategySaves[state.strategy] = state }
        return stored
    }

    public func claimBatch(limits: BatchLimits, now: TimeInterval) throws -> OutboxBatch? {
        if let open { return open }
        guard !pending.isEmpty else { return nil }
        var taken = 0
        var bytes = 0
        for record in pending {
            guard taken < max(1, limits.maxRecords) else { break }
            // A record over the byte limit alone still forms a batch of one.
            guard taken == 0 || bytes + record.byteCount <= limits.maxBytes else { break }
            taken += 1
            bytes += record.byteCount
        }
        let batch = OutboxBatch(
            id: RecordIdentity.batchID(install: installID, number: nextBatch), records: Array(pending[..<taken]),
            claimedAt: now)
        nextBatch += 1
        open = batch
        return batch
    }

    @discardableResult
    public func acknowledge(batchID: UUID, answer: IngestAnswer, now: TimeInterval) throws -> AcknowledgeSummary {
        guard let batch = open, batch.id == batchID, answer.accounts(for: Set(batch.records.map(\.uuid))) else {
            return AcknowledgeSummary()
        }
        let reasons = Dictionary(answer.rejected.map { ($0.uuid, $0.reason) }, uniquingKeysWith: { first, _ in first })
        for record in batch.records {
            if let reason = reasons[record.uuid] {
                quarantined.append(QuarantinedRecord(record: record, reason: reason, at: now))
            }
        }
        for record in batch.records where record.isLoss {
            pendingLoss.count -= 1
            pendingLoss.bytes -= record.byteCount
        }
        pending.removeFirst(batch.records.count)
        pendingBytes -= batch.byteCount
        oldestKept = nil
        open = nil
        return AcknowledgeSummary(
            accepted: answer.accepted, duplicates: answer.duplicates, rejected: answer.rejected.count, settled: true)
    }

    public func releaseBatch(_ batchID: UUID) throws {
        if open?.id == batchID { open = nil }
    }

    public func enforceRetention(_ policy: RetentionPolicy, now: TimeInterval) throws -> LossReport? {
        let protected = open?.records.count ?? 0
        var keptCount = pending.count - pendingLoss.count
        var keptBytes = pendingBytes - pendingLoss.bytes
        // Within every limit, nothing can go: skip the passes that would look for it. An app that
        // collects for hours without uploading calls this every few hundred records.
        let tooOld = policy.maxAge.map { now - oldestPendingKept() > $0 } ?? false
        if !tooOld, keptCount <= policy.maxCount ?? .max, keptBytes <= policy.maxBytes ?? .max { return nil }
        var dropped = [Bool](repeating: false, count: pending.count)
        var reasons: [String] = []
        /// Drops eligible records, oldest first, while `condition` holds; notes `reason` if any went.
        func drop(_ reason: String, while condition: (OutboxRecord) -> Bool) {
            var any = false
            for index in protected..<pending.count where !dropped[index] && !pending[index].isLoss {
                let record = pending[index]
                guard condition(record) else { continue }
                dropped[index] = true
                keptCount -= 1
                keptBytes -= record.byteCount
                any = true
            }
            if any { reasons.append(reason) }
        }
        if let maxAge = policy.maxAge { drop("age") { now - $0.recordedAt > maxAge } }
        if let maxCount = policy.maxCount { drop("count") { _ in keptCount > maxCount } }
        if let maxBytes = policy.maxBytes { drop("bytes") { _ in keptBytes > maxBytes } }
        guard !reasons.isEmpty else { return nil }

        var droppedSeqs: [Int64] = []
        var droppedBytes = 0
        var kept: [OutboxRecord] = []
        kept.reserveCapacity(pending.count)
        for (index, record) in pending.enumerated() {
            if dropped[index] {
                droppedSeqs.append(record.seq)
                droppedBytes += record.byteCount
            } else {
                kept.append(record)
            }
        }
        pending = kept
        pendingBytes -= droppedBytes
        oldestKept = nil
        let payload = LossReport.lossPayload(reasons: reasons, droppedSeqs: droppedSeqs, droppedBytes: droppedBytes)
        let loss = append(OutboxRecord.lossKind, payload: payload, at: now)
        return LossReport(reasons: reasons, droppedSeqs: droppedSeqs, droppedBytes: droppedBytes, lossRecord: loss)
    }

    public func jobStates() throws -> [JobState] {
        states.values.sorted { $0.job < $1.job }
    }

    public func strategyStates() throws -> [StrategyState] {
        strategySaves.values.sorted { $0.strategy < $1.strategy }
    }

    public func quarantine() throws -> [QuarantinedRecord] {
        quarantined
    }

    public func statistics() throws -> OutboxStatistics {
        OutboxStatistics(
            pendingCount: pending.count, pendingBytes: pendingBytes,
            oldestPending: pending.lazy.map(\.recordedAt).min(),
            openBatch: open?.id, quarantinedCount: quarantined.count, nextSeq: nextSeq)
    }

    public func pendingSequenceNumbers() throws -> [Int64] {
        pending.map(\.seq)
    }

    /// Gives a record the next sequence number and its UUID, and appends it.
    private func append(_ kind: String, payload: String, at recordedAt: TimeInterval) -> OutboxRecord {
        let record = OutboxRecord(
            uuid: RecordIdentity.uuid(install: installID, seq: nextSeq), seq: nextSeq, kind: kind, payload: payload,
            recordedAt: recordedAt)
        nextSeq += 1
        pending.append(record)
        pendingBytes += record.byteCount
        if record.isLoss {
            pendingLoss.count += 1
            pendingLoss.bytes += record.byteCount
        } else if let oldest = oldestKept {
            oldestKept = min(oldest, recordedAt)
        }
        return record
    }

    /// The earliest `recordedAt` of the pending records other than loss records (infinity for none).
    private func oldestPendingKept() -> TimeInterval {
        if let oldestKept { return oldestKept }
        var oldest = TimeInterval.infinity
        for record in pending where !record.isLoss { oldest = min(oldest, record.recordedAt) }
        oldestKept = oldest
        return oldest
    }
}

extension OutboxRecord {
    /// Whether this is a loss record. The byte counts first: comparing two different strings
    /// longer than 15 bytes (`wakeful.timeline`) is slow, and retention asks of every pending record.
    var isLoss: Bool {
        kind.utf8.count == Self.lossKind.utf8.count && kind == Self.lossKind
    }
}
