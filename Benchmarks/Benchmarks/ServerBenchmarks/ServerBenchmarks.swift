import Benchmark
import BenchmarkSupport
import Foundation
import WakefulAPNs  // Duration.secondsValue

/// The companion server over loopback, started in this process on SQLite in a temporary directory:
/// ingest beside raw SQLite doing the same inserts, the same ingest with hostile connections open,
/// and reading many records back by paging and as an NDJSON export. Each iteration starts a new
/// server on a new database. Targets: 50,000 records/s through the server and at least half of raw
/// SQLite's rate.
///
/// Sizes: `WAKEFUL_BENCH_INGEST_RECORDS` (200,000), `WAKEFUL_BENCH_INGEST_CLIENTS` (4),
/// `WAKEFUL_BENCH_INGEST_BATCH` (500), `WAKEFUL_BENCH_INGEST_PAYLOAD_BYTES` (200),
/// `WAKEFUL_BENCH_HOSTILE` (200,1000), `WAKEFUL_BENCH_HOSTILE_READERS` (400),
/// `WAKEFUL_BENCH_PAGING_RECORDS` (100,000) and `WAKEFUL_BENCH_PAGE_LIMIT` (10,000).
let benchmarks: @Sendable () -> Void = {
    Benchmark.teardown = { RunNotes.flush() }

    Benchmark("Ingest beside raw SQLite", configuration: .wakeful(figures: ServerFigures.ingest.figures, iterations: 1))
    { benchmark in
        let workload = try IngestWorkload.fromEnvironment()
        let server = try await workload.measureServer()
        let raw = try await RawIngestBaseline.measure(workload)
        let comparison = IngestComparison(server: server, raw: raw)
        ServerFigures.ingest.record(comparison, in: benchmark)
        Target("ingest through the server", atLeast: 50_000, "records/s").report(server.recordsPerSecond)
        Target("server ÷ raw SQLite", atLeast: 0.5, "").report(comparison.ratio)
    }

    // Honest ingest with each count of hostile connections open from one attacker (half uploads
    // stalled after one body byte, four per attacking device; half idle) and, from another, readers
    // of 10.8 MB pages that never read, beside a quiet run in the same iteration: what share of the
    // honest requests was answered 200, and the peak memory.
    let hostileCounts = (try? ServerFigures.hostileCounts()) ?? ServerFigures.defaultHostileCounts
    Benchmark(
        "Ingest beside hostile connections",
        configuration: .wakeful(figures: ServerFigures.hostile(hostileCounts), iterations: 1)
    ) { benchmark in
        let workload = try IngestWorkload.fromEnvironment()
        let readers = try ServerFigures.hostileReaders()
        let quiet = try await workload.measureServer()
        ServerFigures.hostileRow(0).record(HostileRow(row: quiet, quiet: quiet), in: benchmark)
        for count in try ServerFigures.hostileCounts() {
            let row = HostileRow(
                row: try await workload.measureServer(
                    hostile: HostileCrowd.Attack(connections: count, readers: readers)), quiet: quiet)
            ServerFigures.hostileRow(count).record(row, in: benchmark)
            Target("honest uploads answered 200 beside \(count) hostile and \(readers) readers", atLeast: 99, "%")
                .report(row.row.honestSuccess)
        }
    }

    // Paging and export read in an order the cursor fixes, so their malloc count holds still.
    Benchmark(
        "Read back by paging and NDJSON export",
        configuration: .wakeful(figures: ServerFigures.readBack.figures, iterations: 1, mallocTolerance: .percent(5))
    ) { benchmark in
        ServerFigures.readBack.record(try await ReadBack.fromEnvironment().run(), in: benchmark)
    }
}

private func microseconds(_ duration: Duration) -> Double { duration.secondsValue * 1_000_000 }

/// What the server benchmarks report. Latencies are per request through the server and per
/// transaction in raw SQLite.
enum ServerFigures {
    static let ingest = FigureRow<IngestComparison>([
        (.higherIsBetter("server records/s"), { $0.server.recordsPerSecond }),
        (.lowerIsBetter("server p50 per request (µs)"), { microseconds($0.server.p50) }),
        (.lowerIsBetter("server p99 per request (µs)"), { microseconds($0.server.p99) }),
        (.higherIsBetter("raw SQLite records/s"), { $0.raw.recordsPerSecond }),
        (.lowerIsBetter("raw SQLite p50 per transaction (µs)"), { microseconds($0.raw.p50) }),
        (.lowerIsBetter("raw SQLite p99 per transaction (µs)"), { microseconds($0.raw.p99) }),
        (.higherIsBetter("server ÷ raw SQLite (%)"), { 100 * $0.ratio }),
    ])

