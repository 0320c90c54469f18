import Foundation
import Logging
import ServiceLifecycle
import WakefulAPNs

/// Sends due wakes as background pushes: claims them in storage (so two server instances never
/// send the same wake), sends each through `APNsSender`, records every attempt and moves the
/// wake on as the APNs answer says (reference §4, via `WakeResolution`).
///
/// Runs as a service beside the HTTP server. It looks for due wakes at start, every
/// ``PushSettings/pollInterval`` of its clock and at once when a wake for now is posted; tests
/// either drive that loop with a test clock or set the interval to `nil` and call
/// ``dispatchDue(now:)`` with the time they want.
public final class PushDispatcher: Service, Sendable {
    private let storage: any PushStorage
    private let settings: PushSettings
    /// The APNs senders, shared with the Live Activity routes: one provider token for all (§3).
    let senders: APNsSenderPool
    private let metrics: ServerMetrics
    private let clock: WallClock
    private let logger: Logger
    private let kicks: AsyncStream<Void>
    private let kick: AsyncStream<Void>.Continuation

    /// A dispatcher sending through `connection`.
    ///
    /// - Throws: `APNsCredentialsError` or `PushInputError` for unusable APNs settings.
    public init(
        storage: any PushStorage, settings: PushSettings, connection: APNsConnection, metrics: ServerMetrics,
        clock: WallClock, logger: Logger
    ) throws {
        self.storage = storage
        self.settings = settings
        self.metrics = metrics
        self.clock = clock
        self.logger = logger
        senders = try APNsSenderPool(connection: connection, logger: logger, clock: clock)
        let stream = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        kicks = stream.stream
        kick = stream.continuation
    }

    /// Asks the running loop to look for due wakes now (a wake for now was posted).
    public func wakeUp() { kick.yield() }

    /// Runs until graceful shutdown, then closes the APNs connections.
    public func run() async throws {
        if let interval = settings.pollInterval {
            let kick = self.kick
            let metronome = Self.metronome(clock, every: interval, kick: kick)
            kick.yield()  // a first pass at start: wakes left due by an earlier run
            await withDiscardingTaskGroup { group in
                group.addTask { await metronome() }
                for await _ in kicks.cancelOnGracefulShutdown() {
                    await dispatchDue(now: clock.now.timeIntervalSince1970)
                }
                group.cancelAll()
            }
        } else {
            try? await gracefulShutdown()
        }
        await senders.shutdown()
    }

    /// Kicks the loop every `interval` until cancelled, on a schedule counted from the call (not
    /// from when the returned task first runs), so the ticks fall at known times on any clock.
    private static func metronome(
        _ clock: WallClock, every interval: Duration, kick: AsyncStream<Void>.Continuation
    ) -> @Sendable () async -> Void {
        let start = clock.elapsed
        return {
            var tick = start
            while true {
                // Polls once, not once per missed tick, after the process was suspended for long.
                tick = max(tick + interval, clock.elapsed)
                do { try await clock.sleep(untilElapsed: tick) } catch { return }
                kick.yield()
            }
        }
    }

    /// Sends every wake due at `now` and returns what happened; storage errors are logged.
    @discardableResult
    public func dispatchDue(now: TimeInterval) async -> DispatchReport {
        var report = DispatchReport()
        let claimID = UUID()
        let claimed: [ClaimedWake]
        do {
            claimed = try await storage.claimDueWakes(
                now: now, claimID: claimID, leaseUntil: now + settings.claimLease.secondsValue,
                limit: settings.batchSize)
        } catch {
            logger.error("cannot claim due wakes", metadata: ["error": "\(error)"])
            return report
        }
        guard !claimed.isEmpty else { return report }
        report.claimed = claimed.count
        let states = await withTaskGroup(of: WakeState?.self) { group in
            for wake in claimed { group.addTask { await self.dispatch(wake, claimID: claimID, now: now) } }
            var states: [WakeState?] = []
            for await state in group { states.append(state) }
            return states
        }
        for state in states {
            switch state {
            case .delivered: report.delivered += 1
            case .scheduled: report.rescheduled += 1
            case .failed: report.failed += 1
            case .expired: report.expired += 1
            case .sending, nil: break
            }
        }
        settings.onDispatched(report)
        return report
    }

