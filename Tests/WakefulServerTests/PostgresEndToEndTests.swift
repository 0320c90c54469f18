import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import Wakeful
import WakefulServer
import WakefulTestSupport

/// The server through HTTP on PostgreSQL: `buildApplication` runs the storage's pool as a service.
@Suite(
    "Server on PostgreSQL", .hangLimit,
    .enabled(if: PostgresTestDatabase.isEnabled, PostgresTestDatabase.unavailableMessage), .watchdog)
struct PostgresEndToEndTests {
    /// A live server on `url`, shut down gracefully after `body`.
    private static func withServer<T: Sendable>(
        on url: PostgresDatabaseURL,
        _ body: @escaping @Sendable (any ServerStorage, any TestClientProtocol) async throws -> T
    ) async throws -> T {
        let storage = try await PostgresServerStorage(url: url, logger: PostgresTestDatabase.logger)
        let configuration = ServerConfiguration(
            port: 0, storage: storage, adminToken: ServerHarness.adminToken, clock: ServerHarness.fixedClock())
        return try await buildApplication(configuration).test(.live) { client in try await body(storage, client) }
    }

    @Test("register, ingest, resend and list over HTTP; graceful shutdown closes every database connection")
    func ingestOverHTTP() async throws {
        // Dropping the database without FORCE fails while any connection to it is open.
        try await PostgresTestDatabase.withDatabase(dropWithoutForce: true) { url in
            try await Self.withServer(on: url) { storage, client in
                let device = try await client.register(apns: "ab12")
                let batch = IngestBatch(
                    batchID: UUID(), installID: device.installID,
                    records: makeRecords(install: device.installID, count: 5))
                let first = try await client.ingest(batch, token: device.token)
                #expect(first.status == .ok, "\(first.text)")
                #expect(
                    try IngestAnswer.parse(Array(first.text.utf8)).answer == IngestAnswer(accepted: 5, duplicates: 0))
                let again = try await client.ingest(batch, token: device.token)
                #expect(
                    try IngestAnswer.parse(Array(again.text.utf8)).answer == IngestAnswer(accepted: 0, duplicates: 5))
                let devices = try await client.send(.get, "/v1/devices", token: ServerHarness.adminToken)
                #expect(devices.status == .ok, "\(devices.text)")
                #expect(devices.text.contains(device.id.uuidString))
                let records = try await client.send(
                    .get, "/v1/devices/\(device.id.uuidString)/records", token: ServerHarness.adminToken)
                #expect(records.status == .ok, "\(records.text)")
                #expect(
                    try await storage.records(deviceID: device.id, matching: RecordQuery()).map(\.record)
                        == batch.records)
            }
        }
    }

    @Test("GET /readyz is 503 while PostgreSQL refuses connections, /healthz stays 200, and /readyz recovers")
    func readiness() async throws {
        try await PostgresTestDatabase.withDatabase { url in
            try await Self.withServer(on: url) { _, client in
                #expect(try await client.send(.get, "/readyz").status == .ok)
                var server = url
                server.database = "postgres"
                try await PostgresTestDatabase.administer(
                    server, "ALTER DATABASE \(url.database) ALLOW_CONNECTIONS false")
                try await PostgresTestDatabase.administer(
                    server, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(url.database)'")
                let down = try await client.send(.get, "/readyz")
                #expect(down.status == .serviceUnavailable, "\(down.text)")
                #expect(down.errorCode == "storage_unreachable")
                #expect(down.headers[.retryAfter] != nil)
                #expect(try await client.send(.get, "/healthz").status == .ok)
                try await PostgresTestDatabase.administer(
                    server, "ALTER DATABASE \(url.database) ALLOW_CONNECTIONS true")
                #expect(try await client.send(.get, "/readyz").status == .ok)
            }
        }
    }

    @Test("a database failure during an upload answers 503 with Retry-After, never 500 or an acknowledgement")
    func failureIs503() async throws {
        try await PostgresTestDatabase.withDatabase { url in
            try await Self.withServer(on: url) { storage, client in
                let device = try await client.register()
                let batch = IngestBatch(
                    batchID: UUID(), installID: device.installID,
                    records: makeRecords(install: device.installID, count: 3))
                try await PostgresTestDatabase.administer(url, "ALTER TABLE records RENAME TO records_elsewhere")
                let failed = try await client.ingest(batch, token: device.token)
                #expect(failed.status == .serviceUnavailable, "\(failed.text)")
                #expect(failed.headers[.retryAfter] == "1")
                #expect(failed.errorCode == "storage_unavailable")
                #expect(failed.text.contains("nothing was stored"))
                // A read that fails says nothing of storing.
                let read = try await client.send(.get, "/v1/devices/me/records", token: device.token)
                #expect(read.status == .serviceUnavailable, "\(read.text)")
                #expect(!read.text.contains("nothing was stored"), "\(read.text)")
                try await PostgresTestDatabase.administer(url, "ALTER TABLE records_elsewhere RENAME TO records")
                let retried = try await client.ingest(batch, token: device.token)
                #expect(
                    try IngestAnswer.parse(Array(retried.text.utf8)).answer == IngestAnswer(accepted: 3, duplicates: 0))
            }
        }
    }

    @Test("a record kind holding U+0000, which PostgreSQL text cannot store, is that record's rejection, not a 503")
    func nulInKindIsRejected() async throws {
        try await PostgresTestDatabase.withDatabase { url in
            try await Self.withServer(on: url) { storage, client in
                let device = try await client.register()
                var records = makeRecords(install: device.installID, count: 3)
                records[1].kind = "loc\u{0}ation"
                let batch = IngestBatch(batchID: UUID(), installID: device.installID, records: records)
                let response = try await client.ingest(batch, token: device.token)
                #expect(response.status == .ok, "\(response.text)")
                let answer = try IngestAnswer.parse(Array(response.text.utf8)).answer
                #expect(answer.accepted == 2)
                #expect(answer.rejected.map(\.uuid) == [records[1].uuid])
                #expect(
                    answer.rejected.first?.reason.contains(
                        "kind: expected a string without control characters, found U+0000") == true)
                #expect(try await storage.records(deviceID: device.id, matching: RecordQuery()).count == 2)
            }
        }
    }
}
