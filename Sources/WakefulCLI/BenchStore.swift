import ArgumentParser
import Foundation
import Wakeful
import WakefulAPNs
import WakefulSimulator
import WakefulStore
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `wakeful bench-store`: the outbox's append and claim-and-acknowledge throughput on SQLite, beside
/// raw SQLite doing the same work, and its memory with a large backlog.
struct BenchStore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-store",
        abstract: "Measure the SQLite outbox: appends, claims and acknowledgements per second, memory, and raw SQLite beside it.",
        discussion: """
            On a new WAL database file it appends --records records of about 200 bytes in commits of --batch records, then claims and acknowledges the whole backlog in batches of --batch records, sampling resident memory after every batch. Raw SQLite (its C API, the same schema, file settings and transactions, no GRDB and no outbox) then does the same inserts, and the same selects, batch rows and deletes, on a file of its own; the ratio column is the outbox's speed over raw SQLite's. Each measurement is repeated --repeats times and the fastest is reported. Targets: 50,000 appended and 100,000 claimed and acknowledged records per second.

            Examples:
              swift run -c release wakeful bench-store
              swift run -c release wakeful bench-store --records 1000000 --repeats 1
              swift run -c release wakeful bench-store --synchronous full
            """
    )

    @Option(help: "Records appended, then claimed and acknowledged.")
    var records: Int = 100_000

    @Option(help: "Repetitions of each measurement; the fastest is reported.")
    var repeats: Int = 3

    @Option(help: "Records per commit and per claimed batch.")
    var batch: Int = 500

    @Option(help: "SQLite's synchronous level: normal (WAL's usual) or full (an fsync per commit).")
    var synchronous: SQLiteOutbox.Options.Synchronous = .normal

    func validate() throws {
        guard records >= 1 else { throw ValidationError("--records must be at least 1") }
        guard repeats >= 1 else { throw ValidationError("--repeats must be at least 1") }
        guard batch >= 1 else { throw ValidationError("--batch must be at least 1") }
    }

    func run() throws {
        #if DEBUG
            print("note: this is a debug build; use `swift run -c release wakeful bench-store` for real figures\n")
        #endif
        // The outbox runs first, so its memory figures are not those of the baseline's arrays.
        var best = try measureOutbox(), raw = StoreMeasurement(), rawSingle = StoreMeasurement()
        let memory = (before: best.residentBeforeDrain, peak: best.residentPeakDuringDrain)
        var encoding = Timing()
        for run in 0..<repeats {
            if run > 0 { best.keepFastest(try measureOutbox()) }
            encoding.keepFastest(measureEncoding())
            raw.keepFastest(try measureRaw(oneTransaction: false))
            rawSingle.keepFastest(try measureRaw(oneTransaction: true))
        }
        var table = TextTable(header: [
            "operation", "store", "records", "wall time", "records/s", "CPU time", "records/CPU s", "outbox / raw",
        ])
        table.append(row("append", "SQLiteOutbox.commit", best.append, ratio: best.append / raw.append))
        table.append(row("append", "raw SQLite, \(batch) per transaction", raw.append, ratio: nil))
        table.append(row("append", "raw SQLite, one transaction", rawSingle.append, ratio: nil))
        table.append(row("(encode)", "payload JSON only, no database", encoding, ratio: nil))
        table.append(row("claim + ack", "SQLiteOutbox", best.drain, ratio: best.drain / raw.drain))
        table.append(row("claim + ack", "raw SQLite", raw.drain, ratio: nil))
        print(table.rendered)
        print("""

            synchronous \(synchronous.rawValue), WAL, \(batch) records per commit and per batch, payloads of \(best.recordBytes) bytes.
            resident memory: \(megabytes(memory.before)) with \(records) records pending, at most \(megabytes(memory.peak)) \
            while claiming and acknowledging them (+\(megabytes(memory.peak - memory.before))).
            outbox / raw: the outbox's records per CPU second over raw SQLite's (1 = no overhead). The outbox's appends include
            encoding each record's payload JSON (the "(encode)" row) and UUID text, which the baseline gets ready-made.
            targets (wall clock): append \(verdict(best.append.rate, 50_000)), claim + ack \(verdict(best.drain.rate, 100_000)).
            """)
    }

    /// Appends, then drains, through ``SQLiteOutbox``.
    private func measureOutbox() throws -> StoreMeasurement {
        try withBenchDirectory { path in
            var measurement = StoreMeasurement()
            let outbox = try SQLiteOutbox(path: path, options: SQLiteOutbox.Options(synchronous: synchronous))
            var produced = 0
            while produced < records {
                let chunk = (produced..<min(records, produced + batch)).map { CollectedRecord(Self.record($0), at: Double($0)) }
                let elapsed = try Timing.Sample.measure { try outbox.commit(OutboxWrite(records: chunk)) }
                measurement.append.add(chunk.count, elapsed)
                produced += chunk.count
            }
            measurement.recordBytes = Self.record(0).payloadJSON.utf8.count
            measurement.residentBeforeDrain = ResidentMemory.current ?? 0
            let limits = BatchLimits(maxRecords: batch, maxBytes: Int.max)
            while true {
                var claimed: OutboxBatch?
                let elapsed = try Timing.Sample.measure {
                    claimed = try outbox.claimBatch(limits: limits, now: 0)
                    if let claimed {
                        let answer = IngestAnswer(accepted: claimed.records.count, duplicates: 0)
                        try outbox.acknowledge(batchID: claimed.id, answer: answer, now: 0)
                    }
                }
                guard let claimed else { break }
                measurement.drain.add(claimed.records.count, elapsed)
                measurement.residentPeakDuringDrain = max(measurement.residentPeakDuringDrain, ResidentMemory.current ?? 0)
            }
            return measurement
        }
    }

    /// Times what an append does besides SQLite and GRDB: the payload JSON of every record.
    private func measureEncoding() -> Timing {
        var timing = Timing()
        var produced = 0
        var bytes = 0
        while produced < records {
            let chunk = (produced..<min(records, produced + batch)).map { Self.record($0) }
            timing.add(chunk.count, Timing.Sample.measure {
                for record in chunk { bytes &+= record.payloadJSON.utf8.count }
            })
            produced += chunk.count
        }
        precondition(bytes > 0)  // keeps the work from being optimised away
        return timing
    }

    /// Does the same through SQLite's C API on the same schema.
    private func measureRaw(oneTransaction: Bool) throws -> StoreMeasurement {
        try withBenchDirectory { path in
            _ = try SQLiteOutbox(path: path)  // the same schema, then closed
            let database = try RawSQLite(path: path, synchronous: synchronous.rawValue)
            let install = UUID()
            var measurement = StoreMeasurement()
            var produced = 0
            let chunkSize = oneTransaction ? records : batch
            while produced < records {
                let rows = (produced..<min(records, produced + chunkSize)).map { index in
                    let seq = Int64(index + 1)
                    let payload = Self.record(index).payloadJSON
                    return RawRow(
                        seq: seq, uuid: RecordIdentity.uuid(install: install, seq: seq).uuidString, kind: "sensor", payload: payload,
                        recordedAt: Double(index), byteCount: payload.utf8.count + 70)
                }
                let elapsed = try Timing.Sample.measure { try database.insert(rows) }
                measurement.append.add(rows.count, elapsed)
                produced += rows.count
            }
            guard !oneTransaction else { return measurement }
            var number: Int64 = 1
            while true {
                let id = RecordIdentity.batchID(install: install, number: number).uuidString
                var count = 0
                let elapsed = try Timing.Sample.measure {
                    count = try database.claim(limit: batch, id: id, now: 0)
                    if count > 0 { try database.settle(id: id) }
                }
                guard count > 0 else { break }
                measurement.drain.add(count, elapsed)
                number += 1
            }
            return measurement
        }
    }

    /// A sensor record of about 200 bytes of payload.
    private static func record(_ index: Int) -> Record {
        Record(kind: "sensor", fields: [
            Field("n", .int(index)), Field("x", .double(0.125 * Double(index % 1000))), Field("y", .double(-3.5)),
            Field("source", .string("accelerometer")), Field("data", .string(String(repeating: "a", count: 141))),
        ])
    }

    private func row(_ operation: String, _ store: String, _ timing: Timing, ratio: Double?) -> [String] {
        [
            operation, store, String(timing.records), String(format: "%.3f s", timing.seconds), String(format: "%.0f", timing.rate),
            String(format: "%.3f s", timing.cpuSeconds), String(format: "%.0f", timing.cpuRate),
            ratio.map { String(format: "%.2f", $0) } ?? "-",
        ]
    }

    private func verdict(_ rate: Double, _ target: Double) -> String {
        String(format: "%.0f/s (target %.0f/s: %@)", rate, target, rate >= target ? "met" : "MISSED")
    }

    private func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }

    /// Runs `body` with a database path in a new directory removed afterwards.
    private func withBenchDirectory<T>(_ body: (String) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wakeful-bench-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory.appendingPathComponent("outbox.sqlite").path)
    }
}

