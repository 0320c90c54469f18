import BenchmarkSupport
import Foundation
import Wakeful
import WakefulStore

/// The store benchmarks' work: `records` sensor records of about 200 bytes of payload, appended
/// `batch` per commit and claimed `batch` per batch, on a new WAL database file each time.
struct StoreWorkload {
    var records: Int
    var batch: Int
    var synchronous: SQLiteOutbox.Options.Synchronous

    /// The sizes from `WAKEFUL_BENCH_STORE_RECORDS`, `…_BATCH` and `…_SYNCHRONOUS`.
    static func fromEnvironment() throws -> StoreWorkload {
        let synchronous = try BenchmarkEnvironment.choice(
            "WAKEFUL_BENCH_STORE_SYNCHRONOUS", default: "normal",
            among: SQLiteOutbox.Options.Synchronous.allCases.map(\.rawValue))
        return StoreWorkload(
            records: try BenchmarkEnvironment.integer(
                "WAKEFUL_BENCH_STORE_RECORDS", default: 100_000, in: 1...100_000_000),
            batch: try BenchmarkEnvironment.integer("WAKEFUL_BENCH_STORE_BATCH", default: 500, in: 1...100_000),
            synchronous: SQLiteOutbox.Options.Synchronous(rawValue: synchronous) ?? .normal)
    }

    /// Appends every record through ``SQLiteOutbox/commit(_:)``, `batch` per commit.
    func appendThroughOutbox() throws -> Timing {
        try withTemporaryDirectory("wakeful-bench-store") { directory in
            let outbox = try SQLiteOutbox(
                path: Self.databasePath(in: directory), options: SQLiteOutbox.Options(synchronous: synchronous))
            return try append(to: outbox)
        }
    }

    /// Fills an outbox (not timed), then claims and acknowledges it all, `batch` records at a time,
    /// sampling the resident memory after every batch.
    func drainOutbox() throws -> (timing: Timing, residentPending: Int, residentPeak: Int) {
        try withTemporaryDirectory("wakeful-bench-store") { directory in
            let outbox = try SQLiteOutbox(
                path: Self.databasePath(in: directory), options: SQLiteOutbox.Options(synchronous: synchronous))
            _ = try append(to: outbox)
            let pending = ProcessMemory.residentBytes() ?? 0
            var peak = pending
            var timing = Timing()
            let limits = BatchLimits(maxRecords: batch, maxBytes: Int.max)
            while true {
                var claimed: OutboxBatch?
                let sample = try Timing.Sample.measure {
                    claimed = try outbox.claimBatch(limits: limits, now: 0)
                    if let claimed {
                        let answer = IngestAnswer(accepted: claimed.records.count, duplicates: 0)
                        try outbox.acknowledge(batchID: claimed.id, answer: answer, now: 0)
                    }
                }
                guard let claimed else { break }
                timing.add(claimed.records.count, sample)
                peak = max(peak, ProcessMemory.residentBytes() ?? 0)
            }
            return (timing, pending, peak)
        }
    }

    /// Times what an append does besides SQLite and GRDB: the payload JSON of every record.
    func encode() -> Timing {
        var timing = Timing()
        var bytes = 0
        for chunk in chunks(of: batch) {
            let records = chunk.map(Self.record)
            timing.add(
                records.count,
                Timing.Sample.measure {
                    for record in records { bytes &+= record.payloadJSON.utf8.count }
                })
        }
        precondition(bytes > 0)  // keeps the work from being optimised away
        return timing
    }

    private func append(to outbox: SQLiteOutbox) throws -> Timing {
        var timing = Timing()
        for chunk in chunks(of: batch) {
            let records = chunk.map { CollectedRecord(Self.record($0), at: Double($0)) }
            timing.add(records.count, try Timing.Sample.measure { try outbox.commit(OutboxWrite(records: records)) })
        }
        return timing
    }

    /// The record indices in runs of `size`.
    func chunks(of size: Int) -> [Range<Int>] {
        stride(from: 0, to: records, by: size).map { $0..<min(records, $0 + size) }
    }

    static func databasePath(in directory: URL) -> String {
        directory.appendingPathComponent("outbox.sqlite").path
    }

    /// A sensor record of about 200 bytes of payload.
    static func record(_ index: Int) -> Record {
        Record(
            kind: "sensor",
            fields: [
                Field("n", .int(index)), Field("x", .double(0.125 * Double(index % 1000))), Field("y", .double(-3.5)),
                Field("source", .string("accelerometer")), Field("data", .string(String(repeating: "a", count: 141))),
            ])
    }
}
