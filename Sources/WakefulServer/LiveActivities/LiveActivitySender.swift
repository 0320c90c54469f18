import Foundation
import Logging
import WakefulAPNs

/// Sends ActivityKit pushes through the server's APNs senders (the wakes' pool: one provider
/// token for all, reference §3) and stores what became of each.
struct LiveActivitySender: Sendable {
    let senders: APNsSenderPool
    let storage: any LiveActivityStorage
    let metrics: ServerMetrics
    let clock: WallClock
    let logger: Logger

    /// What the admin is told.
    enum Answer {
        /// APNs took it.
        case delivered(apnsID: String)
        /// APNs refused it, or did not answer: the stored state, the status and the reason.
        case failed(state: String, status: Int?, reason: String, retryAfter: Duration?)
    }

    /// Sends `push` (stored as `stored`) for the app `bundleID` in `environment`; a 410 newer than
    /// the token invalidates it (§11).
    func send(
        _ push: LiveActivityPush, stored: NewLiveActivityPush, token: StoredLiveActivityToken, bundleID: String
    ) async -> Answer {
        let result: PushResult
        do {
            let sender = try await senders.sender(environment: token.token.environment, topic: bundleID)
            result = await sender.send(push)
        } catch {
            // The pool is shutting down: nothing was sent.
            let answer = Answer.failed(state: "unsent", status: nil, reason: "\(error)", retryAfter: .seconds(60))
            await record(answer, push, stored)
            return answer
        }
        for attempt in senders.attempts.take(push.apnsID.uuidString) {
            await metrics.notePushAttempt(
                status: attempt.status, reason: attempt.reason, seconds: attempt.latency.secondsValue)
        }
        let answer: Answer
        switch result.outcome {
        case .delivered(let apnsID): answer = .delivered(apnsID: apnsID)
        case .rejected(let status, let reason, _):
            answer = .failed(state: "failed", status: status, reason: reason, retryAfter: nil)
        case .retryLater(let after, let status, let reason):
            answer = .failed(state: "unsent", status: status, reason: reason, retryAfter: after)
        case .transportError(let message):
            answer = .failed(
                state: "unsent", status: nil, reason: PushDispatcher.redacted(message, token: push.deviceToken),
                retryAfter: result.action.retryDelay)
        }
        if case .invalidateToken(let asOf) = result.action {
            do {
                _ = try await storage.invalidateLiveActivityToken(
                    deviceID: stored.deviceID, activity: token.token.activity, token: token.token.token,
                    asOf: asOf.timeIntervalSince1970)
            } catch {
                logger.error("cannot invalidate a Live Activity token", metadata: ["error": "\(error)"])
            }
        }
        await record(answer, push, stored)
        return answer
    }

    /// Stores the answer beside the push.
    private func record(_ answer: Answer, _ push: LiveActivityPush, _ stored: NewLiveActivityPush) async {
        let now = clock.now.timeIntervalSince1970
        let result: LiveActivityPushResult
        switch answer {
        case .delivered(let apnsID):
            result = LiveActivityPushResult(
                state: "delivered", status: 200, reason: nil, apnsID: apnsID, answeredAt: now)
        case .failed(let state, let status, let reason, _):
            result = LiveActivityPushResult(
                state: state, status: status, reason: reason, apnsID: push.apnsID.uuidString, answeredAt: now)
        }
        do {
            try await storage.finishLiveActivityPush(id: stored.id, result: result)
        } catch {
            logger.error("cannot store a Live Activity push's answer", metadata: ["error": "\(error)"])
        }
    }
}

extension PushAction {
    /// The wait a `retryAfter` asks for.
    fileprivate var retryDelay: Duration? {
        if case .retryAfter(let delay) = self { return delay }
        return nil
    }
}
