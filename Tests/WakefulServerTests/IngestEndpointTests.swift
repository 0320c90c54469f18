import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import Wakeful
import WakefulServer
import WakefulTestSupport

@Suite("POST /v1/ingest", .hangLimit, .watchdog)
struct IngestEndpointTests {
    @Test("a batch is stored and answered with every record accounted for; a resend is all duplicates")
    func storeAndResend() async throws {
        try await ServerHarness.withServer { harness, client in
            let device = try await client.register()
            let batch = IngestBatch(
                batchID: UUID(), installID: device.installID, records: makeRecords(install: device.installID, count: 5))
            let first = try await client.ingest(batch, token: device.token)
            #expect(first.status == .ok, "\(first.text)")
            let (answeredID, answer) = try IngestAnswer.parse(Array(first.text.utf8))
            #expect(answeredID == batch.batchID)
            #expect(answer == IngestAnswer(accepted: 5, duplicates: 0))
            let again = try await client.ingest(batch, token: device.token)
            #expect(try IngestAnswer.parse(Array(again.text.utf8)).answer == IngestAnswer(accepted: 0, duplicates: 5))
            let stored = try await harness.storage.records(deviceID: device.id, matching: RecordQuery())
            #expect(stored.map(\.record) == batch.records)
            #expect(stored.allSatisfy { $0.receivedAt == ServerHarness.now })
        }
    }

    @Test("a new batch overlapping a stored one counts the overlap as duplicates")
    func overlap() async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register()
            let records = makeRecords(install: device.installID, count: 6)
            _ = try await client.ingest(
                IngestBatch(batchID: UUID(), installID: device.installID, records: Array(records[0..<4])),
                token: device.token)
            let response = try await client.ingest(
                IngestBatch(batchID: UUID(), installID: device.installID, records: Array(records[2..<6])),
                token: device.token)
            #expect(
                try IngestAnswer.parse(Array(response.text.utf8)).answer == IngestAnswer(accepted: 2, duplicates: 2))
        }
    }

    @Test("a bad record is rejected alone with its path; the others are stored")
    func badRecordRejected() async throws {
        try await ServerHarness.withServer { harness, client in
            let device = try await client.register()
            let batchID = UUID()
            let good = makeRecords(install: device.installID, count: 2)
            let badUUID = RecordIdentity.uuid(install: device.installID, seq: 3)
            var body = String(
                decoding: IngestBatch(batchID: batchID, installID: device.installID, records: good).jsonBytes(),
                as: UTF8.self)
            body.removeLast(2)
            body +=
                #",{"uuid":"\#(badUUID.uuidString)","seq":0,"kind":"location","recorded_at":"2026-11-21T07:00:00Z","payload":{}}]}"#
            let response = try await client.send(
                .post, "/v1/ingest", token: device.token, headers: [.idempotencyKey: batchID.uuidString],
                body: Array(body.utf8))
            #expect(response.status == .ok, "\(response.text)")
            let answer = try IngestAnswer.parse(Array(response.text.utf8)).answer
            #expect(answer.accepted == 2)
            #expect(answer.rejected.map(\.uuid) == [badUUID])
            #expect(answer.rejected.first?.reason.hasPrefix("records[2].seq") == true)
            #expect(try await harness.storage.records(deviceID: device.id, matching: RecordQuery()).count == 2)
        }
    }

    @Test("the same batch_id with other records is 422 and stores nothing")
    func keyReused() async throws {
        try await ServerHarness.withServer { harness, client in
            let device = try await client.register()
            let batchID = UUID()
            let records = makeRecords(install: device.installID, count: 4)
            _ = try await client.ingest(
                IngestBatch(batchID: batchID, installID: device.installID, records: Array(records[0..<2])),
                token: device.token)
            let response = try await client.ingest(
                IngestBatch(batchID: batchID, installID: device.installID, records: Array(records[2..<4])),
                token: device.token)
            #expect(response.status == .unprocessableContent)
            #expect(response.errorCode == "idempotency_key_reused")
            #expect(try await harness.storage.records(deviceID: device.id, matching: RecordQuery()).count == 2)
        }
    }

    @Test("Idempotency-Key missing, malformed or unlike batch_id is 400 naming the header")
    func idempotencyKey() async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register()
            let batch = IngestBatch(
                batchID: UUID(), installID: device.installID, records: makeRecords(install: device.installID, count: 1))
            for key in [nil, "not-a-uuid", UUID().uuidString] {
                var headers: HTTPFields = [:]
                if let key { headers[.idempotencyKey] = key }
                let response = try await client.send(
                    .post, "/v1/ingest", token: device.token, headers: headers, body: batch.jsonBytes())
                #expect(response.status == .badRequest, "\(key ?? "none")")
                #expect(try response.object()["field"] as? String == "Idempotency-Key")
            }
        }
    }

    @Test("a token of another install is 401 install_mismatch and stores nothing")
    func installMismatch() async throws {
        try await ServerHarness.withServer { harness, client in
            let device = try await client.register()
            let other = UUID()
            let batch = IngestBatch(batchID: UUID(), installID: other, records: makeRecords(install: other, count: 1))
            let response = try await client.ingest(batch, token: device.token)
            #expect(response.status == .unauthorized)
            #expect(response.errorCode == "install_mismatch")
            #expect(try await harness.storage.records(deviceID: device.id, matching: RecordQuery()).isEmpty)
        }
    }

    @Test("more than 1000 records is 413")
    func tooManyRecords() async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register()
            let records = makeRecords(install: device.installID, count: 1001).map { record in
                var small = record
                small.payload = "{}"
                return small
            }
            let response = try await client.ingest(
                IngestBatch(batchID: UUID(), installID: device.installID, records: records), token: device.token)
            #expect(response.status == .contentTooLarge, "\(response.text)")
            #expect(response.errorCode == "too_large")
        }
    }

    @Test("a body over 1 MiB is 413 without being read whole")
    func tooManyBytes() async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register()
            let padding = String(repeating: "x", count: 1100)
            let records = makeRecords(install: device.installID, count: 1000).map { record in
                var large = record
                large.payload = #"{"pad":"\#(padding)"}"#
                return large
            }
            let batch = IngestBatch(batchID: UUID(), installID: device.installID, records: records)
            #expect(batch.jsonBytes().count > 1 << 20)
            let response = try await client.ingest(batch, token: device.token)
            #expect(response.status == .contentTooLarge, "\(response.text)")
            #expect(response.errorCode == "too_large")
        }
    }

    @Test("when every ingest place is taken the answer is 503 with Retry-After")
    func overload() async throws {
        try await ServerHarness.withServer(limits: ServerLimits(maximumConcurrentIngests: 0, retryAfterSeconds: 7)) {
            _, client in
            let device = try await client.register()
            let batch = IngestBatch(
                batchID: UUID(), installID: device.installID, records: makeRecords(install: device.installID, count: 1))
            let response = try await client.ingest(batch, token: device.token)
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.retryAfter] == "7")
            #expect(response.errorCode == "overloaded")
        }
    }
}
