import Clocks
import Crypto
import Foundation
@testable import WakefulAPNs

/// The tests' time: swift-clocks' `ImmediateClock`, on which every wait returns at once having
/// moved time on by its length (a sender's pauses between resends cost nothing and show in its
/// attempts' start times), and the dates it stands for.
struct TestTime {
    private let clock = ImmediateClock()
    /// What the code under test is given.
    let wall: WallClock

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        wall = WallClock(clock: clock, startingAt: start)
    }

    var now: Date { wall.now }

    /// Lets `minutes` pass.
    func advance(minutes: Double) async throws { try await clock.sleep(for: .seconds(minutes * 60)) }
}

enum Fixture {
    static let teamID = "TEAM123456"
    static let keyID = "KEY1234567"

    /// Credentials around a key generated for this test run (never a real `.p8`).
    static func credentials() throws -> APNsCredentials {
        try APNsCredentials(teamID: teamID, keyID: keyID, p8PEM: P256.Signing.PrivateKey().pemRepresentation)
    }
}

extension Fixture {
    static let topic = "com.example.wakeful"
    static let deviceToken = String(repeating: "ab", count: 32)
    static let otherDeviceToken = String(repeating: "cd", count: 32)

    /// A mock that knows `credentials`' key, `topic`, and `deviceToken` in development.
    static func mockConfiguration(credentials: APNsCredentials, clock: TestTime) -> MockAPNsConfiguration {
        var configuration = MockAPNsConfiguration()
        configuration.allowedTopics = [topic]
        configuration.keys = [
            credentials.keyID: MockProviderKey(teamID: credentials.teamID, publicKey: credentials.publicKey)
        ]
        configuration.clock = clock.wall
        return configuration
    }
}

/// Runs `body` with a started mock, shutting it down on every path.
func withMock<T>(
    _ configuration: MockAPNsConfiguration,
    registering tokens: [String] = [Fixture.deviceToken],
    _ body: (MockAPNsServer) async throws -> T
) async throws -> T {
    let mock = try await MockAPNsServer.start(configuration)
    for token in tokens {
        mock.register(MockDeviceRegistration(deviceToken: token, environment: .development, topic: Fixture.topic))
    }
    do {
        let result = try await body(mock)
        try await mock.shutdown()
        return result
    } catch {
        try? await mock.shutdown()
        throw error
    }
}

/// Collects the attempts the sender reports.
final class SenderLog: @unchecked Sendable {
    private let lock = NSLock()
    private var _attempts: [PushAttempt] = []

    var attempts: [PushAttempt] { lock.withLock { _attempts } }
    func record(_ attempt: PushAttempt) { lock.withLock { _attempts.append(attempt) } }

    /// The time between one attempt's start and the next's: on a ``TestTime`` the sender's pauses,
    /// since only waiting moves that clock.
    var pauses: [TimeInterval] {
        let starts = attempts.map(\.startedAt)
        return zip(starts, starts.dropFirst()).map { $1.timeIntervalSince($0) }
    }
}

/// Runs `body` with a sender pointed at `mock` (pauses cost no real time), shut down on every path.
func withSender<T>(
    _ mock: MockAPNsServer,
    transport: APNsTransportKind = .http2Frames,
    tokens: ProviderTokenProvider,
    clock: TestTime,
    log: SenderLog = SenderLog(),
    configure: (inout APNsSenderConfiguration) -> Void = { _ in },
    _ body: (APNsSender) async throws -> T
) async throws -> T {
    var configuration = APNsSenderConfiguration(baseURL: mock.baseURL, topic: Fixture.topic)
    configuration.trustedCertificatesPEM = [mock.certificatePEM]
    // A hang detector, not a speed check: a loaded machine can take seconds for one exchange over TLS.
    // The test of the deadline itself sets its own.
    configuration.requestTimeout = .seconds(60)
    configuration.transport = transport
    configure(&configuration)
    let sender = try APNsSender(
        configuration: configuration, tokens: tokens, onAttempt: { log.record($0) }, clock: clock.wall)
    do {
        let result = try await body(sender)
        try await sender.shutdown()
        return result
    } catch {
        try? await sender.shutdown()
        throw error
    }
}
