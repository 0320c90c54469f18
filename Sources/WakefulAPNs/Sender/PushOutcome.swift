import Foundation

/// What became of one push after the sender's own retries (reference §4).
public enum PushOutcome: Sendable, Equatable {
    /// APNs answered 200 with this `apns-id`.
    case delivered(apnsID: String)
    /// APNs refused the push; `timestamp` comes only with 410.
    case rejected(status: Int, reason: String, timestamp: Date?)
    /// APNs asked to wait (429, 5xx) and the sender's attempts are used up; try again after `after`.
    case retryLater(after: Duration, status: Int, reason: String)
    /// No answer: deadline exceeded, connection lost, TLS failure.
    case transportError(String)
}

/// What the caller should do about an outcome (reference §4; R marks project choices).
public enum PushAction: Sendable, Equatable {
    /// Nothing: delivered.
    case none
    /// Mark the device token invalid as of this instant (410 newer than the registration).
    case invalidateToken(asOf: Date)
    /// Keep the token: the 410 predates the device's latest registration (§11).
    case keepToken
    /// Never resend this push (BadDeviceToken, DeviceTokenNotForTopic, Forbidden, PayloadTooLarge);
    /// R: for BadDeviceToken compare the stored environment before deleting the token.
    case neverRetry
    /// A sender bug (bad header, path or method): fix it and alert; do not resend unchanged.
    case fixSender
    /// The credential is refused (InvalidProviderToken and friends): stop using it and alert.
    case fixCredentials
    /// Tokens were minted too often: keep the current one and resend later.
    case reuseCurrentToken
    /// Resend after this delay.
    case retryAfter(Duration)
}

/// One HTTP attempt, reported as it completes so the server can store it.
public struct PushAttempt: Sendable, Equatable {
    /// The `apns-id` sent (APNs echoes it on success).
    public let apnsID: String
    /// 1 for the first attempt of a push, 2 for its first resend, …
    public let number: Int
    /// The HTTP status, or `nil` when no response came.
    public let status: Int?
    /// APNs's `reason`, or the transport error's description.
    public let reason: String?
    /// When the attempt started.
    public let startedAt: Date
    /// From sending to the end of the response (or the failure).
    public let latency: Duration
}

/// The classification of one APNs answer (reference §4), before retries are counted.
public enum APNsResponseRule: Sendable, Equatable {
    /// 200.
    case success
    /// Never retry.
    case neverRetry
    /// 410: the token went inactive.
    case unregistered
    /// 400/404/405 caused by the sender.
    case senderBug
    /// 403 credential or configuration error.
    case credentialError
    /// 403 ExpiredProviderToken: mint (20-min floor) and resend.
    case expiredProviderToken
    /// 429 TooManyProviderTokenUpdates.
    case tooManyTokenUpdates
    /// 429 TooManyRequests, 500: back off and retry.
    case backOff
    /// 503 or 400 IdleTimeout: move to a fresh connection, then retry.
    case newConnection

    /// The rule for a status and reason.
    public static func classify(status: Int, reason: String?) -> APNsResponseRule {
        switch (status, reason ?? "") {
        case (200, _): .success
        case (400, "BadDeviceToken"), (400, "DeviceTokenNotForTopic"), (403, "Forbidden"), (413, _): .neverRetry
        case (410, _): .unregistered
        case (400, "IdleTimeout"): .newConnection
        case (403, "ExpiredProviderToken"): .expiredProviderToken
        case (403, _): .credentialError
        case (429, "TooManyProviderTokenUpdates"): .tooManyTokenUpdates
        case (429, _), (500, _): .backOff
        case (503, _): .newConnection
        case (500...599, _): .backOff
        default: .senderBug
        }
    }
}
