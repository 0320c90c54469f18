import Crypto
import Foundation

/// Which APNs environment the mock emulates, and which a device token belongs to.
public enum APNsEnvironment: String, Sendable, Codable, CaseIterable {
    /// `api.sandbox.push.apple.com`; answers carry `apns-unique-id`.
    case development
    /// `api.push.apple.com`.
    case production
}

/// How the mock APNs behaves (reference §9).
public struct MockAPNsConfiguration: Sendable {
    /// The environment the mock answers as.
    public var environment: APNsEnvironment = .development
    /// Topics (bundle IDs) accepted in `apns-topic`.
    public var allowedTopics: Set<String> = []
    /// Provider keys the mock verifies tokens with, by Key ID.
    public var keys: [String: MockProviderKey] = [:]
    /// Tokens older than this are `ExpiredProviderToken` (Apple: 1 h).
    public var maximumTokenAge: Duration = .seconds(3600)
    /// A newer token for a key sooner than this after the last is `TooManyProviderTokenUpdates`.
    public var minimumTokenInterval: Duration = .seconds(20 * 60)
    /// `MAX_CONCURRENT_STREAMS` until a connection has posted a validly authenticated request.
    public var initialMaxConcurrentStreams = 1
    /// `MAX_CONCURRENT_STREAMS` after that.
    public var establishedMaxConcurrentStreams = 1000
    /// Answer 200 to everything without checks (faults still apply): for benchmarks.
    public var acceptAll = false
    /// Fail background pushes that break the background rules (priority 5, `aps` = content-available only).
    public var strictBackgroundLint = false
    /// Fail Live Activity pushes whose `aps` breaks ActivityKit's form (`event`, `timestamp`,
    /// `content-state`, a start's `attributes-type` and `attributes`; ``MockLiveActivityLint``).
    public var strictLiveActivityLint = false
    /// Keep every request for ``MockAPNsServer/recordedRequests()`` (turn off for long benchmarks).
    public var recordsRequests = true
    /// Seed of the generator behind probability faults.
    public var seed: UInt64 = 1
    /// The mock's time (token age, arrival times).
    public var clock: WallClock = .system
    /// Event-loop threads serving connections.
    public var threads = 1

    /// The default configuration: development, nothing registered, checks on.
    public init() {}
}

/// A provider key the mock accepts: its Key ID's team and public key.
public struct MockProviderKey: Sendable {
    /// The Team ID that must appear as `iss`.
    public let teamID: String
    /// The key that must verify the signature.
    public let publicKey: P256.Signing.PublicKey

    /// A key for `teamID`.
    public init(teamID: String, publicKey: P256.Signing.PublicKey) {
        self.teamID = teamID
        self.publicKey = publicKey
    }
}

/// A device token the mock knows, with the environment and topic it was issued for.
public struct MockDeviceRegistration: Sendable, Hashable {
    /// 64 hex digits.
    public let deviceToken: String
    /// The environment that issued the token.
    public let environment: APNsEnvironment
    /// The app (bundle ID) the token belongs to.
    public let topic: String

    /// A registration.
    public init(deviceToken: String, environment: APNsEnvironment, topic: String) {
        self.deviceToken = deviceToken.lowercased()
        self.environment = environment
        self.topic = topic
    }
}
