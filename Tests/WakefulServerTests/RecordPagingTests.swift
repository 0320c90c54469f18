import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import Wakeful
import WakefulServer
import WakefulTestSupport

/// Everything stored can be read: pages follow a total order with a cursor, and the exports
/// stream every record.
@Suite("record paging and export", .watchdog)
struct RecordPagingTests {
    // A debug build decodes and encodes the 50,000 rows five times over (pages, timeline, two
    // exports), which on PostgreSQL alone takes about a minute on a loaded 2-core machine.
    @Test(
        "50,000 records sharing one time come back exactly once through pages, the timeline and the exports",
        .hangLimit, arguments: StorageEngine.allCases)
    func oneTimestamp(engine: StorageEngine) async throws {
        try await engine.withServer { storage, client in
            let device = try await client.register()
            let total = 50_000
            let time = ServerHarness.now - 3600
            // Stored directly, 1000 a batch: the paging is under test here, not ingest.
            for start in stride(from: 1, through: total, by: 1000) {
                let records = (start..<start + 1000).map { seq in
                    OutboxRecord(
                        uuid: RecordIdentity.uuid(install: device.installID, seq: Int64(seq)), seq: Int64(seq),
                        kind: OutboxRecord.timelineKind,
                        payload: #"{"n":\#(seq)}"#, recordedAt: time)
                }
                _ = try await storage.ingest(
                    deviceID: device.id, batchID: UUID(), digest: "\(start)", records: records,
                    receivedAt: ServerHarness.now)
            }
            let base = "/v1/devices/\(device.id.uuidString)"
            let uuids = try await Self.pages(
                client, "\(base)/records?limit=7000&from=\(RFC3339Time.string(fromSecondsSince1970: time)!)",
                list: "records"
            )
            .map { $0["uuid"] as? String ?? "" }
            #expect(uuids.count == total)
            #expect(Set(uuids).count == total)
            let seqs = try await Self.pages(client, "\(base)/timeline?limit=9999", list: "entries").map {
                $0["seq"] as? Int ?? 0
            }
            #expect(seqs == Array(1...total), "records sharing a time and seq order by seq")

            let export = try await client.send(.get, "\(base)/records.ndjson", token: device.token)
            #expect(export.status == .ok)
            #expect(export.headers[.contentType] == "application/x-ndjson")
            let lines = export.text.split(separator: "\n")
            #expect(lines.count == total)
            #expect(
                Set(lines.map { $0.dropFirst(9).prefix(36) }).count == total, "each line starts {\"uuid\":\"<uuid>\"")

            // A second device, so the admin's export has to walk devices.
            let other = try await client.register()
            let extra = makeRecords(install: other.installID, count: 3)
            #expect(
                try await client.ingest(
                    IngestBatch(batchID: UUID(), installID: other.installID, records: extra), token: other.token
                ).status == .ok)
            let all = try await client.send(.get, "/v1/records.ndjson", token: ServerHarness.adminToken)
            let allLines = all.text.split(separator: "\n")
            #expect(allLines.count == total + 3)
            #expect(allLines.filter { $0.contains(#"{"device_id":"\#(device.id.uuidString)","uuid":"#) }.count == total)
            #expect(allLines.filter { $0.contains(#"{"device_id":"\#(other.id.uuidString)","uuid":"#) }.count == 3)
        }
    }

    @Test("a malformed cursor is 400 naming it, and the all-devices export takes none", .hangLimit)
    func malformedCursor() async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register()
            for cursor in ["abc", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", String(repeating: "!", count: 34)] {
                let response = try await client.send(
                    .get, "/v1/devices/\(device.id.uuidString)/records?cursor=\(cursor)", token: device.token)
                #expect(response.status == .badRequest, "\(cursor)")
                #expect((try response.object())["field"] as? String == "cursor")
            }
            let all = try await client.send(.get, "/v1/records.ndjson?cursor=x", token: ServerHarness.adminToken)
            #expect(all.status == .badRequest)
        }
    }

    @Test(
        "a seq sent again under another UUID is kept, read back in order and counted", .hangLimit,
        arguments: StorageEngine.allCases)
    func reusedSeq(engine: StorageEngine) async throws {
        try await engine.withServer { _, client in
            let device = try await client.register()
            let first = makeRecords(install: device.installID, count: 3)
            #expect(
                try await client.ingest(
                    IngestBatch(batchID: UUID(), installID: device.installID, records: first), token: device.token
                ).status == .ok)
            // seq 2 again at the same time under a new UUID (a reinstall that restored the install
            // ID, say), and seq 9 twice within one batch.
            var again = first[1]
            again.uuid = UUID()
            again.payload = #"{"again":true}"#
            var twice = makeRecords(install: device.installID, from: 9, count: 1, start: ServerHarness.now - 500)
            twice.append(
                OutboxRecord(uuid: UUID(), seq: 9, kind: "location", payload: "{}", recordedAt: twice[0].recordedAt + 1)
            )
            let answer = try await client.ingest(
                IngestBatch(batchID: UUID(), installID: device.installID, records: [again] + twice), token: device.token
            )
            #expect(try IngestAnswer.parse(Array(answer.text.utf8)).answer == IngestAnswer(accepted: 3, duplicates: 0))
            let metrics = try await client.send(.get, "/metrics")
            #expect(metrics.text.contains("wakeful_ingest_seq_reused_total 2\n"), "\(metrics.text)")
            let read = try await Self.pages(
                client, "/v1/devices/\(device.id.uuidString)/records?limit=1", list: "records")
            #expect(read.map { $0["seq"] as? Int ?? 0 } == [1, 2, 2, 3, 9, 9])
            #expect(
                read[2]["uuid"] as? String == again.uuid.uuidString,
                "the later row of a shared (time, seq) comes second")
        }
    }

    /// Every object of `list` over all pages, following `next` from `path`; checks that only the
    /// last page lacks it.
    static func pages(_ client: any TestClientProtocol, _ path: String, list: String) async throws -> [[String: Any]] {
        var items: [[String: Any]] = []
        var next: String? = nil
        repeat {
            let separator = path.contains("?") ? "&" : "?"
            let uri = next.map { "\(path)\(separator)cursor=\($0)" } ?? path
            let response = try await client.send(.get, uri, token: ServerHarness.adminToken)
            #expect(response.status == .ok, "\(response.text.prefix(300))")
            let object = try response.object()
            let page = try #require(object[list] as? [[String: Any]])
            next = object["next"] as? String
            #expect(!page.isEmpty || next == nil, "a page with a next cursor has records")
            items += page
        } while next != nil
        return items
    }
}
