import Foundation

extension Uploader {
    /// What the uploader asks of its driver (the ``Agent``) while it handles an event: an outbox
    /// call whose result the driver feeds back, or the end of the event.
    ///
    /// | action | the driver calls | and feeds the result to |
    /// |---|---|---|
    /// | ``readStatistics`` | ``Outbox/statistics()`` | ``Uploader/read(_:)`` |
    /// | ``claim(_:now:)`` | ``Outbox/claimBatch(limits:now:)`` | ``Uploader/claimed(_:installID:)`` |
    /// | ``acknowledge(batch:answer:now:)`` | ``Outbox/acknowledge(batchID:answer:now:)`` | ``Uploader/acknowledged(_:)`` |
    /// | ``release(batch:)`` | ``Outbox/releaseBatch(_:)`` | ``Uploader/released(_:)`` |
    ///
    /// Each of those returns the next action. ``send(_:body:commands:)`` and ``issue(_:)`` end the
    /// event; the next call is ``Uploader/handle(_:in:)`` with the next event.
    public enum Action: Sendable, Hashable {
        /// Read the outbox's counts and sizes.
        case readStatistics
        /// Claim the batch to send: the open one, or a new one within the limits.
        case claim(BatchLimits, now: TimeInterval)
        /// Settle the open batch with an answer: the server's, or a local quarantine of its only record.
        case acknowledge(batch: UUID, answer: IngestAnswer, now: TimeInterval)
        /// Dissolve the open batch, so that its records are claimed again in other batches.
        case release(batch: UUID)
        /// The event is handled and an attempt starts: issue `commands`, the last of which uploads
        /// `request`, and keep `body`, the request's body, encoded once, until the platform asks for
        /// it (``Agent/requestBody(for:)``).
        case send(UploadRequest, body: Data, commands: [Command])
        /// The event is handled: issue `commands`.
        case issue([Command])
    }

    /// The event being handled: its context and the commands issued for it so far.
    struct Turn: Sendable {
        let context: Context
        /// Whether the event urges an upload (entering the background), whatever the interval.
        var flush = false
        var commands: [Command] = []

        init(context: Context) {
            self.context = context
        }
    }

    /// What an outbox action's result is for.
    enum Awaiting: Sendable {
        /// A late answer's acknowledgement or a 422's release: starting comes next, whatever it did.
        case regardless
        /// The acknowledgement of the attempt in flight's answer.
        case settlement(Attempt)
        /// The statistics after that acknowledgement: is the batch still open?
        case openBatch(Attempt, settled: Bool)
        /// The local quarantine of a refused batch's only record.
        case quarantine(Attempt)
        /// The release of a refused batch, to send it in halves.
        case split(Attempt, halvesBytes: Bool)
        /// The statistics that decide whether an attempt starts.
        case starting
        /// The batch to send, and how many records were pending when it was asked for.
        case claim(pending: Int)
        /// The statistics that decide whether the retry timer is set for `due`.
        case retryTimer(due: TimeInterval)
    }

    /// Feeds back the result of ``Action/readStatistics``.
    ///
    /// - Returns: The next action.
    public mutating func read(_ statistics: Result<OutboxStatistics, any Error>) -> Action {
        let (turn, awaiting) = resume(#function)
        switch awaiting {
        case .openBatch(let attempt, let settled):
            return concludeSettlement(attempt, settled: settled, statistics, turn: turn)
        case .starting: return start(turn, statistics: try? statistics.get())
        case .retryTimer(let due): return retryTimer(turn, due: due, statistics: try? statistics.get())
        default: Self.unasked(#function, awaiting)
        }
    }

    /// Feeds back the result of ``Action/claim(_:now:)``.
    ///
    /// - Parameters:
    ///   - batch: The batch claimed, nil when nothing was pending, or the outbox's error.
    ///   - installID: The outbox's ``Outbox/installID``, for the body.
    /// - Returns: ``Action/send(_:body:commands:)`` with the batch, or the next action.
    public mutating func claimed(_ batch: Result<OutboxBatch?, any Error>, installID: UUID) -> Action {
        let (turn, awaiting) = resume(#function)
        guard case .claim(let pending) = awaiting else { Self.unasked(#function, awaiting) }
        return send(batch, installID: installID, pending: pending, turn: turn)
    }

    /// Feeds back the result of ``Action/acknowledge(batch:answer:now:)``.
    ///
    /// - Returns: The next action.
    public mutating func acknowledged(_ summary: Result<AcknowledgeSummary, any Error>) -> Action {
        let (turn, awaiting) = resume(#function)
        switch awaiting {
        case .regardless: return start(turn)
        case .settlement(let attempt): return settle(attempt, summary, turn: turn)
        case .quarantine(let attempt): return quarantined(attempt, summary, turn: turn)
        default: Self.unasked(#function, awaiting)
        }
    }

    /// Feeds back the result of ``Action/release(batch:)``.
    ///
    /// - Returns: The next action.
    public mutating func released(_ result: Result<Void, any Error>) -> Action {
        let (turn, awaiting) = resume(#function)
        switch awaiting {
        case .regardless: return start(turn)
        case .split(let attempt, let halvesBytes): return split(attempt, result, halvesBytes: halvesBytes, turn: turn)
        default: Self.unasked(#function, awaiting)
        }
    }

    /// Hands the driver an outbox action and waits for its result.
    mutating func ask(_ action: Action, for awaiting: Awaiting, turn: Turn) -> Action {
        waiting = (turn, awaiting)
        return action
    }

    /// The turn a result belongs to, and what it is for.
    private mutating func resume(_ feedback: String) -> (Turn, Awaiting) {
        guard let waiting else {
            preconditionFailure("Uploader.\(feedback) without an outbox action waiting for its result")
        }
        self.waiting = nil
        return waiting
    }

    /// A result fed back for another action than the one handed out: a driver's bug.
    private static func unasked(_ feedback: String, _ awaiting: Awaiting) -> Never {
        preconditionFailure("Uploader.\(feedback) while waiting for the result of another action (\(awaiting))")
    }
}
