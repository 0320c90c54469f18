import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import Wakeful
import WakefulServer
import WakefulTestSupport

/// The same server over real HTTP on loopback (a free port), where bodies arrive in pieces.
@Suite("live HTTP", .hangLimit, .watchdog)
struct LiveServerTests {
    @Test("register, ingest and resend over HTTP; every answer after the commit")
    func ingest() async throws {
        try await ServerHarness.withServer(.live) { harness, client in
            let device = try await client.register()
            let batch = IngestBatch(
                batchID: UUID(), installID: device.installID,
                records: makeRecords(install: device.installID, count: 500))
            let first = try await client.ingest(batch, token: device.token)
            #expect(try IngestAnswer.parse(Array(first.text.utf8)).answer == IngestAnswer(accepted: 500, duplicates: 0))
            #expect(
                try await harness.storage.records(deviceID: device.id, matching: RecordQuery(limit: 1000)).count == 500)
            let again = try await client.ingest(batch, token: device.token)
            #expect(try IngestAnswer.parse(Array(again.text.utf8)).answer == IngestAnswer(accepted: 0, duplicates: 500))
        }
    }

    /// RFC 9112 §3.2: no Host header, or two, is 400 (it used to be 200).
    @Test("a request without a Host header, or with two, is 400")
    func hostHeader() async throws {
        try await ServerHarness.withServer(.live) { _, client in
            let port = try #require(client.port)
            func answer(_ request: String) async throws -> String {
                try await RawConnection.offPool {
                    let connection = try RawConnection(port: port)
                    try connection.send(request)
                    return connection.textUntilClosed(timeout: .seconds(120))
                }
            }
            let missing = try await answer("GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n")
            #expect(missing.hasPrefix("HTTP/1.1 400"), "\(missing)")
            let twice = try await answer(
                "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: example.com\r\nConnection: close\r\n\r\n")
            #expect(twice.hasPrefix("HTTP/1.1 400"), "\(twice)")
            #expect(twice.contains("given more than once"))
            let once = try await answer("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(once.hasPrefix("HTTP/1.1 200"), "\(once)")
        }
    }

    @Test("a body over 1 MiB is 413 over HTTP too")
    func oversized() async throws {
        try await ServerHarness.withServer(.live) { _, client in
            let device = try await client.register()
            let body = Array(#"{"batch_id":"\#(String(repeating: "x", count: 1_100_000))"}"#.utf8)
            let response = try await client.send(
                .post, "/v1/ingest", token: device.token, headers: [.idempotencyKey: UUID().uuidString], body: body)
            #expect(response.status == .contentTooLarge)
            #expect(response.errorCode == "too_large")
        }
    }
}
