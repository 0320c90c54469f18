import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import Wakeful
import WakefulServer
import WakefulTestSupport

/// What answers hold in memory: pages bounded by bytes as well as by records, and clients that
/// never read an answer pinning no more than the response budget, then cut off.
@Suite("answers' memory: pages by bytes, the response budget, clients that never read", .watchdog)
struct ResponseMemoryTests {
    /// `count` records of `device` from `seq` on, each with a payload of `bytes` bytes.
    static func bigRecords(install: UUID, from seq: Int, count: Int, bytes: Int) -> [OutboxRecord] {
        let padding = String(repeating: "x", count: max(0, bytes - 24))
        return (seq..<seq + count).map { n in
            OutboxRecord(
                uuid: RecordIdentity.uuid(install: install, seq: Int64(n)), seq: Int64(n), kind: "location",
                payload: #"{"n":\#(n),"pad":"\#(padding)"}"#, recordedAt: ServerHarness.now - 86_400 + Double(n))
        }
    }

    @Test(
        "a page ends at the byte bound, one record larger than a page comes alone, and the cursors read every record once",
        .hangLimit, arguments: StorageEngine.allCases)
    func pagesBoundedByBytes(engine: StorageEngine) async throws {
        let limits = ServerLimits(maximumPageBytes: 64 << 10)
        try await engine.withServer(limits: limits) { storage, client in
            let device = try await client.register()
            var records = Self.bigRecords(install: device.installID, from: 1, count: 300, bytes: 1000)
            // One record of 100 kB, larger than a page, in the middle.
            records[149].payload = #"{"n":150,"pad":"\#(String(repeating: "y", count: 100_000))"}"#
            _ = try await storage.ingest(
                deviceID: device.id, batchID: UUID(), digest: "pages", records: records,
                receivedAt: ServerHarness.now)
            var seqs: [Int] = []
            var pages = 0
            var cursor: String?
            repeat {
                let response = try await client.send(
                    .get, "/v1/devices/me/records?limit=10000" + (cursor.map { "&cursor=\($0)" } ?? ""),
                    token: device.token)
                #expect(response.status == .ok, "\(response.text.prefix(300))")
                let object = try response.object()
                let page = object["records"] as? [[String: Any]] ?? []
                if page.contains(where: { $0["seq"] as? Int == 150 }) {
                    #expect(page.count == 1, "the record larger than a page comes alone")
                } else {
                    #expect(response.body.readableBytes <= limits.maximumPageBytes)
                }
                seqs += page.map { $0["seq"] as? Int ?? 0 }
                cursor = object["next"] as? String
                pages += 1
            } while cursor != nil && pages < 1000
            #expect(seqs == Array(1...300), "every record once, in order, and no empty last page")
            // About 300 kB of 1 kB records in pages of 64 kB, plus the big one's own page.
            #expect(pages >= 6, "\(pages) pages")
        }
    }

    @Test("a HEAD request reads a page's first slice and gives its bytes back unsent", .hangLimit)
    func headGivesTheBudgetBack() async throws {
        try await ServerHarness.withServer { harness, client in
            let device = try await client.register()
            _ = try await harness.storage.ingest(
                deviceID: device.id, batchID: UUID(), digest: "head",
                records: Self.bigRecords(install: device.installID, from: 1, count: 50, bytes: 2000),
                receivedAt: ServerHarness.now)
            let head = try await client.send(.head, "/v1/devices/me/records", token: device.token)
            #expect(head.status == .ok)
            let get = try await client.send(.get, "/v1/devices/me/records", token: device.token)
            #expect((try get.object()["records"] as? [Any])?.count == 50)
            #expect(harness.parts.responseBudget.bytesInUse == 0)
            #expect(harness.parts.responseBudget.peakBytes > 0, "the answers took their bytes from the budget")
        }
    }

    /// Limits for the export tests: records of at most 64 kB (so a slice's reservation is small),
    /// a write timeout of 3 s, and idle and header timeouts far beyond the test's waits, so only the
    /// write timeout can close a connection whose client does not read.
    static func exportLimits(budget: Int) -> ServerLimits {
        var limits = ServerLimits(
            maximumIngestBytes: 64 << 10, headerTimeout: .seconds(600), idleTimeout: .seconds(600),
            registrationsPerMinute: 1000)
        limits.maximumResponseBytesInFlight = budget
        limits.writeTimeout = .seconds(3)
        return limits
    }

    /// Stores 2,000 records of 8 kB (16 MB) for a new device and returns the export request's head.
    static func bigExport(in storage: SQLiteServerStorage) async throws -> String {
        let device = try await SlowClientTests.register(in: storage)
        for start in stride(from: 1, through: 2000, by: 500) {
            _ = try await storage.ingest(
                deviceID: device.id, batchID: UUID(), digest: "\(start)",
                records: bigRecords(install: device.installID, from: start, count: 500, bytes: 8000),
                receivedAt: ServerHarness.now)
        }
        return "GET /v1/devices/\(device.id.uuidString)/records.ndjson HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + "Authorization: Bearer \(ServerHarness.adminToken)\r\n\r\n"
    }

    /// Polls `condition` every 50 ms for at most 2 minutes, a hang detector: true once it held.
    static func eventually(_ condition: @Sendable () -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return condition()
    }

    @Test(
        "a client that never reads a 16 MB export pins one slice, not a page, and is cut off by the write timeout",
        .hangLimit)
    func oneNeverReadingExport() async throws {
        try await ServerHarness.withServer(.live, limits: Self.exportLimits(budget: 64 << 20)) { harness, client in
            let port = try #require(client.port)
            let request = try await Self.bigExport(in: harness.storage)
            let budget = harness.parts.responseBudget
            // A 4 kB receive buffer, never read: the export fills the socket buffers and stalls.
            let reader = try await RawConnection.offPool {
                let connection = try RawConnection(port: port, receiveBuffer: 4096)
                try connection.send(request)
                return connection
            }
            #expect(try await Self.eventually { budget.peakBytes > 0 }, "the export never started")
            // The write timeout (3 s) closes the connection and the export gives its slice back.
            #expect(try await Self.eventually { budget.bytesInUse == 0 }, "still held: \(budget.bytesInUse) bytes")
            // A slice is 256 kB of records with room for one more and for writing: far below the
            // 8 MB a page of 1,000 of these records was.
            #expect(budget.peakBytes <= 1 << 20, "held \(budget.peakBytes) bytes at once")
            let (text, _) = try await RawConnection.offPool { reader.textAndClose(timeout: .seconds(120)) }
            #expect(text.hasPrefix("HTTP/1.1 200 "), "\(text.prefix(200))")
        }
    }

    @Test(
        "eight clients that never read big exports hold no more than the response budget between them; the others wait or get 503 with Retry-After",
        .hangLimit)
    func neverReadingExportsShareTheBudget() async throws {
        let capacity = 2 << 20
        try await ServerHarness.withServer(.live, limits: Self.exportLimits(budget: capacity)) { harness, client in
            let port = try #require(client.port)
            let request = try await Self.bigExport(in: harness.storage)
            let budget = harness.parts.responseBudget
            let readers = try await RawConnection.offPool {
                try (0..<8).map { _ in
                    let connection = try RawConnection(port: port, receiveBuffer: 4096)
                    try connection.send(request)
                    return connection
                }
            }
            #expect(try await Self.eventually { budget.peakBytes > 0 }, "no export started")
            // Every export either stalls and is cut off (3 s), waits for room and gives up (3 s), or
            // was refused at once: in the end nothing is held.
            #expect(try await Self.eventually { budget.bytesInUse == 0 }, "still held: \(budget.bytesInUse) bytes")
            #expect(budget.peakBytes <= capacity, "held \(budget.peakBytes) of \(capacity) bytes at once")
            // Only now read what each was answered: an export (200) or a refusal (503), never a 500.
            let heads = try await RawConnection.offPool {
                readers.map { $0.textAndClose(timeout: .seconds(5)).text.prefix(400) }
            }
            for head in heads {
                #expect(head.hasPrefix("HTTP/1.1 200 ") || head.hasPrefix("HTTP/1.1 503 "), "\(head)")
                if head.hasPrefix("HTTP/1.1 503 ") {
                    #expect(head.contains("Retry-After: 1\r\n") && head.contains("overloaded"), "\(head)")
                }
            }
            #expect(heads.contains { $0.hasPrefix("HTTP/1.1 200 ") }, "\(heads)")
        }
    }
}
