import Foundation

/// An outbox that passes every call to another, through one overridable method: the base of
/// outboxes that watch another (the simulator's ledger, the agent's crash latch).
///
/// ```swift
/// final class CountingOutbox: ForwardingOutbox {
///     var calls = 0
///     override func forward<T>(_ call: () throws -> T) throws -> T {
///         calls += 1
///         return try call()
///     }
/// }
/// ```
open class ForwardingOutbox: Outbox {
    /// The outbox that stores.
    public let base: any Outbox

    /// Wraps `base`.
    public init(_ base: any Outbox) {
        self.base = base
    }

    /// Runs one call on ``base``; override to watch calls or their errors.
    open func forward<T>(_ call: () throws -> T) throws -> T {
        try call()
    }

    public var installID: UUID { base.installID }

    @discardableResult
    open func commit(_ write: OutboxWrite) throws -> [OutboxRecord] {
        try forward { try base.commit(write) }
    }

    open func claimBatch(limits: BatchLimits, now: TimeInterval) throws -> OutboxBatch? {
        try forward { try base.claimBatch(limits: limits, now: now) }
    }

    @discardableResult
    open func acknowledge(batchID: UUID, answer: IngestAnswer, now: TimeInterval) throws -> AcknowledgeSummary {
        try forward { try base.acknowledge(batchID: batchID, answer: answer, now: now) }
    }

    open func releaseBatch(_ batchID: UUID) throws {
        try forward { try base.releaseBatch(batchID) }
    }

    @discardableResult
    open func enforceRetention(_ policy: RetentionPolicy, now: TimeInterval) throws -> LossReport? {
        try forward { try base.enforceRetention(policy, now: now) }
    }

    open func jobStates() throws -> [JobState] { try forward { try base.jobStates() } }
    open func quarantine() throws -> [QuarantinedRecord] { try forward { try base.quarantine() } }
    open func statistics() throws -> OutboxStatistics { try forward { try base.statistics() } }
    open func pendingSequenceNumbers() throws -> [Int64] { try forward { try base.pendingSequenceNumbers() } }
}
