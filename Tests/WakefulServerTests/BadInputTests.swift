import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import Wakeful
import WakefulServer
import WakefulTestSupport

@Suite("bad input is answered 4xx with a JSON error naming the field, never 500", .hangLimit, .watchdog)
struct BadInputTests {
    static let validRegistration =
        #"{"install_id":"5A1D0C3E-8B7F-4E21-8000-00000000002A","bundle_id":"b","app_version":"1","os_version":"17"}"#

    @Test(
        "malformed registration bodies",
        arguments: [
            ("", nil), ("{", nil), ("[]", nil), ("null", nil), ("{\"install_id\":", nil),
            (#"{"bundle_id":"b","app_version":"1","os_version":"17"}"#, "install_id"),
            (#"{"install_id":"nope","bundle_id":"b","app_version":"1","os_version":"17"}"#, "install_id"),
            (#"{"install_id":42,"bundle_id":"b","app_version":"1","os_version":"17"}"#, "install_id"),
            (
                #"{"install_id":"5A1D0C3E-8B7F-4E21-8000-00000000002A","bundle_id":"","app_version":"1","os_version":"17"}"#,
                "bundle_id"
            ),
            (
                #"{"install_id":"5A1D0C3E-8B7F-4E21-8000-00000000002A","bundle_id":"b","app_version":["1"],"os_version":"17"}"#,
                "app_version"
            ),
            (
                #"{"install_id":"5A1D0C3E-8B7F-4E21-8000-00000000002A","bundle_id":"b","app_version":"1","os_version":"17","apns":7}"#,
                "apns"
            ),
            (
                #"{"install_id":"5A1D0C3E-8B7F-4E21-8000-00000000002A","bundle_id":"b","app_version":"1","os_version":"17","apns":{"token":"xyz","environment":"sandbox","topic":"t"}}"#,
                "apns.token"
            ),
            (
                #"{"install_id":"5A1D0C3E-8B7F-4E21-8000-00000000002A","bundle_id":"b","app_version":"1","os_version":"17","apns":{"token":"ab","environment":"prod","topic":"t"}}"#,
                "apns.environment"
            ),
        ] as [(String, String?)])
    func registration(_ body: String, _ field: String?) async throws {
        try await ServerHarness.withServer { _, client in
            let response = try await client.send(.post, "/v1/devices/register", body: Array(body.utf8))
            #expect(response.status == .badRequest, "\(body) → \(response.text)")
            let object = try response.object()
            #expect(object["error"] is String)
            #expect(object["field"] as? String == field, "\(response.text)")
        }
    }

    @Test(
        "wrong or missing content types are 415",
        arguments: ["text/plain", "application/x-www-form-urlencoded", nil] as [String?])
    func contentType(_ type: String?) async throws {
        try await ServerHarness.withServer { _, client in
            var headers: HTTPFields = [:]
            if let type { headers[.contentType] = type }
            let response = try await client.send(
                .post, "/v1/devices/register", headers: headers, body: Array(Self.validRegistration.utf8), json: false)
            #expect(response.status == .unsupportedMediaType)
            #expect(response.errorCode == "unsupported_media_type")
        }
    }

    @Test(
        "malformed ingest envelopes are 400 naming the field",
        arguments: [
            ("", nil), ("{\"batch_id\":", nil), ("42", nil), (#"{"install_id":"I","records":[]}"#, "batch_id"),
            (#"{"batch_id":"B","install_id":"I","records":[]}"#, "records"),
            (#"{"batch_id":"B","install_id":"I","records":{}}"#, "records"),
            (#"{"batch_id":"B","install_id":"I","records":[{"seq":1}]}"#, "records[0].uuid"),
            (#"{"batch_id":"B","install_id":"not-a-uuid","records":[{"seq":1}]}"#, "install_id"),
        ] as [(String, String?)])
    func ingestEnvelope(_ template: String, _ field: String?) async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register()
            let batchID = UUID()
            let body = template.replacingOccurrences(of: #""B""#, with: "\"\(batchID.uuidString)\"")
                .replacingOccurrences(of: #""I""#, with: "\"\(device.installID.uuidString)\"")
            let response = try await client.send(
                .post, "/v1/ingest", token: device.token, headers: [.idempotencyKey: batchID.uuidString],
                body: Array(body.utf8))
            #expect(response.status == .badRequest, "\(body) → \(response.text)")
            #expect(response.errorCode == "invalid_body")
            #expect(try response.object()["field"] as? String == field, "\(response.text)")
        }
    }

    @Test("a truncated ingest body is 400 and stores nothing")
    func truncated() async throws {
        try await ServerHarness.withServer { harness, client in
            let device = try await client.register()
            let batch = IngestBatch(
                batchID: UUID(), installID: device.installID, records: makeRecords(install: device.installID, count: 3))
            let bytes = batch.jsonBytes()
            let response = try await client.send(
                .post, "/v1/ingest", token: device.token, headers: [.idempotencyKey: batch.batchID.uuidString],
                body: Array(bytes[..<(bytes.count * 2 / 3)]))
            #expect(response.status == .badRequest)
            #expect(try await harness.storage.records(deviceID: device.id, matching: RecordQuery()).isEmpty)
        }
    }

    @Test("an oversized registration body is 413")
    func oversizedRegistration() async throws {
        try await ServerHarness.withServer { _, client in
            let body = #"{"pad":"\#(String(repeating: "x", count: 70_000))"}"#
            let response = try await client.send(.post, "/v1/devices/register", body: Array(body.utf8))
            #expect(response.status == .contentTooLarge)
            #expect(response.errorCode == "too_large")
        }
    }

    @Test(
        "bad path IDs and query parameters are 400 naming them",
        arguments: [
            ("/v1/devices/not-a-uuid/records", "id"), ("/v1/devices/not-a-uuid/timeline", "id"),
            ("/v1/devices/D/records?from=yesterday", "from"), ("/v1/devices/D/records?to=2026-13-40T00:00:00Z", "to"),
            ("/v1/devices/D/records?limit=0", "limit"), ("/v1/devices/D/records?limit=ten", "limit"),
            ("/v1/devices/D/records?limit=10001", "limit"), ("/v1/devices/D/records?kind=", "kind"),
            ("/v1/devices/D/records?from=2026-11-21T08:00:00Z&to=2026-11-21T07:00:00Z", "to"),
            ("/v1/devices/D/timeline?from=1", "from"),
        ])
    func parameters(_ template: String, _ field: String) async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register()
            let uri = template.replacingOccurrences(of: "/D/", with: "/\(device.id.uuidString)/")
            let response = try await client.send(.get, uri, token: ServerHarness.adminToken)
            #expect(response.status == .badRequest, "\(uri) → \(response.text)")
            #expect(try response.object()["field"] as? String == field)
        }
    }

    @Test("a DELETE with a bad ID is 400; an unknown ID 404")
    func revokeIDs() async throws {
        try await ServerHarness.withServer { _, client in
            let bad = try await client.send(.delete, "/v1/devices/xyz", token: ServerHarness.adminToken)
            #expect(bad.status == .badRequest)
            let unknown = try await client.send(
                .delete, "/v1/devices/\(UUID().uuidString)", token: ServerHarness.adminToken)
            #expect(unknown.status == .notFound)
            #expect(unknown.errorCode == "not_found")
        }
    }

    @Test("unknown routes are a JSON 404")
    func unknownRoute() async throws {
        try await ServerHarness.withServer { _, client in
            let response = try await client.send(.get, "/v2/nothing")
            #expect(response.status == .notFound)
            #expect(response.errorCode == "not_found")
        }
    }
}
