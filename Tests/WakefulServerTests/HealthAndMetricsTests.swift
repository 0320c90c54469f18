import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import Wakeful
import WakefulServer
import WakefulTestSupport

/// `/metrics` counts the status that was sent and the requests whose client went away; `/healthz`
/// and `/readyz` say what a load balancer needs; a wrong method is 405 with `Allow`.
@Suite("health, readiness, methods and the statuses /metrics counts", .hangLimit, .watchdog)
struct HealthAndMetricsTests {
    @Test("HEAD /healthz is 200 without a body; GET /readyz is 200 while the storage answers")
    func healthAndReadiness() async throws {
        try await ServerHarness.withServer { _, client in
            let head = try await client.send(.head, "/healthz")
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            let ready = try await client.send(.get, "/readyz")
            #expect(ready.status == .ok, "\(ready.text)")
            #expect(try ready.object()["status"] as? String == "ok")
        }
    }

    @Test(
        "a path that exists with other methods is 405 with Allow; a path that does not is 404",
        arguments: [
            ("POST", "/healthz", "GET, HEAD"), ("DELETE", "/v1/ingest", "POST"),
            ("PUT", "/v1/devices/8D6E3C54-8D3B-4B0A-9E0B-8C1F7B1D2A10/wakes", "GET, HEAD, POST"),
        ])
    func methodNotAllowed(method: String, path: String, allow: String) async throws {
        try await ServerHarness.withServer { _, client in
            let response = try await client.send(
                HTTPRequest.Method(method)!, path, body: method == "DELETE" ? nil : Array("{}".utf8))
            #expect(response.status == .methodNotAllowed, "\(response.text)")
            #expect(response.headers[.allow] == allow)
            #expect(response.errorCode == "method_not_allowed")
            let missing = try await client.send(.get, "/v1/nothing-here")
            #expect(missing.status == .notFound)
        }
    }

    @Test("a 413 is counted as 413, never as 500, by route and for ingest")
    func tooLargeIsCountedAsSent() async throws {
        try await ServerHarness.withServer(limits: ServerLimits(maximumIngestBytes: 1024)) { _, client in
            let device = try await client.register()
            let body = Array(#"{"batch_id":"\#(String(repeating: "x", count: 4096))"}"#.utf8)
            let response = try await client.send(
                .post, "/v1/ingest", token: device.token, headers: [.idempotencyKey: UUID().uuidString], body: body)
            #expect(response.status == .contentTooLarge)
            let metrics = try await client.send(.get, "/metrics").text
            #expect(metrics.contains(#"wakeful_ingest_requests_total{status="413"} 1"#), "\(metrics)")
            #expect(metrics.contains(#"wakeful_http_requests_total{route="/v1/ingest",status="413"} 1"#), "\(metrics)")
            #expect(
                metrics.contains(#"wakeful_http_requests_total{route="/v1/devices/register",status="201"} 1"#),
                "\(metrics)")
            #expect(!metrics.contains(#"status="500""#), "\(metrics)")
        }
    }

    @Test("a client that hangs up in the middle of its body is counted as aborted, not as a 500")
    func hangUpIsAborted() async throws {
        try await ServerHarness.withServer(.live) { _, client in
            let port = try #require(client.port)
            let device = try await client.register()
            let head =
                "POST /v1/ingest HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(device.token)\r\n"
                + "Content-Type: application/json\r\nIdempotency-Key: \(UUID().uuidString)\r\nContent-Length: 100000\r\n\r\n{"
            // Sent, then the connection is dropped (closed as it goes out of scope).
            try RawConnection(port: port).send(head)
            // The server notices the hang-up on its own; ask until it has counted it (each
            // question is a real request, so the loop is bounded by requests, not by sleeping).
            var metrics = ""
            for _ in 0..<500 {
                metrics = try await client.send(.get, "/metrics").text
                if metrics.contains("wakeful_http_requests_aborted_total{") { break }
            }
            #expect(metrics.contains(#"wakeful_http_requests_aborted_total{route="/v1/ingest"} 1"#), "\(metrics)")
            #expect(!metrics.contains(#"status="500""#), "\(metrics)")
        }
    }
}
