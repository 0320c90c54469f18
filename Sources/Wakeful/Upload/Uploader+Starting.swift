import Foundation

extension Uploader {
    /// Asks for the outbox's statistics when the phase and the network allow an attempt.
    mutating func start(_ turn: Turn) -> Action {
        switch phase {
        case .idle: break
        case .backingOff(let until) where turn.context.now >= until: phase = .idle
        case .backingOff, .uploading, .awaitingCredentials, .awaitingUnlock, .revoked: return retryTimer(turn)
        }
        guard turn.context.network.mayBeReachable else { return retryTimer(turn) }
        return ask(.readStatistics, for: .starting, turn: turn)
    }

    /// Asks for a batch when every condition holds; nil statistics are the outbox's failure.
    mutating func start(_ turn: Turn, statistics: OutboxStatistics?) -> Action {
        let context = turn.context
        guard let statistics, statistics.pendingCount > 0,
            turn.flush || continuesAtOnce || statistics.openBatch != nil || fillsBatch(statistics)
                || intervalElapsed(at: context.now)
        else { return retryTimer(turn) }
        // TASK-6: in the background an in-process upload needs its own task's time to finish.
        if !usesBackgroundSession, context.isInBackground,
            context.backgroundTimeRemaining < configuration.minimumRemainingTime
        {
            return retryTimer(turn)
        }
        return ask(.claim(limits, now: context.now), for: .claim(pending: statistics.pendingCount), turn: turn)
    }

    /// Starts the attempt that sends the claimed batch; a failed claim is a failed attempt.
    mutating func send(_ claimed: Result<OutboxBatch?, any Error>, installID: UUID, pending: Int, turn: Turn) -> Action
    {
        let now = turn.context.now
        let batch: OutboxBatch
        switch claimed {
        case .success(let claimed?): batch = claimed
        case .success(nil): return retryTimer(turn)
        case .failure:
            backOff(now: now)
            return retryTimer(turn)
        }
        let body = Data(IngestBatch(batch, installID: installID, clockOrigin: configuration.clockOrigin).jsonBytes())
        attempts += 1
        let request = UploadRequest(
            id: "\(Self.owner)#\(attempts)@\(Self.milliseconds(now))", batch: batch.id, records: batch.records.count,
            bytes: body.count, background: usesBackgroundSession)
        var commands = turn.commands
        var task: BackgroundTaskID?
        if !usesBackgroundSession {
            // URLS-8: an in-process request progresses only while the app runs, so it holds a task.
            commands += slot.begin()
            task = slot.openTask
        }
        phase = .uploading(
            Attempt(
                request: request, task: task, batchBytes: batch.byteCount,
                onlyRecord: batch.records.count == 1 ? batch.records[0].uuid : nil,
                leftBehind: pending > batch.records.count))
        lastStart = now
        continuesAtOnce = false
        // With an attempt in flight no retry is due: the event ends here.
        return .send(request, body: body, commands: commands + [.upload(request)])
    }

    /// `now` in whole milliseconds for attempt IDs: with the attempt number it keeps IDs unique
    /// across relaunches, whose numbering starts again at a later time.
    private static func milliseconds(_ now: TimeInterval) -> Int64 {
        let scaled = (now * 1000).rounded()
        return scaled.magnitude < 9.0e18 ? Int64(scaled) : 0
    }

    /// Whether the pending records fill a batch under the limits in force.
    private func fillsBatch(_ statistics: OutboxStatistics) -> Bool {
        statistics.pendingCount >= limits.maxRecords || statistics.pendingBytes >= limits.maxBytes
    }

    private func intervalElapsed(at now: TimeInterval) -> Bool {
        lastStart.map { now >= $0 + configuration.minimumInterval } ?? true
    }

    /// Sets the retry timer for the next time an upload may start, when the app runs with
    /// unlimited time (TASK-11: `backgroundTimeRemaining` is unlimited in the foreground and under
    /// a keep-alive), so that a retry does not wait for an unrelated event. Ends the event.
    mutating func retryTimer(_ turn: Turn) -> Action {
        let context = turn.context
        guard context.appState.isExecuting, context.backgroundTimeRemaining == Context.unlimited else {
            return .issue(turn.commands)
        }
        switch phase {
        case .backingOff(let until) where until > context.now:
            return setRetryTimer(turn, due: until)
        case .idle where !continuesAtOnce:
            // The interval only delays records that are pending: ask the outbox whether any are.
            guard let lastStart, lastStart + configuration.minimumInterval > context.now else {
                return .issue(turn.commands)
            }
            return ask(.readStatistics, for: .retryTimer(due: lastStart + configuration.minimumInterval), turn: turn)
        default:
            return .issue(turn.commands)
        }
    }

    /// Sets the retry timer for `due` when records are pending (nil statistics: the outbox failed).
    mutating func retryTimer(_ turn: Turn, due: TimeInterval, statistics: OutboxStatistics?) -> Action {
        guard let statistics, statistics.pendingCount > 0 else { return .issue(turn.commands) }
        return setRetryTimer(turn, due: due)
    }

    /// Sets the retry timer for `due` unless it is set for then already. Ends the event.
    private mutating func setRetryTimer(_ turn: Turn, due: TimeInterval) -> Action {
        guard timerDue != due else { return .issue(turn.commands) }
        timerDue = due
        return .issue(
            turn.commands + [.setTimer(TimerRequest(id: Self.retryTimer, due: due, now: turn.context.now))])
    }
}