extension SQLiteOutbox.Options.Synchronous: ExpressibleByArgument {}

/// Time spent on some records: wall time, and the process's CPU time, which other work on a busy
/// machine disturbs much less.
struct Timing {
    var records = 0
    var seconds = 0.0
    var cpuSeconds = 0.0

    /// Records per wall-clock second.
    var rate: Double { seconds > 0 ? Double(records) / seconds : 0 }
    /// Records per CPU second.
    var cpuRate: Double { cpuSeconds > 0 ? Double(records) / cpuSeconds : 0 }

    mutating func add(_ count: Int, _ sample: Sample) {
        records += count
        seconds += sample.wall
        cpuSeconds += sample.cpu
    }

    /// Keeps the faster of two timings.
    mutating func keepFastest(_ other: Timing) {
        if seconds == 0 || other.seconds < seconds { self = other }
    }

    /// How many times faster than `rhs`, in CPU time.
    static func / (lhs: Timing, rhs: Timing) -> Double { rhs.cpuRate > 0 ? lhs.cpuRate / rhs.cpuRate : 0 }

    /// The wall and CPU seconds of one measured piece of work.
    struct Sample {
        var wall: Double
        var cpu: Double

        /// Runs `body` and measures it.
        static func measure(_ body: () throws -> Void) rethrows -> Sample {
            let clock = ContinuousClock()
            let cpuStart = processCPUSeconds()
            let elapsed = try clock.measure(body)
            return Sample(
                wall: elapsed.secondsValue,
                cpu: processCPUSeconds() - cpuStart)
        }

        /// The CPU time the process has used.
        private static func processCPUSeconds() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
    }
}

/// One run of the store benchmark.
struct StoreMeasurement {
    var append = Timing()
    var drain = Timing()
    var recordBytes = 0
    var residentBeforeDrain = 0
    var residentPeakDuringDrain = 0

    /// Keeps the faster of each timing.
    mutating func keepFastest(_ other: StoreMeasurement) {
        append.keepFastest(other.append)
        if other.drain.records > 0 { drain.keepFastest(other.drain) }
        recordBytes = other.recordBytes
    }
}
