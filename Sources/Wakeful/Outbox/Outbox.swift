import Foundation

/// The durable queue between what the app collects and what the server acknowledged.
///
/// Records are appended, never edited. The uploader claims a batch (persisted, so a relaunched app
/// resends the same batch under the same ID), sends it, and applies the server's per-record answer:
/// accepted and duplicate records leave the outbox, rejected ones move to a quarantine with their
/// reason, and one bad record never blocks the rest. Retention limits drop the oldest pending
/// records only through an explicit loss record, which is itself uploaded.
///
/// Every method is one short transaction that is finished when it returns, so the app never holds
/// the database file while iOS suspends it (the `0xdead10cc` kill, TERM-6).
///
/// Implementations: ``InMemoryOutbox`` (tests, fast simulation) and `SQLiteOutbox` in the
/// `WakefulStore` module (GRDB, WAL; the one for apps). Both pass the same conformance tests.
public protocol Outbox: AnyObject {
    /// The install's identity, made when the store was created and kept for its life.
    var installID: UUID { get }

    /// Appends records and saves job and strategy states in one transaction, and returns the
    /// records as stored (with their sequence numbers and UUIDs, in order).
    @discardableResult
    func commit(_ write: OutboxWrite) throws -> [OutboxRecord]

    /// The batch to send: the open batch if one was claimed and not settled (the same ID and
    /// records, so a resend is idempotent), otherwise a new batch of the oldest pending records
    /// within `limits`, persisted as open. Nil when nothing is pending.
    ///
    /// A single record larger than `limits.maxBytes` still forms a batch of one: the server's 413
    /// or rejection decides its fate, not the client.
    func claimBatch(limits: BatchLimits, now: TimeInterval) throws -> OutboxBatch?

    /// Settles the open batch `batchID` with the server's answer, in one transaction: accepted and
    /// duplicate records are removed; rejected ones move to the quarantine with their reason.
    /// When the answer does not account for every record of the batch, nothing is removed and the
    /// batch stays open (the next attempt resends it; the server deduplicates).
    /// An unknown or already settled batch is a no-op (a late answer after a relaunch).
    @discardableResult
    func acknowledge(batchID: UUID, answer: IngestAnswer, now: TimeInterval) throws -> AcknowledgeSummary

    /// Dissolves the open batch `batchID`: its records are pending again, to be claimed in smaller
    /// batches (a 413). A no-op for an unknown batch.
    func releaseBatch(_ batchID: UUID) throws

    /// Applies the retention limits, oldest records first, never touching the open batch or loss
    /// records: drops what is older than `maxAge`, then the oldest beyond `maxCount` and beyond
    /// `maxBytes`, and appends one loss record (kind ``OutboxRecord/lossKind``) that accounts for
    /// every dropped record, in the same transaction. Nil when nothing was dropped.
    @discardableResult
    func enforceRetention(_ policy: RetentionPolicy, now: TimeInterval) throws -> LossReport?

    /// The saved state of every job.
    func jobStates() throws -> [JobState]

    /// The saved state of every strategy that keeps one (``Strategy/takeChangedState()``).
    func strategyStates() throws -> [StrategyState]

    /// Records in the quarantine, oldest first.
    func quarantine() throws -> [QuarantinedRecord]

    /// Counts and sizes, for metrics and the uploader's decisions.
    func statistics() throws -> OutboxStatistics

    /// The sequence numbers of every pending record (the open batch included), ascending: for
    /// audits such as the simulator's end-of-run accounting.
    func pendingSequenceNumbers() throws -> [Int64]
}

/// One transaction's worth of writes: records to append, job and strategy states to save.
public struct OutboxWrite: Sendable, Hashable {
    /// Records to append, in order.
    public var records: [CollectedRecord]
    /// Job states to insert or replace.
    public var jobStates: [JobState]
    /// Strategy states to insert or replace.
    public var strategyStates: [StrategyState]

    /// Creates a write.
    public init(records: [CollectedRecord] = [], jobStates: [JobState] = [], strategyStates: [StrategyState] = []) {
        self.records = records
        self.jobStates = jobStates
        self.strategyStates = strategyStates
    }

    /// Whether there is nothing to write.
    public var isEmpty: Bool { records.isEmpty && jobStates.isEmpty && strategyStates.isEmpty }
}

/// What a strategy saved for its next process, under its name (``Strategy/takeChangedState()``).
///
/// The ``Agent`` saves it in the transaction that appends the records of the same event, so a
/// record and the state that says it was made exist together or not at all: a process killed
/// right after the commit leaves a successor that knows the record exists.
public struct StrategyState: Sendable, Hashable, Codable {
    /// The strategy's ``Strategy/name``.
    public var strategy: String
    /// The state as the strategy encoded it (JSON text by convention).
    public var state: String

    /// Creates a saved state.
    public init(strategy: String, state: String) {
        self.strategy = strategy
        self.state = state
    }
}

/// A record the app produced and the time it produced it, before the outbox gives it an identity.
public struct CollectedRecord: Sendable, Hashable {
    /// The record's kind.
    public var kind: String
    /// Its fields as one JSON object (``Record/payloadJSON``), or any JSON object text.
    public var payload: String
    /// When it was produced, in the context's clock.
    public var recordedAt: TimeInterval

