import BenchmarkSupport
import Foundation
import Wakeful
import WakefulAPNs  // Duration.secondsValue
import WakefulServer

/// What the ingest benchmarks post: `records` records in all from `clients` registered devices at
/// once, `batch` per request, payloads of about `payloadBytes` bytes.
struct IngestWorkload: Sendable {
    var records: Int
    var clients: Int
    var batch: Int
    var payloadBytes: Int

    /// The sizes from `WAKEFUL_BENCH_INGEST_RECORDS` (200,000), `…_CLIENTS` (4), `…_BATCH` (500,
    /// at most the contract's 1000) and `WAKEFUL_BENCH_INGEST_PAYLOAD_BYTES` (200).
    static func fromEnvironment() throws -> IngestWorkload {
        IngestWorkload(
            records: try BenchmarkEnvironment.integer(
                "WAKEFUL_BENCH_INGEST_RECORDS", default: 200_000, in: 1...100_000_000),
            clients: try BenchmarkEnvironment.integer("WAKEFUL_BENCH_INGEST_CLIENTS", default: 4, in: 1...1000),
            batch: try BenchmarkEnvironment.integer("WAKEFUL_BENCH_INGEST_BATCH", default: 500, in: 1...1000),
            payloadBytes: try BenchmarkEnvironment.integer(
                "WAKEFUL_BENCH_INGEST_PAYLOAD_BYTES", default: 200, in: 16...4000))
    }

    /// Client `index`'s batches for `install`, `records / clients` records (the first clients take the remainder).
    func batches(client index: Int, install: UUID) -> [IngestBatch] {
        let share = records / clients + (index < records % clients ? 1 : 0)
        let padding = String(repeating: "x", count: max(0, payloadBytes - 60))
        var result: [IngestBatch] = []
        var seq: Int64 = 1
        while seq <= Int64(share) {
            let count = min(batch, share - Int(seq) + 1)
            let records = (0..<count).map { offset in
                let n = seq + Int64(offset)
                return OutboxRecord(
                    uuid: RecordIdentity.uuid(install: install, seq: n), seq: n, kind: "location",
                    payload: #"{"lat":52.123456,"lon":4.654321,"accuracy":5.0,"pad":"\#(padding)"}"#,
                    recordedAt: 1_795_248_000 + Double(n))
            }
            result.append(IngestBatch(batchID: UUID(), installID: install, records: records))
            seq += Int64(count)
        }
        return result
    }

    /// Runs a server in this process on a new SQLite database (WAL, synchronous FULL: every
    /// answered batch is on disk), opens `hostile` hostile connections and readers to it (none:
    /// the quiet run), posts the workload, and stops the server.
    ///
    /// Beside hostile connections the honest clients' refusals are counted, not fatal, and the
    /// process's peak resident memory during the run is measured (server and clients share the
    /// process, so it bounds the server's from above), with the server's response budget peak.
    func measureServer(hostile: HostileCrowd.Attack? = nil) async throws -> IngestMeasurement {
        try await withTemporaryDirectory("wakeful-bench-server") { directory in
            let limits = ServerLimits(maximumConcurrentIngests: max(64, clients), registrationsPerMinute: 100_000)
            let storage = try SQLiteServerStorage(directory: directory)
            return try await InProcessServer.with(storage: storage, adminToken: BearerToken.generate(), limits: limits)
            { port, parts in
                guard let hostile else {
                    return try await IngestClients(base: "http://127.0.0.1:\(port)", workload: self).run()
                }
                let before = ProcessMemory.residentBytes()
                ProcessMemory.resetPeak()
                let crowd = try await HostileCrowd.open(hostile, port: port, storage: storage)
                var measurement = try await IngestClients(
                    base: "http://127.0.0.1:\(port)", workload: self, countsRefusals: true
                ).run()
                measurement.hostileStillOpen = crowd.stillOpen
                measurement.residentBefore = before
                measurement.peakResident = ProcessMemory.peakBytes()
                measurement.responseBudgetPeak = parts.responseBudget.peakBytes
                measurement.connectionsRefused = parts.connections.refusedConnections
                return measurement
            }
        }
    }
}

/// The result of one ingest measurement.
struct IngestMeasurement: Sendable {
    var records: Int
    var wall: Duration
    /// Per request (server) or per transaction (raw SQLite).
    var latencies: [Duration]
    /// With hostile connections open during the run: how many the server had not closed by its end.
    var hostileStillOpen: Int? = nil
    /// Honest requests sent, and how many were answered 200 (the others refused or cut).
    var requests = 0
    var answered200 = 0
    /// The process's resident memory before the hostile run and its peak during it, in bytes.
    var residentBefore: Int? = nil
    var peakResident: Int? = nil
    /// The most bytes the server's answers held at once (its response budget's peak).
    var responseBudgetPeak: Int? = nil
    /// Connections the server refused over its caps (503 and closed).
    var connectionsRefused: Int? = nil

    /// A measurement in bytes as megabytes (MiB), 0 when it was not taken.
    func megabytes(_ bytes: KeyPath<IngestMeasurement, Int?>) -> Double {
        Double(self[keyPath: bytes] ?? 0) / 1_048_576
    }

    /// The share of honest requests answered 200, in percent.
    var honestSuccess: Double { requests == 0 ? 0 : 100 * Double(answered200) / Double(requests) }

    var recordsPerSecond: Double { Double(records) / wall.secondsValue }
    var p50: Duration { percentile(0.50) }
    var p99: Duration { percentile(0.99) }

    private func percentile(_ fraction: Double) -> Duration {
        let sorted = latencies.sorted()
        guard !sorted.isEmpty else { return .zero }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }
}
