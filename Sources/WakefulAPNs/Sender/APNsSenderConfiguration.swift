import Foundation

/// Where and how the sender talks to APNs.
public struct APNsSenderConfiguration: Sendable {
    /// Apple's production endpoint.
    public static let production = "https://api.push.apple.com"
    /// Apple's sandbox (development) endpoint.
    public static let sandbox = "https://api.sandbox.push.apple.com"

    /// `https://host[:port]` of APNs, the sandbox or a mock; HTTP/2 needs TLS with ALPN.
    public var baseURL: String
    /// `apns-topic`: the app's bundle ID.
    public var topic: String
    /// Deadline for each HTTP attempt (APNs sometimes never answers: reference §8).
    public var requestTimeout: Duration = .seconds(10)
    /// Upper bound on pushes in flight; lowered further to what the server's SETTINGS allow.
    public var maxInFlight: Int = 100
    /// HTTP/2 connections to keep open and spread pushes over, round robin. APNs advises adding
    /// connections rather than bursting over a few (reference §1); each is one TLS session and
    /// one event loop's worth of work on both ends.
    public var connections: Int = 1
    /// The HTTP/2 client that sends the requests.
    public var transport: APNsTransportKind = .http2Frames
    /// `apns-expiration` = now + this, unless the push names its own.
    public var defaultExpiration: Duration = .seconds(3600)
    /// Resends of one push after 429 and 5xx answers.
    public var retry = RetryPolicy()
    /// PEM certificates to trust instead of the system roots (a mock's self-signed certificate).
    public var trustedCertificatesPEM: [String]? = nil

    /// A configuration for `topic` at `baseURL`.
    public init(baseURL: String, topic: String) {
        self.baseURL = baseURL
        self.topic = topic
    }

    /// Checks the values; the error names the field and the expected form.
    public func validate() throws {
        guard let url = URL(string: baseURL), url.scheme == "https", url.host != nil,
            url.path.isEmpty || url.path == "/"
        else { throw PushInputError(field: "baseURL", expected: "https://host[:port] (HTTP/2 to APNs needs TLS)") }
        guard !topic.isEmpty else { throw PushInputError(field: "topic", expected: "the app's bundle ID") }
        guard requestTimeout > .zero else {
            throw PushInputError(field: "requestTimeout", expected: "a positive duration")
        }
        guard maxInFlight >= 1 else { throw PushInputError(field: "maxInFlight", expected: "at least 1") }
        guard (1...64).contains(connections) else { throw PushInputError(field: "connections", expected: "1 to 64") }
        guard retry.maxAttempts >= 1 else { throw PushInputError(field: "retry.maxAttempts", expected: "at least 1") }
    }
}

/// How often and how patiently one push is resent after 429 and 5xx answers (reference §4).
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts per push, the first included.
    public var maxAttempts = 3
    /// The pause before the first resend; each further pause doubles, up to `maximumDelay`.
    public var initialDelay: Duration = .seconds(1)
    /// The longest pause between two attempts.
    public var maximumDelay: Duration = .seconds(60)
    /// After a 5xx, the earliest retry once attempts are used up (Apple: retry after 15 minutes).
    public var serverErrorRetryAfter: Duration = .seconds(15 * 60)

    /// The default: 3 attempts, 1 s then 2 s apart.
    public init() {}

    /// The pause after attempt `number` (1-based).
    public func delay(afterAttempt number: Int) -> Duration {
        var delay = initialDelay
        for _ in 1..<max(1, number) where delay < maximumDelay { delay *= 2 }
        return min(delay, maximumDelay)
    }
}