    /// Collects an app record.
    public init(_ record: Record, at recordedAt: TimeInterval) {
        self.kind = record.kind
        self.payload = record.payloadJSON
        self.recordedAt = recordedAt
    }

    /// Collects a record whose payload is already JSON object text (a timeline line).
    public init(kind: String, payload: String, at recordedAt: TimeInterval) {
        self.kind = kind
        self.payload = payload
        self.recordedAt = recordedAt
    }
}

/// A batch claimed for upload.
public struct OutboxBatch: Sendable, Hashable {
    /// The batch's ID, sent as `batch_id` and `Idempotency-Key`.
    public var id: UUID
    /// The records, in sequence order.
    public var records: [OutboxRecord]
    /// When it was first claimed.
    public var claimedAt: TimeInterval

    /// Creates a batch.
    public init(id: UUID, records: [OutboxRecord], claimedAt: TimeInterval) {
        self.id = id
        self.records = records
        self.claimedAt = claimedAt
    }

    /// The bytes its records count for.
    public var byteCount: Int { records.reduce(0) { $0 + $1.byteCount } }
}

/// How big a batch may be.
public struct BatchLimits: Sendable, Hashable, Codable {
    /// At most this many records.
    public var maxRecords: Int
    /// At most this many bytes (``OutboxRecord/byteCount``), unless one record alone is larger.
    public var maxBytes: Int

    /// Creates limits (R: 500 records and 512 KB, under the ingest limits of the reference, §10).
    public init(maxRecords: Int = 500, maxBytes: Int = 512 * 1024) {
        self.maxRecords = maxRecords
        self.maxBytes = maxBytes
    }
}

/// What the outbox keeps at most; nil means no limit of that kind.
public struct RetentionPolicy: Sendable, Hashable, Codable {
    /// Pending records older than this many seconds are dropped.
    public var maxAge: TimeInterval?
    /// At most this many pending records.
    public var maxCount: Int?
    /// At most this many pending bytes.
    public var maxBytes: Int?

    /// Creates a policy (R: a week, 100,000 records, 50 MB).
    public init(maxAge: TimeInterval? = 7 * 86_400, maxCount: Int? = 100_000, maxBytes: Int? = 50 * 1024 * 1024) {
        self.maxAge = maxAge
        self.maxCount = maxCount
        self.maxBytes = maxBytes
    }

    /// No limits at all.
    public static let unlimited = RetentionPolicy(maxAge: nil, maxCount: nil, maxBytes: nil)
}

/// Records dropped by one retention pass, and the loss record that accounts for them.
public struct LossReport: Sendable, Hashable {
    /// Which limits dropped records: `age`, `count`, `bytes`.
    public var reasons: [String]
    /// The sequence numbers dropped, ascending.
    public var droppedSeqs: [Int64]
    /// Their bytes.
    public var droppedBytes: Int
    /// The loss record appended in the same transaction.
    public var lossRecord: OutboxRecord

    /// Creates a report.
    public init(reasons: [String], droppedSeqs: [Int64], droppedBytes: Int, lossRecord: OutboxRecord) {
        self.reasons = reasons
        self.droppedSeqs = droppedSeqs
        self.droppedBytes = droppedBytes
        self.lossRecord = lossRecord
    }
}

/// What one acknowledgement did.
public struct AcknowledgeSummary: Sendable, Hashable {
    /// Records the server stored now.
    public var accepted: Int
    /// Records the server already had.
    public var duplicates: Int
    /// Records the server refused, now in the quarantine.
    public var rejected: Int
    /// Whether the batch was settled (false: unknown batch, or an answer that does not add up).
    public var settled: Bool

    /// Creates a summary.
    public init(accepted: Int = 0, duplicates: Int = 0, rejected: Int = 0, settled: Bool = false) {
        self.accepted = accepted
        self.duplicates = duplicates
        self.rejected = rejected
        self.settled = settled
    }
}

/// A record the server rejected, kept locally with the reason instead of blocking the queue.
public struct QuarantinedRecord: Sendable, Hashable {
    /// The record as it was sent.
    public var record: OutboxRecord
    /// The server's reason.
    public var reason: String
    /// When it was quarantined.
    public var at: TimeInterval

    /// Creates a quarantined record.
    public init(record: OutboxRecord, reason: String, at: TimeInterval) {
        self.record = record
        self.reason = reason
        self.at = at
    }
}

/// The outbox's counts and sizes.
public struct OutboxStatistics: Sendable, Hashable {
    /// Records waiting for the server's acknowledgement (including the open batch).
    public var pendingCount: Int
    /// Their bytes.
    public var pendingBytes: Int
    /// When the oldest of them was produced.
    public var oldestPending: TimeInterval?
    /// The open batch's ID, if one is claimed.
    public var openBatch: UUID?
    /// Records in the quarantine.
    public var quarantinedCount: Int
    /// The sequence number the next record will get.
    public var nextSeq: Int64

    /// Creates statistics.
    public init(
        pendingCount: Int = 0, pendingBytes: Int = 0, oldestPending: TimeInterval? = nil, openBatch: UUID? = nil,
        quarantinedCount: Int = 0, nextSeq: Int64 = 1
    ) {
        self.pendingCount = pendingCount
        self.pendingBytes = pendingBytes
        self.oldestPending = oldestPending
        self.openBatch = openBatch
        self.quarantinedCount = quarantinedCount
        self.nextSeq = nextSeq
    }
}
