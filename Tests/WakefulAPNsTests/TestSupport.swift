import Crypto
import Foundation
@testable import WakefulAPNs

/// A wall clock that tests move by hand.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var date: Date

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { date = start }

    var now: Date { lock.withLock { date } }

    func advance(minutes: Double) { lock.withLock { date += minutes * 60 } }

    /// The closure the code under test reads.
    var reader: @Sendable () -> Date { { [self] in self.now } }
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
    static func mockConfiguration(credentials: APNsCredentials, clock: ManualClock) -> MockAPNsConfiguration {
        var configuration = MockAPNsConfiguration()
        configuration.allowedTopics = [topic]
        configuration.keys = [credentials.keyID: MockProviderKey(teamID: credentials.teamID, publicKey: credentials.publicKey)]
        configuration.now = clock.reader
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

/// Collects what the sender reports: attempts and the pauses it asked for.
final class SenderLog: @unchecked Sendable {
    private let lock = NSLock()
    private var _attempts: [PushAttempt] = []
    private var _pauses: [Duration] = []

    var attempts: [PushAttempt] { lock.withLock { _attempts } }
    var pauses: [Duration] { lock.withLock { _pauses } }
    func record(_ attempt: PushAttempt) { lock.withLock { _attempts.append(attempt) } }
    func pause(_ duration: Duration) { lock.withLock { _pauses.append(duration) } }
}

/// Runs `body` with a sender pointed at `mock` (pauses recorded, not slept), shut down on every path.
func withSender<T>(
    _ mock: MockAPNsServer,
    transport: APNsTransportKind = .http2Frames,
    tokens: ProviderTokenProvider,
    clock: ManualClock,
    log: SenderLog = SenderLog(),
    configure: (inout APNsSenderConfiguration) -> Void = { _ in },
    _ body: (APNsSender) async throws -> T
) async throws -> T {
    var configuration = APNsSenderConfiguration(baseURL: mock.baseURL, topic: Fixture.topic)
    configuration.trustedCertificatesPEM = [mock.certificatePEM]
    configuration.requestTimeout = .seconds(5)
    configuration.transport = transport
    configure(&configuration)
    let sender = try APNsSender(
        configuration: configuration, tokens: tokens, onAttempt: { log.record($0) }, now: clock.reader, pause: { log.pause($0) })
    do {
        let result = try await body(sender)
        try await sender.shutdown()
        return result
    } catch {
        try? await sender.shutdown()
        throw error
    }
}
