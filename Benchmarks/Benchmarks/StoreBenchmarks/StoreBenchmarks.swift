import Benchmark
import BenchmarkSupport
import Foundation

/// The SQLite outbox beside raw SQLite doing the same work in the same iteration: appends (500 per
/// commit by default), then claims and acknowledgements of the whole backlog, with the resident
/// memory while it is pending. Targets: 50,000 appended and 100,000 claimed and acknowledged
/// records per second.
///
/// `WAKEFUL_BENCH_STORE_RECORDS` (100,000), `WAKEFUL_BENCH_STORE_BATCH` (500) and
/// `WAKEFUL_BENCH_STORE_SYNCHRONOUS` (`normal` or `full`) size the work.
let benchmarks: @Sendable () -> Void = {
    Benchmark.teardown = { RunNotes.flush() }

    Benchmark(
        "Outbox appends beside raw SQLite",
        configuration: .wakeful(figures: StoreFigures.append, iterations: 3, mallocTolerance: .percent(2))
    ) { benchmark in
        let workload = try StoreWorkload.fromEnvironment()
        // The outbox runs first, so that its figures are not those of the baseline's arrays.
        let outbox = try workload.appendThroughOutbox()
        let raw = try workload.appendRaw(oneTransaction: false)
        let rawSingle = try workload.appendRaw(oneTransaction: true)
        StoreFigures.comparison.record((outbox, raw), in: benchmark)
        benchmark.record(StoreFigures.rawSingleRate, rawSingle.rate)
        benchmark.record(StoreFigures.rawSingleCPURate, rawSingle.cpuRate)
        benchmark.record(StoreFigures.outboxOverRawSingle, 100 * (outbox / rawSingle))
        // What an append does besides SQLite and GRDB: every record's payload JSON.
        benchmark.record(StoreFigures.encodingRate, workload.encode().rate)
        Target("outbox appends", atLeast: 50_000, "records/s").report(outbox.rate)
    }

    Benchmark(
        "Outbox claims and acknowledgements beside raw SQLite",
        configuration: .wakeful(figures: StoreFigures.drain, iterations: 3, mallocTolerance: .percent(2))
    ) { benchmark in
        let workload = try StoreWorkload.fromEnvironment()
        let outbox = try workload.drainOutbox()
        let raw = try workload.drainRaw()
        StoreFigures.comparison.record((outbox.timing, raw), in: benchmark)
        Target("outbox claims and acknowledgements", atLeast: 100_000, "records/s").report(outbox.timing.rate)
        benchmark.record(StoreFigures.residentPending, outbox.residentPending / 1024)
        benchmark.record(StoreFigures.residentPeakDraining, outbox.residentPeak / 1024)
    }
}

/// What the store benchmarks report. Ratios are CPU-time ratios (records per CPU second), which
/// other work on a shared machine disturbs far less than wall time; 100 = no overhead.
enum StoreFigures {
    /// The outbox beside raw SQLite doing the same work.
    static let comparison = FigureRow<(outbox: Timing, raw: Timing)>([
        (.higherIsBetter("outbox records/s"), { $0.outbox.rate }),
        (.higherIsBetter("outbox records/CPU s"), { $0.outbox.cpuRate }),
        (.higherIsBetter("raw SQLite records/s"), { $0.raw.rate }),
        (.higherIsBetter("raw SQLite records/CPU s"), { $0.raw.cpuRate }),
        (.higherIsBetter("outbox ÷ raw SQLite (%)"), { 100 * ($0.outbox / $0.raw) }),
    ])
    static let rawSingleRate = Figure.higherIsBetter("raw SQLite, one transaction, records/s")
    static let rawSingleCPURate = Figure.higherIsBetter("raw SQLite, one transaction, records/CPU s")
    static let outboxOverRawSingle = Figure.higherIsBetter("outbox ÷ raw SQLite in one transaction (%)")
    static let encodingRate = Figure.higherIsBetter("payload JSON encoding only, records/s")
    static let residentPending = Figure.lowerIsBetter("resident memory, backlog pending (kB)")
    static let residentPeakDraining = Figure.lowerIsBetter("peak resident memory while draining (kB)")

    static let append = comparison.figures + [rawSingleRate, rawSingleCPURate, outboxOverRawSingle, encodingRate]
    static let drain = comparison.figures + [residentPending, residentPeakDraining]
}
