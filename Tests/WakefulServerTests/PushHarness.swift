import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import Testing
import Wakeful
import WakefulAPNs
import WakefulServer

/// A server wired to a mock APNs, sharing one clock that the test moves, for one push test.
struct PushHarness {
    static let topic = "com.example.app"
    /// The topic of the app's ActivityKit pushes (reference §2).
    static let liveActivityTopic = topic + ".push-type.liveactivity"
    static let teamID = "TEAM123456"
    static let keyID = "KEY1234567"

    /// The server's and the mock's clock, moved by the test.
    let clock: WatchedClock
    /// The dates `clock` stands for, from ``ServerHarness/now``.
    let time: WallClock
    let mock: MockAPNsServer
    let storage: any ServerStorage & PushStorage
    let parts: ServerParts

    /// The dispatcher (the harness always configures APNs).
    var dispatcher: PushDispatcher { parts.dispatcher! }

    /// The clock's time, seconds since 1970.
    var now: TimeInterval { time.now.timeIntervalSince1970 }

    /// Dispatches what is due at the clock's time.
    @discardableResult
    func dispatch() async -> DispatchReport { await dispatcher.dispatchDue(now: now) }

    /// Moves the clock `seconds` on.
    func advance(seconds: TimeInterval) async { await clock.advance(by: .seconds(seconds)) }

    /// Runs `body` against the router with a fresh database of `engine` and a started mock APNs;
    /// both go away on every path.
    static func withPushServer<T: Sendable>(
        engine: StorageEngine = .sqlite,
        _ adjust: @Sendable (inout PushSettings) -> Void = { _ in },
        _ body: @escaping @Sendable (PushHarness, any TestClientProtocol) async throws -> T
    ) async throws -> T {
        let clock = WatchedClock()
        let time = WallClock(clock: clock, startingAt: Date(timeIntervalSince1970: ServerHarness.now))
        let credentials = try APNsCredentials(teamID: teamID, keyID: keyID, privateKey: P256.Signing.PrivateKey())
        var mockConfiguration = MockAPNsConfiguration()
        mockConfiguration.allowedTopics = [topic, liveActivityTopic]
        mockConfiguration.strictLiveActivityLint = true
        mockConfiguration.keys = [keyID: MockProviderKey(teamID: teamID, publicKey: credentials.publicKey)]
        mockConfiguration.clock = time
        let mock = try await MockAPNsServer.start(mockConfiguration)
        do {
            let result = try await engine.withStore { store in
                let storage = try await Self.openStorage(store)
                var settings = PushSettings()
                settings.pollInterval = nil
                settings.apns = APNsConnection(
                    credentials: credentials, hostOverride: mock.baseURL, trustedCertificatesPEM: [mock.certificatePEM])
                adjust(&settings)
                let configuration = ServerConfiguration(
                    port: 0, storage: storage, adminToken: ServerHarness.adminToken, clock: time, push: settings)
                let parts = try ServerParts(configuration)
                let app = try await buildApplication(configuration, parts: parts)
                let harness = PushHarness(clock: clock, time: time, mock: mock, storage: storage, parts: parts)
                return try await app.test(.router) { client in try await body(harness, client) }
            }
            try await mock.shutdown()
            return result
        } catch {
            try? await mock.shutdown()
            throw error
        }
    }

    /// A storage on `store` whose pool, for PostgreSQL, the application runs as one of its services.
    private static func openStorage(_ store: TestStore) async throws -> any ServerStorage & PushStorage {
        switch store.location {
        case .directory(let directory): return try SQLiteServerStorage(directory: directory)
        case .postgres(let url):
            return try await PostgresServerStorage(url: url, logger: PostgresTestDatabase.logger, maximumConnections: 8)
        }
    }

    /// A new 64-hex-digit device token, registered with the mock unless told otherwise.
    func deviceToken(knownToMock: Bool = true) -> String {
        let token = (UUID().uuidString + UUID().uuidString).replacingOccurrences(of: "-", with: "").lowercased()
        if knownToMock {
            mock.register(MockDeviceRegistration(deviceToken: token, environment: .development, topic: Self.topic))
        }
        return token
    }

    /// A new Live Activity token (push-to-start or update), registered with the mock for the
    /// app's Live Activity topic.
    func liveActivityToken() -> String {
        let token = (UUID().uuidString + UUID().uuidString).replacingOccurrences(of: "-", with: "").lowercased()
        mock.register(
            MockDeviceRegistration(deviceToken: token, environment: .development, topic: Self.liveActivityTopic))
        return token
    }
}

extension TestClientProtocol {
    /// `POST /v1/devices/{id}/wakes` as the admin (or `token`), with an optional JSON body.
    func postWake(_ device: UUID, _ body: String? = nil, token: String = ServerHarness.adminToken) async throws
        -> TestResponse
    {
        try await send(.post, "/v1/devices/\(device.uuidString)/wakes", token: token, body: body.map { Array($0.utf8) })
    }

    /// The device's wakes as the admin, newest first.
    func wakes(_ device: UUID) async throws -> [[String: Any]] {
        let response = try await send(.get, "/v1/devices/\(device.uuidString)/wakes", token: ServerHarness.adminToken)
        #expect(response.status == .ok, "\(response.text)")
        return try #require(try response.object()["wakes"] as? [[String: Any]])
    }
}

/// An RFC 3339 time for request bodies.
func stamp(_ seconds: TimeInterval) -> String { RFC3339Time.string(fromSecondsSince1970: seconds)! }
