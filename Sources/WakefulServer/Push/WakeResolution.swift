import Foundation
import Wakeful
import WakefulAPNs

/// What the dispatcher does with a wake after APNs answered (reference §4): the wake's next
/// state, the outcome written on its last attempt, and whether the device's token goes invalid.
struct WakeResolution: Sendable, Equatable {
    /// The wake's update.
    var update: WakeUpdate
    /// The last attempt's `outcome`: `delivered`, `retry`, `failed`, `token_invalidated`, `token_kept`, `expired`.
    var outcome: String
    /// Invalidate the device's token as of this time (410 newer than the registration; BadDeviceToken).
    var invalidateTokenAsOf: TimeInterval?
    /// Worth an error in the log: the server's request or credentials are wrong.
    var needsOperator = false

    /// Resolves `result` for `wake`, whose dispatch number this was, at `now`.
    static func resolve(
        _ result: PushResult, wake: StoredWake, environment: APNsRegistration.Environment, topic: String,
        policy: WakeRetryPolicy,
        now: TimeInterval
    ) -> WakeResolution {
        let dispatch = wake.attemptCount + 1
        func failed(_ reason: String, outcome: String = "failed") -> WakeResolution {
            WakeResolution(update: WakeUpdate(state: .failed, reason: reason), outcome: outcome)
        }
        let answer = describe(result.outcome)
        switch result.action {
        case .none:
            guard case .delivered = result.outcome else { return failed(answer) }
            return WakeResolution(update: WakeUpdate(state: .delivered, deliveredAt: now), outcome: "delivered")
        case .invalidateToken(let asOf):
            let time = asOf.timeIntervalSince1970
            var resolution = failed(
                "\(answer): APNs says the token has been inactive since \(stamp(time)); token invalidated, the app must register a new one",
                outcome: "token_invalidated")
            resolution.invalidateTokenAsOf = time
            return resolution
        case .keepToken:
            return failed(
                "\(answer), but the device registered its token after APNs's timestamp; token kept (reference §11), push not resent",
                outcome: "token_kept")
        case .neverRetry:
            guard case .rejected(let status, let reason, _) = result.outcome, status == 400,
                reason == "BadDeviceToken" || reason == "DeviceTokenNotForTopic"
            else { return failed("\(answer): never retried") }
            let why =
                reason == "BadDeviceToken"
                ? "the token is malformed or belongs to the other environment than \(environment.rawValue)"
                : "the token does not belong to topic \(topic)"
            var resolution = failed(
                "\(answer): \(why); token invalidated, the app must register it again", outcome: "token_invalidated")
            resolution.invalidateTokenAsOf = now
            return resolution
        case .fixSender:
            var resolution = failed("\(answer): \(senderFault(result.outcome, topic: topic)); not resent unchanged")
            resolution.needsOperator = true
            return resolution
        case .fixCredentials:
            var resolution = failed(
                "\(answer): APNs refused the provider credentials; check --apns-key-id, --apns-team-id and the .p8 key")
            resolution.needsOperator = true
            return resolution
        case .reuseCurrentToken:
            return retry(
                after: policy.delay(afterAttempt: dispatch, status: nil), answer: answer, dispatch: dispatch,
                wake: wake, policy: policy, now: now)
        case .retryAfter(let suggested):
            let delay = max(suggested, policy.delay(afterAttempt: dispatch, status: status(of: result.outcome)))
            return retry(after: delay, answer: answer, dispatch: dispatch, wake: wake, policy: policy, now: now)
        }
    }

    private static func retry(
        after delay: Duration, answer: String, dispatch: Int, wake: StoredWake, policy: WakeRetryPolicy,
        now: TimeInterval
    ) -> WakeResolution {
        guard dispatch < policy.maxAttempts else {
            return WakeResolution(
                update: WakeUpdate(state: .failed, reason: "\(answer); gave up after \(dispatch) attempts"),
                outcome: "failed")
        }
        let next = now + delay.secondsValue
        guard next < wake.wake.expiresAt else {
            return WakeResolution(
                update: WakeUpdate(
                    state: .expired,
                    reason: "\(answer); the wake expires at \(stamp(wake.wake.expiresAt)) before the next attempt"),
                outcome: "expired")
        }
        return WakeResolution(
            update: WakeUpdate(
                state: .scheduled, nextAttemptAt: next, reason: "\(answer); next attempt at \(stamp(next))"),
            outcome: "retry")
    }

    /// Why APNs refused a request it calls the sender's fault (reference §4): `TopicDisallowed` is the
    /// operator's configuration, not malformed code — the key may not send to the topic.
    private static func senderFault(_ outcome: PushOutcome, topic: String) -> String {
        guard case .rejected(_, let reason, _) = outcome, reason == "TopicDisallowed" else {
            return "APNs refused the request as malformed (a server bug)"
        }
        return
            "APNs does not let this key send to topic \(topic): give --apns-key-file, --apns-key-id and --apns-team-id "
            + "of the team that owns the app \(topic), or check the topic (the bundle ID) the app registered with PUT /v1/devices/me/apns"
    }

    /// "APNs answered 429 TooManyRequests", "no answer from APNs (…)".
    static func describe(_ outcome: PushOutcome) -> String {
        switch outcome {
        case .delivered: "APNs answered 200"
        case .rejected(let status, let reason, _): "APNs answered \(status) \(reason)"
        case .retryLater(_, let status, let reason): "APNs answered \(status) \(reason)"
        case .transportError(let message): "no answer from APNs (\(message))"
        }
    }

    private static func status(of outcome: PushOutcome) -> Int? {
        switch outcome {
        case .delivered: 200
        case .rejected(let status, _, _), .retryLater(_, let status, _): status
        case .transportError: nil
        }
    }

    static func stamp(_ time: TimeInterval) -> String { RFC3339Time.string(fromSecondsSince1970: time) ?? "\(time)" }
}
