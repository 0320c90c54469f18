import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import Wakeful
import WakefulServer
import WakefulTestSupport

@Suite("queries: devices, records, timeline", .hangLimit, .watchdog)
struct QueryEndpointTests {
    @Test("records come ordered by (recorded_at, seq), filtered by time, kind and limit")
    func records() async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register()
            var records = makeRecords(install: device.installID, count: 4)
            records[3].recordedAt = records[0].recordedAt  // same time as seq 1: seq breaks the tie
            records[2].kind = "sensor"
            _ = try await client.ingest(
                IngestBatch(batchID: UUID(), installID: device.installID, records: records), token: device.token)
            let base = "/v1/devices/\(device.id.uuidString)/records"
            let all = try await Self.seqs(client, base)
            #expect(all == [1, 4, 2, 3])
            #expect(try await Self.seqs(client, base + "?kind=sensor") == [3])
            #expect(try await Self.seqs(client, base + "?limit=2") == [1, 4])
            let from = try #require(RFC3339Time.string(fromSecondsSince1970: records[1].recordedAt))
            let to = try #require(RFC3339Time.string(fromSecondsSince1970: records[2].recordedAt))
            #expect(try await Self.seqs(client, base + "?from=\(from)&to=\(to)") == [2])
            let own = try await client.send(.get, "/v1/devices/me/records", token: device.token)
            let first = try #require((try own.object()["records"] as? [[String: Any]])?.first)
            #expect(first["payload"] as? [String: Any] != nil)
            #expect(first["received_at"] as? String == "2026-11-21T08:00:00.000Z")
        }
    }

    @Test("the timeline holds the wakeful.timeline records with parsed events and lag")
    func timeline() async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register()
            var records = makeRecords(install: device.installID, count: 3)
            records[1].kind = OutboxRecord.timelineKind
            records[1].payload = #"{"event":"appLaunched","reason":"backgroundFetch"}"#
            _ = try await client.ingest(
                IngestBatch(batchID: UUID(), installID: device.installID, records: records), token: device.token)
            let response = try await client.send(
                .get, "/v1/devices/\(device.id.uuidString)/timeline", token: ServerHarness.adminToken)
            let entries = try #require(try response.object()["entries"] as? [[String: Any]])
            #expect(entries.count == 1)
            #expect(entries.first?["seq"] as? Int == 2)
            #expect((entries.first?["event"] as? [String: Any])?["reason"] as? String == "backgroundFetch")
            #expect(entries.first?["lag_seconds"] as? Double == ServerHarness.now - records[1].recordedAt)
        }
    }

    @Test("devices list last seen, record count and upload lag")
    func devices() async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register()
            let idle = try await client.register()
            // lags 30, 29, 28
            let records = makeRecords(install: device.installID, count: 3, start: ServerHarness.now - 30)
            _ = try await client.ingest(
                IngestBatch(batchID: UUID(), installID: device.installID, records: records), token: device.token)
            let response = try await client.send(.get, "/v1/devices", token: ServerHarness.adminToken)
            let list = try #require(try response.object()["devices"] as? [[String: Any]])
            let byID = Dictionary(uniqueKeysWithValues: list.map { ($0["device_id"] as? String ?? "", $0) })
            let busy = try #require(byID[device.id.uuidString])
            #expect(busy["record_count"] as? Int == 3)
            #expect(busy["last_seen"] as? String == "2026-11-21T08:00:00.000Z")
            let lag = try #require(busy["upload_lag"] as? [String: Any])
            #expect(lag["p50_seconds"] as? Double == 29)
            #expect(lag["max_seconds"] as? Double == 30)
            let quiet = try #require(byID[idle.id.uuidString])
            #expect(quiet["record_count"] as? Int == 0)
            #expect((quiet["upload_lag"] as? [String: Any])?["p50_seconds"] is NSNull)
        }
    }

    @Test("an APNs token registered at sign-up and replaced later is stored with environment and topic")
    func apns() async throws {
        try await ServerHarness.withServer { harness, client in
            let device = try await client.register(apns: "00ff")
            #expect(
                try await harness.storage.apnsToken(deviceID: device.id)?.registration
                    == APNsRegistration(token: "00ff", environment: .sandbox, topic: "com.example.app"))
            let body = #"{"token":"ABCDEF01","environment":"production","topic":"com.example.other"}"#
            let response = try await client.send(
                .put, "/v1/devices/me/apns", token: device.token, body: Array(body.utf8))
            #expect(response.status == .ok, "\(response.text)")
            let stored = try #require(try await harness.storage.apnsToken(deviceID: device.id))
            #expect(
                stored.registration
                    == APNsRegistration(token: "abcdef01", environment: .production, topic: "com.example.other"))
            #expect(stored.updatedAt == ServerHarness.now)
        }
    }

    @Test("healthz answers ok")
    func health() async throws {
        try await ServerHarness.withServer { _, client in
            let response = try await client.send(.get, "/healthz")
            #expect(response.status == .ok)
            #expect(response.text == #"{"status":"ok"}"#)
        }
    }

    static func seqs(_ client: some TestClientProtocol, _ uri: String) async throws -> [Int] {
        let response = try await client.send(.get, uri, token: ServerHarness.adminToken)
        #expect(response.status == .ok, "\(uri): \(response.text)")
        return (try response.object()["records"] as? [[String: Any]] ?? []).compactMap { $0["seq"] as? Int }
    }
}
