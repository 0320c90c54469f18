import Foundation

/// An outbox whose every call first asks whether its storage can be used now, as a file under
/// Data Protection does (DATA-4): `check` throws (usually ``ProtectedDataUnavailable``) to refuse
/// the call, naming the operation, `read` or `write`.
///
/// The simulator puts the phone's lock state behind it; tests put a switch.
///
/// ```swift
/// var locked = true
/// let outbox = GuardedOutbox(InMemoryOutbox(installID: id)) { operation in
///     if locked { throw ProtectedDataUnavailable(operation: operation, protection: .complete, detail: "locked") }
/// }
/// ```
public final class GuardedOutbox: Outbox {
    private let base: any Outbox
    private let check: (_ operation: String) throws -> Void

    /// Guards `base` with `check`.
    public init(_ base: any Outbox, check: @escaping (_ operation: String) throws -> Void) {
        self.base = base
        self.check = check
    }

    public var installID: UUID { base.installID }

    public func commit(_ write: OutboxWrite) throws -> [OutboxRecord] {
        try check("write")
        return try base.commit(write)
    }

    public func claimBatch(limits: BatchLimits, now: TimeInterval) throws -> OutboxBatch? {
        try check("read")
        return try base.claimBatch(limits: limits, now: now)
    }

    public func acknowledge(batchID: UUID, answer: IngestAnswer, now: TimeInterval) throws -> AcknowledgeSummary {
        try check("write")
        return try base.acknowledge(batchID: batchID, answer: answer, now: now)
    }

    public func releaseBatch(_ batchID: UUID) throws {
        try check("write")
        try base.releaseBatch(batchID)
    }

    public func enforceRetention(_ policy: RetentionPolicy, now: TimeInterval) throws -> LossReport? {
        try check("write")
        return try base.enforceRetention(policy, now: now)
    }

    public func jobStates() throws -> [JobState] {
        try check("read")
        return try base.jobStates()
    }

    public func strategyStates() throws -> [StrategyState] {
        try check("read")
        return try base.strategyStates()
    }

    public func quarantine() throws -> [QuarantinedRecord] {
        try check("read")
        return try base.quarantine()
    }

    public func statistics() throws -> OutboxStatistics {
        try check("read")
        return try base.statistics()
    }

    public func pendingSequenceNumbers() throws -> [Int64] {
        try check("read")
        return try base.pendingSequenceNumbers()
    }
}
