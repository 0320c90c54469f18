import Foundation

extension Uploader {
    /// Applies the outcome of an attempt (see the table in ``Uploader``).
    mutating func complete(_ outcome: UploadOutcome, context: Context, outbox: any Outbox) -> [Command] {
        guard case .uploading(let attempt) = phase, attempt.request.id == outcome.id else {
            // Not the attempt in flight: e.g. a background session's answer to a process that was
            // terminated since (URLS-1). A stored batch is still settled by its ID; anything else
            // is left to the next attempt, which resends the open batch.
            if let status = outcome.statusCode, (200..<300).contains(status), let answer = outcome.answer {
                _ = try? outbox.acknowledge(batchID: outcome.batch, answer: answer, now: context.now)
            }
            return []
        }
        let commands = attempt.task.map { slot.end($0) } ?? []
        phase = .idle
        let now = context.now
        if outcome.error == UploadOutcome.backgroundSessionUnavailable {
            // URLS-1: no background sessions here; the same batch goes again, in process, at once.
            usesBackgroundSession = false
            continuesAtOnce = true
            return commands
        }
        guard let status = outcome.statusCode else {
            backOff(now: now)  // timedOut, networkConnectionLost, cannotConnectToHost, notConnectedToInternet, cancelled
            return commands
        }
        switch status {
        case 200..<300:
            settle(attempt, answer: outcome.answer, outbox: outbox, now: now)
        case 400:
            split(attempt, outbox: outbox, now: now, reason: "400: the server refused the request as malformed", halvesBytes: false)
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
            split(attempt, outbox: outbox, now: now, reason: "413: larger than the server accepts, alone", halvesBytes: true)
        case 422:
            // The server holds this batch ID for another body: send the records under a new one.
            _ = try? outbox.releaseBatch(attempt.request.batch)
            backOff(now: now)
            continuesAtOnce = true  // a resend, not a new small batch: the backoff alone paces it
        case 429, 503:
            backOff(now: now, atLeast: outcome.retryAfter ?? 0)
        default:
            backOff(now: now)
        }
        return commands
    }

    /// Applies a 2xx: the batch is settled when the answer accounts for it, or when it is no longer
    /// open (another attempt's answer settled it already); otherwise it is resent after a backoff.
    private mutating func settle(_ attempt: Attempt, answer: IngestAnswer?, outbox: any Outbox, now: TimeInterval) {
        guard let answer else {
            backOff(now: now)
            return
        }
        do {
            let summary = try outbox.acknowledge(batchID: attempt.request.batch, answer: answer, now: now)
            let open = try outbox.statistics().openBatch
            guard summary.settled || open != attempt.request.batch else {
                backOff(now: now)
                return
            }
        } catch {
            backOff(now: now)
            return
        }
        succeeded(attempt)
    }

    /// Isolates what the server refused by halving the batch: released records are claimed again
    /// at once in smaller batches, until the record at fault is alone; that one is quarantined
    /// locally with `reason`, as if the server had rejected it, so it never blocks the queue.
    private mutating func split(_ attempt: Attempt, outbox: any Outbox, now: TimeInterval, reason: String, halvesBytes: Bool) {
        do {
            if let record = attempt.onlyRecord {
                let answer = IngestAnswer(accepted: 0, duplicates: 0, rejected: [RecordRejection(uuid: record, reason: reason)])
                try outbox.acknowledge(batchID: attempt.request.batch, answer: answer, now: now)
                succeeded(attempt)
                return
            }
            try outbox.releaseBatch(attempt.request.batch)
        } catch {
            backOff(now: now)
            return
        }
        limits.maxRecords = max(1, attempt.request.records / 2)
        if halvesBytes { limits.maxBytes = max(1, attempt.batchBytes / 2) }
        continuesAtOnce = true
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
