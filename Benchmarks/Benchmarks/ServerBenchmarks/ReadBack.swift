import AsyncHTTPClient
import BenchmarkSupport
import Foundation
import NIOCore
import NIOHTTP1
import Wakeful
import WakefulAPNs  // Duration.secondsValue
import WakefulServer

/// The read side: stores `records` records of one device straight into SQLite (timed apart from
/// the reads; ingest is measured on its own), every 10,000 of them sharing one `recorded_at` so
/// that pages must cross ties, then starts the server on that database and reads everything back
/// twice over loopback: page by page following `next`, and as one NDJSON export. Each read checks
/// that it saw every record.
///
/// The export's memory is the growth of the process's peak resident set (VmHWM, reset through
/// /proc/self/clear_refs just before) over its resident set before the export; server and client
/// share the process, so it bounds the server's share from above.
struct ReadBack {
    var records: Int
    var pageLimit: Int

    /// The sizes from `WAKEFUL_BENCH_PAGING_RECORDS` (100,000; the README's figures are for
    /// 1,000,000) and `WAKEFUL_BENCH_PAGE_LIMIT` (10,000, the most a page may hold).
    static func fromEnvironment() throws -> ReadBack {
        ReadBack(
            records: try BenchmarkEnvironment.integer(
                "WAKEFUL_BENCH_PAGING_RECORDS", default: 100_000, in: 1...100_000_000),
            pageLimit: try BenchmarkEnvironment.integer("WAKEFUL_BENCH_PAGE_LIMIT", default: 10_000, in: 1...10_000))
    }

    struct Result: Sendable {
        var records: Int
        var fill: Duration
        var paging: Duration
        var pages: Int
        var export: Duration
        var exportBytes: Int
        var exportPeakGrowth: Int?
        var residentBeforeExport: Int?

        /// Records per second over `duration`.
        func rate(over duration: Duration) -> Double { Double(records) / duration.secondsValue }
    }

    func run() async throws -> Result {
        try await withTemporaryDirectory("wakeful-bench-paging") { directory in
            let storage = try SQLiteServerStorage(directory: directory)
            let clock = ContinuousClock()
            let fillStart = clock.now
            let device = try await fill(storage)
            let fill = clock.now - fillStart

            let adminToken = BearerToken.generate()
            let expected = records
            let pageLimit = pageLimit
            return try await InProcessServer.with(storage: storage, adminToken: adminToken) { port, _ in
                let reader = Reader(base: "http://127.0.0.1:\(port)/v1/devices/\(device.uuidString)", token: adminToken)
                let pagingStart = clock.now
                let (paged, pages) = try await reader.pageThrough(limit: pageLimit)
                let paging = clock.now - pagingStart
                guard paged == expected else { throw BenchmarkFailure("paging read \(paged) of \(expected) records") }
                let before = ProcessMemory.residentBytes()
                ProcessMemory.resetPeak()
                let exportStart = clock.now
                let (exported, bytes) = try await reader.export()
                let export = clock.now - exportStart
                let peak = ProcessMemory.peakBytes()
                guard exported == expected else {
                    throw BenchmarkFailure("the export had \(exported) of \(expected) records")
                }
                let growth = before.flatMap { before in peak.map { max(0, $0 - before) } }
                return Result(
                    records: expected, fill: fill, paging: paging, pages: pages, export: export, exportBytes: bytes,
                    exportPeakGrowth: growth,
                    residentBeforeExport: before)
            }
        }
    }

