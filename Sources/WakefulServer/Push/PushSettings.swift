import Foundation
import WakefulAPNs

/// How the server wakes devices: the APNs connection, the per-device rate limit, the retry
/// schedule and how long to wait for the device to report a wake.
///
/// ```swift
/// var settings = PushSettings()
/// settings.apns = APNsConnection(credentials: try APNsCredentials(teamID: team, keyID: key, p8File: path))
/// settings.wakeLimit = WakeRateLimit(count: 2, window: .seconds(3600))
/// ```
public struct PushSettings: Sendable {
    /// Where and as whom to send; `nil` refuses wakes with 503 until credentials are given.
    public var apns: APNsConnection?
    /// The most wakes per device within a sliding window (PUSH-4: Apple advises 2–3 per hour).
    public var wakeLimit = WakeRateLimit(count: 3, window: .seconds(3600))
    /// Resends after 429, 5xx and transport failures.
    public var retry = WakeRetryPolicy()
    /// The most push-to-start pushes per device within a sliding window: iOS starts no more than
    /// about 10 in a short time (LIVE-4; an Apple engineer's figure, the hour an assumption).
    public var pushToStartLimit = WakeRateLimit(count: 10, window: .seconds(3600))
    /// The most priority-10 updates per Live Activity within a sliding window: iOS shows no more
    /// than its budget (LIVE-6; undocumented, about 15 an hour by a vendor's figure). Priority 5
    /// draws on no budget and is not limited.
    public var priority10Limit = WakeRateLimit(count: 15, window: .seconds(3600))
    /// `apns-expiration` of a wake that names none: its time plus this (reference §7: 1 h).
    public var defaultExpiration: Duration = .seconds(3600)
    /// After a delivered push, how long to look for the device's `remoteNotification` timeline entry.
    public var deviceWakeWindow: Duration = .seconds(10 * 60)
    /// How often the dispatcher looks for due wakes; `nil`: only when ``PushDispatcher/dispatchDue(now:)``
    /// is called (tests).
    public var pollInterval: Duration? = .seconds(1)
    /// How long a claimed wake stays with one server instance before another may take it over
    /// (an instance that died mid-send).
    public var claimLease: Duration = .seconds(5 * 60)
    /// Most wakes claimed in one pass.
    public var batchSize = 100
    /// Called after every dispatch pass that claimed at least one wake (tests await it).
    public var onDispatched: @Sendable (DispatchReport) -> Void = { _ in }

    /// The defaults: no APNs credentials, 3 wakes per hour.
    public init() {}
}

/// The APNs side: credentials, and where to connect when not to Apple.
public struct APNsConnection: Sendable {
    /// The `.p8` key, Key ID and Team ID.
    public var credentials: APNsCredentials
    /// `https://host:port` used for both environments instead of Apple's hosts (a mock APNs).
    public var hostOverride: String?
    /// PEM certificates to trust instead of the system roots (the mock's self-signed certificate).
    public var trustedCertificatesPEM: [String]?
    /// Deadline for each HTTP attempt.
    public var requestTimeout: Duration = .seconds(10)
    /// The HTTP/2 client the senders use.
    public var transport: APNsTransportKind = .http2Frames
    /// The least time between two provider-token mints; keep 20 minutes against Apple (reference §3).
    public var minimumMintInterval: Duration = .seconds(20 * 60)

    /// A connection to Apple's hosts, chosen per device by the environment it registered.
    public init(credentials: APNsCredentials, hostOverride: String? = nil, trustedCertificatesPEM: [String]? = nil) {
        self.credentials = credentials
        self.hostOverride = hostOverride
        self.trustedCertificatesPEM = trustedCertificatesPEM
    }

    /// The base URL for a device token of `environment`.
    func baseURL(for environment: APNsRegistration.Environment) -> String {
        if let hostOverride { return hostOverride }
        switch environment {
        case .sandbox: return APNsSenderConfiguration.sandbox
        case .production: return APNsSenderConfiguration.production
        }
    }
}

/// When to resend a wake that APNs asked to wait for (429, 5xx) or that got no answer.
///
/// The n-th resend waits `initialDelay × 2^(n−1)`, at most `maximumDelay`; after a 5xx at least
/// `serverErrorDelay` (Apple: retry 5xx after 15 minutes, reference §4). After `maxAttempts`
/// dispatches the wake fails.
public struct WakeRetryPolicy: Sendable, Hashable {
    /// Dispatches per wake, the first included.
    public var maxAttempts = 5
    /// The wait before the first resend.
    public var initialDelay: Duration = .seconds(30)
    /// The longest wait between two dispatches.
    public var maximumDelay: Duration = .seconds(30 * 60)
    /// The least wait after a 5xx answer.
    public var serverErrorDelay: Duration = .seconds(15 * 60)

    /// The defaults: 5 dispatches, 30 s doubling up to 30 min, 15 min after a 5xx.
    public init() {}

    /// The wait after dispatch `number` (1-based) failed with `status` (nil: no answer).
    public func delay(afterAttempt number: Int, status: Int?) -> Duration {
        var delay = initialDelay
        for _ in 1..<max(1, number) where delay < maximumDelay { delay *= 2 }
        delay = min(delay, maximumDelay)
        if let status, status >= 500 { delay = max(delay, serverErrorDelay) }
        return delay
    }
}

/// What one dispatch pass did.
public struct DispatchReport: Sendable, Hashable {
    /// Wakes claimed.
    public var claimed = 0
    /// Wakes APNs accepted.
    public var delivered = 0
    /// Wakes rescheduled for a resend.
    public var rescheduled = 0
    /// Wakes that failed for good.
    public var failed = 0
    /// Wakes whose expiration passed before they could be sent.
    public var expired = 0

    /// An empty report.
    public init() {}
}
