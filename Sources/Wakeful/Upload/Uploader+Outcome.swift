import Foundation

extension Uploader {
    /// Applies the outcome of an attempt (see the table in ``Uploader``).
    ///
    /// - Returns: The outbox action the outcome needs, or nil when starting comes next.
    mutating func complete(_ outcome: UploadOutcome, turn: inout Turn) -> Action? {
        let now = turn.context.now
        guard case .uploading(let attempt) = phase, attempt.request.id == outcome.id else {
            // Not the attempt in flight: e.g. a background session's answer to a process that was
            // terminated since (URLS-1). A stored batch is still settled by its ID; anything else
            // is left to the next attempt, which resends the open batch.
            if let status = outcome.statusCode, (200..<300).contains(status), let answer = outcome.answer {
                return ask(.acknowledge(batch: outcome.batch, answer: answer, now: now), for: .regardless, turn: turn)
            }
            return nil
        }
        if let task = attempt.task { turn.commands += slot.end(task) }
        phase = .idle
        if outcome.error == UploadOutcome.backgroundSessionUnavailable {
            // URLS-1: no background sessions here; the same batch goes again, in process, at once.
            usesBackgroundSession = false
            continuesAtOnce = true
            return nil
        }
        if outcome.error == UploadOutcome.credentialUnavailable {
            // DATA-5: nothing was sent; the batch stays open for the attempt after the unlock.
            phase = .awaitingUnlock
            return nil
        }
        guard let status = outcome.statusCode else {
            // timedOut, networkConnectionLost, cannotConnectToHost, notConnectedToInternet, cancelled
            backOff(now: now)
            return nil
        }
        switch status {
        case 200..<300:
            guard let answer = outcome.answer else {
                backOff(now: now)
                return nil
            }
            return ask(
                .acknowledge(batch: attempt.request.batch, answer: answer, now: now), for: .settlement(attempt),
                turn: turn)
        case 400:
            return refused(
                attempt, reason: "400: the server refused the request as malformed", halvesBytes: false, turn: turn)
        case 401:
            phase = .awaitingCredentials
        case 409:
            // The same batch is still being stored (an earlier attempt's request outlived its
            // timeout): retry soon, then less often while the conflicts go on.
            failures += 1
            let delay = Self.doubling(Self.conflictRetryDelay, afterFailures: failures, cap: configuration.backoffCap)
            phase = .backingOff(until: now + max(outcome.retryAfter ?? 0, delay))
        case 410:
            phase = .revoked
        case 413:
            return refused(attempt, reason: "413: larger than the server accepts, alone", halvesBytes: true, turn: turn)
        case 422:
            // The server holds this batch ID for another body: send the records under a new one.
            backOff(now: now)
            continuesAtOnce = true  // a resend, not a new small batch: the backoff alone paces it
            return ask(.release(batch: attempt.request.batch), for: .regardless, turn: turn)
        case 429, 503:
            backOff(now: now, atLeast: outcome.retryAfter ?? 0)
        default:
            backOff(now: now)
        }
        return nil
    }

    /// A 2xx's acknowledgement done: the batch is settled when the answer accounted for it, or when
    /// it is no longer open (another attempt's answer settled it already), which the statistics say.
    mutating func settle(_ attempt: Attempt, _ summary: Result<AcknowledgeSummary, any Error>, turn: Turn) -> Action {
        guard case .success(let summary) = summary else {
            backOff(now: turn.context.now)
            return start(turn)
        }
        return ask(.readStatistics, for: .openBatch(attempt, settled: summary.settled), turn: turn)
    }

    /// Settles the attempt, or resends its batch after a backoff when it is still open and unsettled.
    mutating func concludeSettlement(
        _ attempt: Attempt, settled: Bool, _ statistics: Result<OutboxStatistics, any Error>, turn: Turn
    ) -> Action {
        if case .success(let statistics) = statistics, settled || statistics.openBatch != attempt.request.batch {
            succeeded(attempt)
        } else {
            backOff(now: turn.context.now)
        }
        return start(turn)
    }

    /// Isolates what the server refused by halving the batch: released records are claimed again
    /// at once in smaller batches, until the record at fault is alone; that one is quarantined
    /// locally with `reason`, as if the server had rejected it, so it never blocks the queue.
    private mutating func refused(_ attempt: Attempt, reason: String, halvesBytes: Bool, turn: Turn) -> Action {
        guard let record = attempt.onlyRecord else {
            return ask(
                .release(batch: attempt.request.batch), for: .split(attempt, halvesBytes: halvesBytes), turn: turn)
        }
        let answer = IngestAnswer(accepted: 0, duplicates: 0, rejected: [RecordRejection(uuid: record, reason: reason)])
        return ask(
            .acknowledge(batch: attempt.request.batch, answer: answer, now: turn.context.now),
            for: .quarantine(attempt), turn: turn)
    }

    /// The refused record quarantined: its batch is settled.
    mutating func quarantined(_ attempt: Attempt, _ summary: Result<AcknowledgeSummary, any Error>, turn: Turn)
        -> Action
    {
        if case .success = summary { succeeded(attempt) } else { backOff(now: turn.context.now) }
        return start(turn)
    }

    /// The refused batch released: the next batches are half as large.
    mutating func split(_ attempt: Attempt, _ released: Result<Void, any Error>, halvesBytes: Bool, turn: Turn)
        -> Action
    {
        guard case .success = released else {
            backOff(now: turn.context.now)
            return start(turn)
        }
        limits.maxRecords = max(1, attempt.request.records / 2)
        if halvesBytes { limits.maxBytes = max(1, attempt.batchBytes / 2) }
        continuesAtOnce = true
        return start(turn)
    }

    /// A settled batch: the backoff resets, lowered limits double back towards the configured
    /// ones, and a backlog continues at once.
    private mutating func succeeded(_ attempt: Attempt) {
        failures = 0
        limits.maxRecords = Self.doubled(limits.maxRecords, upTo: configuration.limits.maxRecords)
        limits.maxBytes = Self.doubled(limits.maxBytes, upTo: configuration.limits.maxBytes)
        continuesAtOnce = attempt.leftBehind
    }

    /// Twice `value`, at most `limit`, without overflowing.
    private static func doubled(_ value: Int, upTo limit: Int) -> Int {
        value >= limit - value ? limit : value * 2
    }
}