    /// Registers one device and stores the records in transactions of 1000.
    private func fill(_ storage: SQLiteServerStorage) async throws -> UUID {
        let install = UUID()
        let device = try await storage.register(
            DeviceRegistration(installID: install, bundleID: "bench", appVersion: "1", osVersion: "1"),
            tokenHash: BearerToken.generate(), at: 0)
        var seq: Int64 = 1
        while seq <= Int64(records) {
            let count = min(1000, records - Int(seq) + 1)
            let batch = (0..<count).map { offset in
                let n = seq + Int64(offset)
                return OutboxRecord(
                    uuid: RecordIdentity.uuid(install: install, seq: n), seq: n, kind: "location",
                    payload: #"{"lat":52.123456,"lon":4.654321,"accuracy":5.0,"n":\#(n)}"#,
                    recordedAt: 1_795_248_000 + Double(n / 10_000))
            }
            _ = try await storage.ingest(
                deviceID: device, batchID: UUID(), digest: "\(seq)", records: batch, receivedAt: 1_795_248_000)
            seq += Int64(count)
        }
        return device
    }

    /// The client side, over AsyncHTTPClient.
    private struct Reader {
        let base: String
        let token: String

        /// Follows `next` from the first page to the last: the records and pages read.
        func pageThrough(limit: Int) async throws -> (records: Int, pages: Int) {
            var records = 0
            var pages = 0
            var cursor: String? = nil
            repeat {
                let body = try await get(
                    "\(base)/records?limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? ""), upTo: 64 << 20)
                let bytes = Array(body.readableBytesView)
                records += Self.count(of: Array(#"{"uuid":"#.utf8), in: bytes)
                pages += 1
                cursor = Self.next(in: bytes)
            } while cursor != nil
            return (records, pages)
        }

        /// Streams the export, counting its lines without keeping them.
        func export() async throws -> (records: Int, bytes: Int) {
            var request = HTTPClientRequest(url: "\(base)/records.ndjson")
            request.headers.add(name: "Authorization", value: "Bearer \(token)")
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(600))
            guard response.status == .ok else { throw BenchmarkFailure("export: \(response.status)") }
            var lines = 0
            var bytes = 0
            for try await buffer in response.body {
                bytes += buffer.readableBytes
                lines += Self.newlines(in: buffer)
            }
            return (lines, bytes)
        }

        private func get(_ url: String, upTo limit: Int) async throws -> ByteBuffer {
            var request = HTTPClientRequest(url: url)
            request.headers.add(name: "Authorization", value: "Bearer \(token)")
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
            let body = try await response.body.collect(upTo: limit)
            guard response.status == .ok else {
                throw BenchmarkFailure("\(url): \(response.status) \(String(buffer: body))")
            }
            return body
        }

        /// The page's `next`: the answer's last member, so it is searched for from the end.
        private static func next(in bytes: [UInt8]) -> String? {
            let marker = Array(#","next":""#.utf8)
            guard bytes.count > marker.count + 2 else { return nil }
            var start = bytes.count - marker.count - 2
            while start > 0, !bytes[start..<start + marker.count].elementsEqual(marker) {
                if bytes[start] == UInt8(ascii: "]") { return nil }  // reached the records: no next
                start -= 1
            }
            guard start > 0 else { return nil }
            let value = bytes[(start + marker.count)...].prefix { $0 != UInt8(ascii: "\"") }
            return String(decoding: value, as: UTF8.self)
        }

        /// memchr from newline to newline.
        private static func newlines(in buffer: ByteBuffer) -> Int {
            buffer.withUnsafeReadableBytes { raw in
                guard var cursor = raw.baseAddress else { return 0 }
                let end = cursor + raw.count
                var count = 0
                while cursor < end, let found = memchr(cursor, Int32(UInt8(ascii: "\n")), end - cursor) {
                    count += 1
                    cursor = UnsafeRawPointer(found) + 1
                }
                return count
            }
        }

        private static func count(of needle: [UInt8], in bytes: [UInt8]) -> Int {
            guard bytes.count >= needle.count else { return 0 }
            var count = 0
            var index = 0
            while index <= bytes.count - needle.count {
                if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) {
                    count += 1
                    index += needle.count
                } else {
                    index += 1
                }
            }
            return count
        }
    }
}
