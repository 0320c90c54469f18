import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP2
import NIOPosix
import NIOSSL

/// ``APNsTransport`` on SwiftNIO HTTP/2 frames (``HTTP2ExchangeHandler``): `connections` HTTP/2
/// connections used round robin, each opened on first use and opened again after it closed or
/// received GOAWAY.
///
/// A request the server refused before processing it (GOAWAY naming an earlier stream, or
/// REFUSED_STREAM) is sent once more on another connection, as RFC 9113 §8.7 allows.
final class HTTP2FrameTransport: APNsTransport {
    /// One connection: its channel, its handler and whether it still takes requests.
    private struct Connection: Sendable {
        let channel: any Channel
        let handler: NIOLoopBound<HTTP2ExchangeHandler>
        let health: ConnectionHealth
    }

    private enum Slot {
        case empty
        case connecting(EventLoopFuture<Connection>)
        case ready(Connection)
    }

    private struct State {
        var slots: [Slot]
        var next = 0
        var isShutDown = false
    }

    private let host: String
    private let port: Int
    /// The TLS server name: the host unless it is an IP address (SNI carries names only).
    private let serverName: String?
    private let authority: String
    private let sslContext: NIOSSLContext
    private let group: any EventLoopGroup
    private let streamLimits: StreamLimitObserver
    private let state: NIOLockedValueBox<State>

    /// - Throws: NIOSSL errors for a TLS configuration it cannot use.
    init(configuration: APNsSenderConfiguration, tls: TLSConfiguration, streamLimits: StreamLimitObserver) throws {
        // validate() has checked the URL: https with a host.
        let url = URL(string: configuration.baseURL)
        host = url?.host ?? ""
        port = url?.port ?? 443
        authority = port == 443 ? host : "\(host):\(port)"
        serverName = Self.isIPAddress(host) ? nil : host
        var tls = tls
        tls.applicationProtocols = ["h2"]
        sslContext = try NIOSSLContext(configuration: tls)
        group = MultiThreadedEventLoopGroup.singleton
        self.streamLimits = streamLimits
        state = NIOLockedValueBox(State(slots: Array(repeating: .empty, count: configuration.connections)))
    }

    /// `timeout` counts from the moment the request is handed to a connection's event loop, not
    /// from the call: a task that resumes late after the connection opened (a busy cooperative
    /// pool) must not find its deadline already spent. Opening a connection has its own 10 s limit.
    func send(_ request: APNsHTTPRequest, timeout: Duration) async throws -> APNsHTTPResponse {
        do {
            return try await send(request, timeout: timeout, on: try await connection())
        } catch APNsTransportError.unprocessed {
            return try await send(request, timeout: timeout, on: try await connection())
        }
    }

    func shutdown() async throws {
        let slots = state.withLockedValue { state in
            state.isShutDown = true
            defer { state.slots = state.slots.map { _ in .empty } }
            return state.slots
        }
        for slot in slots {
            switch slot {
            case .empty: continue
            case .ready(let connection): try? await connection.channel.close()
            case .connecting(let future): try? await future.get().channel.close()
            }
        }
    }

    private func send(_ request: APNsHTTPRequest, timeout: Duration, on connection: Connection) async throws
        -> APNsHTTPResponse
    {
        let eventLoop = connection.channel.eventLoop
        let promise = eventLoop.makePromise(of: APNsHTTPResponse.self)
        let handler = connection.handler
        let timeout = timeout.timeAmount
        eventLoop.execute { handler.value.start(request, deadline: .now() + timeout, promise: promise) }
        return try await promise.futureResult.get()
    }

    /// The next connection round robin, opening it if it is not open or no longer usable.
    private func connection() async throws -> Connection {
        enum Choice {
            case ready(Connection)
            case pending(EventLoopFuture<Connection>)
            case shutDown
        }
        let choice: Choice = state.withLockedValue { state in
            guard !state.isShutDown else { return .shutDown }
            let index = state.next
            state.next = (state.next + 1) % state.slots.count
            switch state.slots[index] {
            case .ready(let connection) where connection.health.isUsable:
                return .ready(connection)
            case .connecting(let future):
                return .pending(future)
            case .empty, .ready:
                let future = connect()
                state.slots[index] = .connecting(future)
                future.whenComplete { [self] result in
                    self.state.withLockedValue { state in
                        guard case .connecting(let current) = state.slots[index], current === future else { return }
                        switch result {
                        case .success(let connection): state.slots[index] = .ready(connection)
                        case .failure: state.slots[index] = .empty
                        }
                    }
                }
                return .pending(future)
            }
        }
        switch choice {
        case .ready(let connection): return connection
        case .pending(let future):
            do { return try await future.get() } catch {
                throw APNsTransportError.connectionFailed(String(describing: error))
            }
        case .shutDown: throw APNsTransportError.shutDown
        }
    }

    private func connect() -> EventLoopFuture<Connection> {
        let sslContext = sslContext
        let serverName = serverName
        let authority = authority
        let streamLimits = streamLimits
        let health = ConnectionHealth()
        let connectionConfiguration = Self.connectionConfiguration
        return ClientBootstrap(group: group)
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(try NIOSSLClientHandler(context: sslContext, serverHostname: serverName))
                    try pipeline.addHandler(
                        NIOHTTP2Handler(mode: .client, connectionConfiguration: connectionConfiguration))
                    try pipeline.addHandler(streamLimits.handler())
                    try pipeline.addHandler(HTTP2ExchangeHandler(authority: authority, health: health))
                }
            }
            .connect(host: host, port: port)
            .flatMapThrowing { channel in
                let handler = try channel.pipeline.syncOperations.handler(type: HTTP2ExchangeHandler.self)
                return Connection(
                    channel: channel, handler: NIOLoopBound(handler, eventLoop: channel.eventLoop), health: health)
            }
    }

    /// The HTTP/2 settings of every connection.
    private static var connectionConfiguration: NIOHTTP2Handler.ConnectionConfiguration {
        var configuration = NIOHTTP2Handler.ConnectionConfiguration()
        // The request headers are the sender's own, well-formed by construction, and of an answer
        // only `:status` and `apns-id` are read: validating every header block cost more CPU per
        // push than anything else in the sender's profile.
        configuration.headerBlockValidation = .disabled
        return configuration
    }

    private static func isIPAddress(_ host: String) -> Bool {
        (try? SocketAddress(ipAddress: host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")), port: 0)) != nil
    }
}
