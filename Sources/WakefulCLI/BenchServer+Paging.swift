import ArgumentParser
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Wakeful
import WakefulAPNs
import WakefulServer

/// The read side of `wakeful bench-server`: paging a device's records with the cursor, and
/// streaming them as NDJSON, with the export's peak memory.
struct PagingBenchOptions: ParsableArguments {
    @Option(help: "Records stored for the paging and export measurement (one device; 0 skips it).")
    var pagingRecords: Int = 1_000_000

    @Option(help: "Records per page when paging (1 to 10,000).")
    var pageLimit: Int = 10_000

    func validate() throws {
        guard pagingRecords >= 0 else { throw ValidationError("--paging-records must be 0 or more") }
        guard (1...10_000).contains(pageLimit) else { throw ValidationError("--page-limit \(pageLimit): expected 1 to 10,000") }
    }
}

/// Stores `records` records of one device straight into SQLite (not timed: ingest is measured
/// above), every 10,000 of them sharing one `recorded_at` so that pages must cross ties, then
/// starts the server on that database and reads everything back twice over loopback: page by
/// page following `next`, and as one NDJSON export. Each read checks that it saw every record.
///
/// The export's memory is the growth of the process's peak resident set (VmHWM, reset through
/// /proc/self/clear_refs just before) over its resident set before the export; server and client
/// share the process, so it bounds the server's share from above.
struct PagingBench {
    let options: PagingBenchOptions

    struct Result {
        var records: Int
        var fill: Duration
        var paging: Duration
        var pages: Int
        var export: Duration
        var exportBytes: Int
        var exportPeakGrowth: Int?
        var residentBeforeExport: Int?
    }

    func run() async throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wakeful-bench-paging-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = try SQLiteServerStorage(directory: directory)
        let clock = ContinuousClock()
        let fillStart = clock.now
        let device = try await fill(storage)
        let fill = clock.now - fillStart

        let adminToken = BearerToken.generate()
        let options = options
        return try await InProcessServer.with(storage: storage, adminToken: adminToken) { port in
            let reader = Reader(base: "http://127.0.0.1:\(port)/v1/devices/\(device.uuidString)", token: adminToken)
            let pagingStart = clock.now
            let (paged, pages) = try await reader.pageThrough(limit: options.pageLimit)
            let paging = clock.now - pagingStart
            guard paged == options.pagingRecords else {
                throw ValidationError("paging read \(paged) of \(options.pagingRecords) records")
            }
            let before = ProcessMemory.residentBytes()
            ProcessMemory.resetPeak()
            let exportStart = clock.now
            let (exported, bytes) = try await reader.export()
            let export = clock.now - exportStart
            let peak = ProcessMemory.peakBytes()
            guard exported == options.pagingRecords else {
                throw ValidationError("the export had \(exported) of \(options.pagingRecords) records")
            }
            let growth = before.flatMap { before in peak.map { max(0, $0 - before) } }
            return Result(
                records: options.pagingRecords, fill: fill, paging: paging, pages: pages, export: export, exportBytes: bytes,
                exportPeakGrowth: growth, residentBeforeExport: before)
        }
    }

    /// Registers one device and stores the records in transactions of 1000.
    private func fill(_ storage: SQLiteServerStorage) async throws -> UUID {
        let install = UUID()
        let device = try await storage.register(
            DeviceRegistration(installID: install, bundleID: "bench", appVersion: "1", osVersion: "1"), tokenHash: BearerToken.generate(), at: 0)
        var seq: Int64 = 1
        while seq <= Int64(options.pagingRecords) {
            let count = min(1000, options.pagingRecords - Int(seq) + 1)
            let records = (0..<count).map { offset in
                let n = seq + Int64(offset)
                return OutboxRecord(
                    uuid: RecordIdentity.uuid(install: install, seq: n), seq: n, kind: "location",
                    payload: #"{"lat":52.123456,"lon":4.654321,"accuracy":5.0,"n":\#(n)}"#, recordedAt: 1_795_248_000 + Double(n / 10_000))
            }
            _ = try await storage.ingest(deviceID: device, batchID: UUID(), digest: "\(seq)", records: records, receivedAt: 1_795_248_000)
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
                let body = try await get("\(base)/records?limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? ""), upTo: 64 << 20)
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
            guard response.status == .ok else { throw ValidationError("export: \(response.status)") }
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
            guard response.status == .ok else { throw ValidationError("\(url): \(response.status) \(String(buffer: body))") }
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

        /// memchr from newline to newline: a byte-by-byte loop would measure the client, not the
        /// server, in a debug build.
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

/// The process's resident memory, from /proc/self (Linux; nil elsewhere).
enum ProcessMemory {
    static func residentBytes() -> Int? { statusField("VmRSS:") }
    static func peakBytes() -> Int? { statusField("VmHWM:") }

    /// Resets VmHWM to the current resident set ("5" to clear_refs, Linux 4.0 and later).
    static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    private static func statusField(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
            let kilobytes = Int(line.dropFirst(name.count).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
        else { return nil }
        return kilobytes * 1024
    }
}

extension PagingBench.Result {
    /// The report's lines.
    var lines: [String] {
        func rate(_ count: Int, _ duration: Duration) -> String { String(Int((Double(count) / duration.secondsValue).rounded())) }
        func seconds(_ duration: Duration) -> String { String(format: "%.2f s", duration.secondsValue) }
        let megabytes = { (bytes: Int) in String(format: "%.1f MB", Double(bytes) / 1_000_000) }
        return [
            "reading back \(records) records of one device (SQLite, stored in \(seconds(fill)); every 10,000 share one recorded_at)",
            "  paging with the cursor: \(pages) pages in \(seconds(paging)), \(rate(records, paging)) records/s",
            "  NDJSON export: \(megabytes(exportBytes)) in \(seconds(export)), \(rate(records, export)) records/s",
            "  export memory: peak resident set grew by \(exportPeakGrowth.map(megabytes) ?? "n/a (no /proc)") over "
                + "\(residentBeforeExport.map(megabytes) ?? "n/a") while streaming \(megabytes(exportBytes))",
        ]
    }
}
