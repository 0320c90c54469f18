import Foundation
import HummingbirdTesting
import Testing
import WakefulServer
import WakefulTestSupport

/// RFC 9112 §6.1: an HTTP/1.0 request with `Transfer-Encoding` has faulty framing; the server
/// answers 400 and closes the connection instead of reading a chunked body and keeping it alive.
@Suite("HTTP/1.0 framing", .watchdog)
struct HTTP10FramingTests {
    static let registration =
        #"{"install_id":"\#(UUID().uuidString)","bundle_id":"b","app_version":"1","os_version":"1"}"#

    /// `body` in one chunk, then the last chunk.
    static var chunked: String {
        String(registration.utf8.count, radix: 16) + "\r\n" + registration + "\r\n0\r\n\r\n"
    }

    /// What the server answers to `request` on a new connection, and whether it closed it; a
    /// keep-alive connection the server left open is seen as not closed once a second request on
    /// it has been answered too.
    static func exchange(_ request: String, port: Int) async throws -> (text: String, closed: Bool) {
        try await RawConnection.offPool {
            let connection = try RawConnection(port: port)
            try connection.send(request)
            guard let first = RawConnection.firstAnswer([connection], timeout: .seconds(120)) else {
                return ("", false)
            }
            // A second request: a connection kept alive answers it; a closed one has ended.
            try? connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            let rest = connection.textAndClose(timeout: .seconds(120))
            return (first.text + rest.text, rest.closed && !rest.text.contains("HTTP/1.1 200 "))
        }
    }

    @Test(
        "HTTP/1.0 with Transfer-Encoding: chunked is answered 400 and the connection is closed", .hangLimit,
        arguments: [
            // Seen by the server's own check, which names the header.
            (
                "POST /v1/devices/register HTTP/1.0\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n",
                true
            ),
            // With Content-Length as well, NIO's parser refuses it first (400, no body).
            (
                "POST /v1/devices/register HTTP/1.0\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n",
                false
            ),
        ])
    func http10Chunked(head: String, namesTheHeader: Bool) async throws {
        try await ServerHarness.withServer(.live) { _, client in
            let port = try #require(client.port)
            let (text, closed) = try await Self.exchange(head + Self.chunked, port: port)
            #expect(text.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(text)")
            #expect(text.lowercased().contains("connection: close\r\n"), "\(text)")
            if namesTheHeader { #expect(text.contains(#""field":"Transfer-Encoding""#), "\(text)") }
            #expect(closed, "the connection was kept alive: \(text)")
        }
    }

    @Test("HTTP/1.1 chunked and HTTP/1.0 with Content-Length are still served", .hangLimit)
    func wellFramed() async throws {
        try await ServerHarness.withServer(.live) { _, client in
            let port = try #require(client.port)
            let chunked = try await Self.exchange(
                "POST /v1/devices/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + Self.chunked, port: port)
            #expect(chunked.text.hasPrefix("HTTP/1.1 201 "), "\(chunked.text)")
            let body = #"{"install_id":"\#(UUID().uuidString)","bundle_id":"b","app_version":"1","os_version":"1"}"#
            let plain = try await Self.exchange(
                "POST /v1/devices/register HTTP/1.0\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
                    + body, port: port)
            #expect(plain.text.hasPrefix("HTTP/1.0 201 ") || plain.text.hasPrefix("HTTP/1.1 201 "), "\(plain.text)")
        }
    }
}
