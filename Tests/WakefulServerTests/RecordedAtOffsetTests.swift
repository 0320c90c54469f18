import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import Wakeful
import WakefulServer
import WakefulTestSupport

/// A `recorded_at` written with an offset keeps its instant: it is read back in UTC, the same
/// moment, as the API documents (the offset itself is not kept).
@Suite("recorded_at with an offset", .watchdog)
struct RecordedAtOffsetTests {
    @Test(
        "an RFC 3339 time with an offset is stored as its instant and read back in UTC", .hangLimit,
        arguments: [
            ("2026-11-21T09:45:51+02:00", "2026-11-21T07:45:51.000Z"),
            ("2026-11-21T02:15:51.5-05:30", "2026-11-21T07:45:51.500Z"),
            ("2026-11-20T23:59:59.999-08:00", "2026-11-21T07:59:59.999Z"),
            ("2026-11-21T07:45:51.123+00:00", "2026-11-21T07:45:51.123Z"),
            ("2026-11-21t07:45:51z", "2026-11-21T07:45:51.000Z"),
        ])
    func offsetKeepsTheInstant(written: String, read: String) async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register()
            let batch = UUID().uuidString
            let record = UUID().uuidString
            let body =
                #"{"batch_id":"\#(batch)","install_id":"\#(device.installID.uuidString)","records":[{"uuid":"\#(record)","seq":1,"kind":"location","recorded_at":"\#(written)","payload":{"lat":52.1}}]}"#
            let stored = try await client.send(
                .post, "/v1/ingest", token: device.token, headers: [.idempotencyKey: batch], body: Array(body.utf8))
            #expect(stored.status == .ok, "\(stored.text)")
            #expect(try stored.object()["accepted"] as? Int == 1)
            let page = try await client.send(.get, "/v1/devices/me/records", token: device.token)
            let records = try #require(try page.object()["records"] as? [[String: Any]])
            #expect(records.first?["recorded_at"] as? String == read, "\(page.text)")
            // The same instant the parser gives, to the microsecond.
            let instant = try #require(RFC3339Time.secondsSince1970(parsing: written))
            #expect(abs(instant - (RFC3339Time.secondsSince1970(parsing: read) ?? 0)) < 1e-6)
        }
    }
}
