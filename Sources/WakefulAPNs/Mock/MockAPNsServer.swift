import Foundation
import Wakeful
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP2
import NIOPosix
import NIOSSL

/// A mock APNs: HTTP/2 over TLS (ALPN `h2`) on 127.0.0.1 with a certificate made at start,
/// validating like APNs (§9.1) and injecting faults (§9.2); every request is recorded (§9.3).
///
/// ```swift
/// let mock = try await MockAPNsServer.start(configuration)
/// mock.register(MockDeviceRegistration(deviceToken: hex, environment: .development, topic: "com.example.app"))
/// var sender = APNsSenderConfiguration(baseURL: mock.baseURL, topic: "com.example.app")
/// sender.trustedCertificatesPEM = [mock.certificatePEM]
/// // … send, then assert on mock.recordedRequests() …
/// try await mock.shutdown()   // on every path
/// ```
public final class MockAPNsServer: Sendable {
    /// The bound port on 127.0.0.1.
    public let port: Int
    /// The PEM certificate clients must trust.
    public let certificatePEM: String
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let state: NIOLockedValueBox<MockAPNsState>

    /// `https://127.0.0.1:<port>`.
    public var baseURL: String { "https://127.0.0.1:\(port)" }

    private init(
        port: Int, certificatePEM: String, group: MultiThreadedEventLoopGroup, channel: any Channel,
        state: NIOLockedValueBox<MockAPNsState>
    ) {
        self.port = port
        self.certificatePEM = certificatePEM
        self.group = group
        self.channel = channel
        self.state = state
    }

    /// Starts a mock on 127.0.0.1 at `port` (0: any free port; read ``port`` back).
    public static func start(_ configuration: MockAPNsConfiguration, port: Int = 0) async throws -> MockAPNsServer {
        let certificate = try MockCertificate.generate()  // real time: TLS checks validity by the wall clock
        var tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: [
                .certificate(try NIOSSLCertificate(bytes: Array(certificate.certificatePEM.utf8), format: .pem))
            ],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(certificate.privateKeyPEM.utf8), format: .pem))
        )
        tls.applicationProtocols = ["h2"]
        let sslContext = try NIOSSLContext(configuration: tls)
        let state = NIOLockedValueBox(MockAPNsState(configuration: configuration))
        let connections = ManagedAtomicCounter()
        var settings = nioDefaultSettings.filter { $0.parameter != .maxConcurrentStreams }
        settings.append(
            HTTP2Setting(parameter: .maxConcurrentStreams, value: configuration.initialMaxConcurrentStreams))
        let established = configuration.establishedMaxConcurrentStreams
        let initialSettings = settings

        let group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, configuration.threads))
        do {
            let channel = try await ServerBootstrap(group: group)
                .serverChannelOption(.backlog, value: 256)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let connection = MockConnection(id: connections.next(), establishedMaxStreams: established)
                        try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: sslContext))
                        var connectionConfiguration = NIOHTTP2Handler.ConnectionConfiguration()
                        connectionConfiguration.initialSettings = initialSettings
                        try channel.pipeline.syncOperations.addHandler(
                            NIOHTTP2Handler(mode: .server, connectionConfiguration: connectionConfiguration))
                        try channel.pipeline.syncOperations.addHandler(
                            MockConnectionHandler(state: state, connection: connection))
                    }
                }
                .bind(host: "127.0.0.1", port: port)
                .get()
            return MockAPNsServer(
                port: channel.localAddress?.port ?? port, certificatePEM: certificate.certificatePEM, group: group,
                channel: channel, state: state)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// Stops listening and closes every connection.
    public func shutdown() async throws {
        try? await channel.close()
        try await group.shutdownGracefully()
    }

    /// Makes `registration.deviceToken` known for its environment and topic.
    public func register(_ registration: MockDeviceRegistration) {
        state.withLockedValue { $0.registrations[registration.deviceToken, default: []].append(registration) }
    }

    /// Replaces the fault rules (takes effect with the next request).
    public func setFaults(_ rules: [MockFaultRule]) { state.withLockedValue { $0.faults = rules } }

    /// Adds a fault rule after the existing ones.
    public func addFault(_ rule: MockFaultRule) { state.withLockedValue { $0.faults.append(rule) } }

    /// Changes the configuration while running (`threads` and `seed` are read only at start).
    public func reconfigure(_ change: @Sendable (inout MockAPNsConfiguration) -> Void) {
        state.withLockedValue { change(&$0.configuration) }
    }

    /// Every request received so far, in arrival order.
    public func recordedRequests() -> [MockRecordedRequest] { state.withLockedValue { $0.records } }

    /// How many requests have arrived.
    public var requestCount: Int { state.withLockedValue { $0.ordinal } }

    /// Forgets records, faults, the request count and seen tokens; keeps configuration and registrations.
    public func reset() {
        state.withLockedValue { state in
            state.records = []
            state.faults = []
            state.ordinal = 0
            state.latestIssuedAt = [:]
            state.generator = SplitMix64(seed: state.configuration.seed)
        }
    }
}

/// Numbers connections in accept order.
private final class ManagedAtomicCounter: Sendable {
    private let value = NIOLockedValueBox(0)

    func next() -> Int {
        value.withLockedValue {
            $0 += 1; return $0
        }
    }
}

/// Per-connection state: its number, whether SETTINGS already raised the stream limit, and the
/// provider tokens it has verified (its handler runs on one event loop, so the locks are uncontended).
final class MockConnection: Sendable {
    let id: Int
    let establishedMaxStreams: Int
    let verifiedTokens = NIOLockedValueBox(MockVerifiedTokens())
    private let raised = NIOLockedValueBox(false)

    init(id: Int, establishedMaxStreams: Int) {
        self.id = id
        self.establishedMaxStreams = establishedMaxStreams
    }

    /// True exactly once: the first time a validly authenticated request arrives.
    func shouldRaiseLimit() -> Bool {
        raised.withLockedValue { raised in
            defer { raised = true }
            return !raised
        }
    }
}