    /// Sends one claimed wake; returns its new state, or nil when storing the result failed.
    private func dispatch(_ claimed: ClaimedWake, claimID: UUID, now: TimeInterval) async -> WakeState? {
        let wake = claimed.wake
        var attempts: [StoredPushAttempt] = []
        let resolution: WakeResolution
        switch Self.readiness(claimed, now: now) {
        case .refused(let refusal):
            resolution = refusal
        case .ready(let apns):
            switch await send(wake, apns: apns) {
            case .notSent(let why):
                resolution = WakeResolution(
                    update: WakeUpdate(state: .failed, reason: "not sent: \(why)"), outcome: "failed",
                    needsOperator: true)
            case .answered(let result, let sent):
                resolution = WakeResolution.resolve(
                    result, wake: wake, environment: apns.registration.environment, topic: apns.registration.topic,
                    policy: settings.retry, now: sent.last.map { $0.startedAt.timeIntervalSince1970 } ?? now)
                attempts = sent.enumerated().map { index, attempt in
                    StoredPushAttempt(
                        wakeID: wake.wake.id, deviceID: wake.wake.deviceID, apnsID: attempt.apnsID,
                        status: attempt.status,
                        reason: attempt.reason.map { Self.redacted($0, token: apns.registration.token) },
                        latency: attempt.latency.secondsValue, attemptedAt: attempt.startedAt.timeIntervalSince1970,
                        outcome: index == sent.count - 1 ? resolution.outcome : "resent")
                }
                for attempt in attempts {
                    await metrics.notePushAttempt(
                        status: attempt.status, reason: attempt.reason, seconds: attempt.latency)
                }
                if let asOf = resolution.invalidateTokenAsOf {
                    await invalidate(wake, token: apns.registration.token, asOf: asOf)
                }
            }
        }
        let metadata: Logger.Metadata = [
            "wake_id": "\(wake.wake.id)", "device_id": "\(wake.wake.deviceID)",
            "state": "\(resolution.update.state.rawValue)",
        ]
        if resolution.needsOperator {
            logger.error(
                "APNs refused a wake; fix the server's APNs settings",
                metadata: metadata.merging(["reason": "\(resolution.update.reason ?? "")"]) { $1 })
        } else {
            logger.info("wake dispatched", metadata: metadata)
        }
        return await finish(claimed, claimID: claimID, attempts: attempts, update: resolution.update)
    }

    /// What became of a send: APNs's answer with the HTTP attempts made, or why nothing was sent.
    private enum SendOutcome {
        case answered(PushResult, [PushAttempt])
        case notSent(String)
    }

    /// Sends the push and collects the HTTP attempts the sender reported for it.
    private func send(_ wake: StoredWake, apns: StoredAPNsToken) async -> SendOutcome {
        var data = ["wakeful_wake": wake.wake.id.uuidString]
        if let note = wake.wake.note { data["wakeful_note"] = note }
        let push: BackgroundPush
        let sender: APNsSender
        do {
            push = try BackgroundPush(
                deviceToken: apns.registration.token, data: data, collapseID: wake.wake.collapseID,
                expiration: Date(timeIntervalSince1970: wake.wake.expiresAt),
                tokenRegisteredAt: Date(timeIntervalSince1970: apns.updatedAt))
            sender = try await senders.sender(
                environment: apns.registration.environment, topic: apns.registration.topic)
        } catch {
            return .notSent("\(error)")
        }
        let result = await sender.send(push)
        return .answered(result, senders.attempts.take(push.apnsID.uuidString))
    }

    /// Whether a claimed wake can be sent: the token to send to, or why not.
    enum Readiness {
        case ready(StoredAPNsToken)
        case refused(WakeResolution)
    }

    /// The device may have changed since the wake was accepted: check again at send time.
    static func readiness(_ claimed: ClaimedWake, now: TimeInterval) -> Readiness {
        func failed(_ reason: String) -> Readiness {
            .refused(WakeResolution(update: WakeUpdate(state: .failed, reason: reason), outcome: "failed"))
        }
        if now >= claimed.wake.wake.expiresAt {
            return .refused(
                WakeResolution(
                    update: WakeUpdate(
                        state: .expired,
                        reason: "expired at \(WakeResolution.stamp(claimed.wake.wake.expiresAt)) before it was sent"),
                    outcome: "expired"))
        }
        if claimed.deviceRevoked { return failed("the device was revoked") }
        guard let apns = claimed.apns else { return failed("the device has no APNs token") }
        if let invalidated = apns.invalidatedAt {
            return failed("the device's APNs token was invalidated by APNs at \(WakeResolution.stamp(invalidated))")
        }
        return .ready(apns)
    }

    private func invalidate(_ wake: StoredWake, token: String, asOf time: TimeInterval) async {
        do {
            _ = try await storage.invalidateAPNsToken(deviceID: wake.wake.deviceID, token: token, asOf: time)
        } catch {
            logger.error(
                "cannot invalidate an APNs token",
                metadata: ["device_id": "\(wake.wake.deviceID)", "error": "\(error)"])
        }
    }

    private func finish(_ claimed: ClaimedWake, claimID: UUID, attempts: [StoredPushAttempt], update: WakeUpdate) async
        -> WakeState?
    {
        do {
            let kept = try await storage.finishClaim(
                wakeID: claimed.wake.wake.id, claimID: claimID, attempts: attempts, update: update)
            if !kept {
                logger.warning(
                    "wake was taken over by another instance", metadata: ["wake_id": "\(claimed.wake.wake.id)"])
            }
            return update.state
        } catch {
            logger.error(
                "cannot store a wake's result", metadata: ["wake_id": "\(claimed.wake.wake.id)", "error": "\(error)"])
            return nil
        }
    }

    /// The text with the device token replaced: transport errors may quote the request's URL.
    static func redacted(_ text: String, token: String) -> String {
        token.isEmpty ? text : text.replacingOccurrences(of: token, with: "<device token>", options: .caseInsensitive)
    }
}