    static let readBack = FigureRow<ReadBack.Result>([
        (.higherIsBetter("records of one device"), { Double($0.records) }),
        (.higherIsBetter("stored straight into SQLite, records/s"), { $0.rate(over: $0.fill) }),
        (.lowerIsBetter("pages"), { Double($0.pages) }),
        (.higherIsBetter("paging with the cursor, records/s"), { $0.rate(over: $0.paging) }),
        (.higherIsBetter("NDJSON export, records/s"), { $0.rate(over: $0.export) }),
        (.lowerIsBetter("NDJSON export (bytes)"), { Double($0.exportBytes) }),
        (.lowerIsBetter("peak resident growth during the export (kB)"), { Double(($0.exportPeakGrowth ?? 0) / 1024) }),
        (.lowerIsBetter("resident memory before the export (kB)"), { Double(($0.residentBeforeExport ?? 0) / 1024) }),
    ])

    static let defaultHostileCounts = [200, 1000]

    /// `WAKEFUL_BENCH_HOSTILE`: each a file descriptor here and one in the server.
    static func hostileCounts() throws -> [Int] {
        try BenchmarkEnvironment.integers("WAKEFUL_BENCH_HOSTILE", default: defaultHostileCounts, in: 1...5000)
    }

    /// `WAKEFUL_BENCH_HOSTILE_READERS`: never-reading readers of a 10.8 MB page in each hostile row.
    static func hostileReaders() throws -> Int {
        try BenchmarkEnvironment.integer("WAKEFUL_BENCH_HOSTILE_READERS", default: 400, in: 0...5000)
    }

    /// One row of the hostile benchmark (the row with none has no ratios).
    static func hostileRow(_ count: Int) -> FigureRow<HostileRow> {
        var columns: [(Figure, @Sendable (HostileRow) -> Double)] = [
            (.higherIsBetter("records/s, \(count) hostile"), { $0.row.recordsPerSecond }),
            (.lowerIsBetter("p99 per request (µs), \(count) hostile"), { microseconds($0.row.p99) }),
        ]
        if count > 0 {
            columns.append((.higherIsBetter("records/s ÷ none hostile (%), \(count) hostile"), { $0.rateRatio }))
            columns.append((.lowerIsBetter("p99 ÷ none hostile (%), \(count) hostile"), { $0.p99Ratio }))
            columns.append(
                (
                    .lowerIsBetter("hostile still open at the end, \(count) hostile"),
                    { Double($0.row.hostileStillOpen ?? 0) }
                ))
            columns.append((.higherIsBetter("honest answered 200 (%), \(count) hostile"), { $0.row.honestSuccess }))
            columns.append(
                (.lowerIsBetter("resident before (MB), \(count) hostile"), { $0.row.megabytes(\.residentBefore) }))
            columns.append(
                (.lowerIsBetter("peak resident (MB), \(count) hostile"), { $0.row.megabytes(\.peakResident) }))
            columns.append(
                (
                    .lowerIsBetter("answers' memory peak (MB), \(count) hostile"),
                    { $0.row.megabytes(\.responseBudgetPeak) }
                ))
            columns.append(
                (.lowerIsBetter("connections refused, \(count) hostile"), { Double($0.row.connectionsRefused ?? 0) }))
        }
        return FigureRow(columns)
    }

    static func hostile(_ counts: [Int]) -> [Figure] {
        ([0] + counts).flatMap { hostileRow($0).figures }
    }
}

/// A measurement with hostile connections open, beside the quiet one of the same iteration.
struct HostileRow: Sendable {
    let row: IngestMeasurement
    let quiet: IngestMeasurement

    /// Records/s as a percentage of the quiet run's.
    var rateRatio: Double { 100 * row.recordsPerSecond / quiet.recordsPerSecond }
    /// p99 as a percentage of the quiet run's.
    var p99Ratio: Double { 100 * row.p99.secondsValue / quiet.p99.secondsValue }
}

/// The server's ingest beside raw SQLite's in the same iteration.
struct IngestComparison: Sendable {
    let server: IngestMeasurement
    let raw: IngestMeasurement

    /// The server's records/s over raw SQLite's.
    var ratio: Double { server.recordsPerSecond / raw.recordsPerSecond }
}
