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
    Benchmark(
        "Outbox appends beside raw SQLite",
        configuration: .wakeful(figures: StoreFigures.append, iterations: 3, mallocTolerance: 2)
    ) { benchmark in
        let workload = try StoreWorkload.fromEnvironment()
        // The outbox runs first, so that its figures are not those of the baseline's arrays.
        let outbox = try workload.appendThroughOutbox()
        let raw = try workload.appendRaw(oneTransaction: false)
        let rawSingle = try workload.appendRaw(oneTransaction: true)
        benchmark.record(StoreFigures.outboxRate, outbox.rate)
        benchmark.record(StoreFigures.outboxCPURate, outbox.cpuRate)
        benchmark.record(StoreFigures.rawRate, raw.rate)
        benchmark.record(StoreFigures.rawCPURate, raw.cpuRate)
        benchmark.record(StoreFigures.rawSingleRate, rawSingle.rate)
        benchmark.record(StoreFigures.rawSingleCPURate, rawSingle.cpuRate)
        benchmark.record(StoreFigures.outboxOverRaw, 100 * (outbox / raw))
        benchmark.record(StoreFigures.outboxOverRawSingle, 100 * (outbox / rawSingle))
        // What an append does besides SQLite and GRDB: every record's payload JSON.
        benchmark.record(StoreFigures.encodingRate, workload.encode().rate)
    }

    Benchmark(
        "Outbox claims and acknowledgements beside raw SQLite",
        configuration: .wakeful(figures: StoreFigures.drain, iterations: 3, mallocTolerance: 2)
    ) { benchmark in
        let workload = try StoreWorkload.fromEnvironment()
        let outbox = try workload.drainOutbox()
        let raw = try workload.drainRaw()
        benchmark.record(StoreFigures.outboxRate, outbox.timing.rate)
        benchmark.record(StoreFigures.outboxCPURate, outbox.timing.cpuRate)
        benchmark.record(StoreFigures.rawRate, raw.rate)
        benchmark.record(StoreFigures.rawCPURate, raw.cpuRate)
        benchmark.record(StoreFigures.outboxOverRaw, 100 * (outbox.timing / raw))
        benchmark.record(StoreFigures.residentPending, outbox.residentPending / 1024)
        benchmark.record(StoreFigures.residentPeakDraining, outbox.residentPeak / 1024)
    }
}

/// What the store benchmarks report. Ratios are CPU-time ratios (records per CPU second), which
/// other work on a shared machine disturbs far less than wall time; 100 = no overhead.
enum StoreFigures {
    static let outboxRate = Figure.higherIsBetter("outbox records/s")
    static let outboxCPURate = Figure.higherIsBetter("outbox records/CPU s")
    static let rawRate = Figure.higherIsBetter("raw SQLite records/s")
    static let rawCPURate = Figure.higherIsBetter("raw SQLite records/CPU s")
    static let rawSingleRate = Figure.higherIsBetter("raw SQLite, one transaction, records/s")
    static let rawSingleCPURate = Figure.higherIsBetter("raw SQLite, one transaction, records/CPU s")
    static let outboxOverRaw = Figure.higherIsBetter("outbox ÷ raw SQLite (%)")
    static let outboxOverRawSingle = Figure.higherIsBetter("outbox ÷ raw SQLite in one transaction (%)")
    static let encodingRate = Figure.higherIsBetter("payload JSON encoding only, records/s")
    static let residentPending = Figure.lowerIsBetter("resident memory, backlog pending (kB)")
    static let residentPeakDraining = Figure.lowerIsBetter("peak resident memory while draining (kB)")

    static let append = [
        outboxRate, outboxCPURate, rawRate, rawCPURate, rawSingleRate, rawSingleCPURate, outboxOverRaw, outboxOverRawSingle, encodingRate,
    ]
    static let drain = [outboxRate, outboxCPURate, rawRate, rawCPURate, outboxOverRaw, residentPending, residentPeakDraining]
}
