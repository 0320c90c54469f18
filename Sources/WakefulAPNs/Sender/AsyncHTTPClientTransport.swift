import AsyncHTTPClient
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOSSL

/// ``APNsTransport`` on AsyncHTTPClient: one client per connection (AHC keeps one HTTP/2
/// connection per host and client), used round robin.
final class AsyncHTTPClientTransport: APNsTransport {
    private let baseURL: String
    private let clients: [HTTPClient]
    private let nextClient = NIOLockedValueBox(0)

    /// - Parameter streamLimits: told the SETTINGS of every connection.
    init(configuration: APNsSenderConfiguration, tls: TLSConfiguration, streamLimits: StreamLimitObserver) {
        baseURL = configuration.baseURL
        var http = HTTPClient.Configuration()
        http.httpVersion = .automatic  // HTTP/2 by ALPN
        http.tlsConfiguration = tls
        http.http2ConnectionDebugInitializer = { streamLimits.install(on: $0) }
        // The sender records every attempt itself; a span per request (even a no-op tracer's)
        // costs measurable CPU at thousands of pushes a second.
        http.tracing.tracer = nil
        clients = (0..<configuration.connections).map { _ in
            HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: http)
        }
    }

    func send(_ request: APNsHTTPRequest, timeout: Duration) async throws -> APNsHTTPResponse {
        var http = HTTPClientRequest(url: baseURL + request.path)
        http.method = .POST
        for (name, value) in request.headers { http.headers.add(name: name, value: value) }
        http.body = .bytes(request.body)
        do {
            let response = try await client().execute(http, timeout: timeout.timeAmount)
            let body = try await response.body.collect(upTo: 64 * 1024)
            return APNsHTTPResponse(
                status: Int(response.status.code), apnsID: response.headers.first(name: "apns-id"), body: body)
        } catch let error as HTTPClientError where error == .deadlineExceeded {
            throw APNsTransportError.deadlineExceeded
        } catch {
            throw APNsTransportError.connectionFailed(String(describing: error))
        }
    }

    func shutdown() async throws {
        var failure: (any Error)?
        for client in clients {
            do { try await client.shutdown() } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
    }

    /// The client for the next request, round robin.
    private func client() -> HTTPClient {
        guard clients.count > 1 else { return clients[0] }
        return clients[
            nextClient.withLockedValue { next in
                defer { next = (next + 1) % clients.count }
                return next
            }]
    }
}
