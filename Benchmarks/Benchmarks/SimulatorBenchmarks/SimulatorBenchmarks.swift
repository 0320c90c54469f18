import Benchmark
import BenchmarkSupport
import Foundation
import Wakeful
import WakefulSimulator

/// The simulator's own speed and memory: seed 002's forever ranging (LowPowerLocationKeepAlive,
/// iOS 17, a beacon ranged at 1 Hz) for 1, 6 and 24 simulated hours and a week without a timeline,
/// a day with the timeline streamed to a file, every built-in scenario on one core
/// (``builtinScenarioBenchmarks()``), and `compare` over every built-in run on all cores, once and
/// with many seeds.
///
/// Resident memory that stays flat from 1 h to a week shows it is bounded by pending events, not
/// by events processed. The runs are seeded, so their malloc counts are stable enough to check.
/// A ranging step allocates nothing; what the counts grow by with the hours (140 at 6 h, 148 at a
/// day, 220 at a week) is the region crossings, 12 a day, each handing the app its events' array.
let benchmarks: @Sendable () -> Void = {
    Benchmark.teardown = { RunNotes.flush() }
    for hours in [1, 6, 24, 168] {
        Benchmark(
            "Forever ranging \(hours) h, no timeline",
            configuration: .wakeful(
                figures: SimulatorFigures.run.figures, iterations: 3, warmUp: 1, mallocTolerance: .calls(50))
        ) { benchmark, scenario in
            var metrics: RunMetrics?
            let time = Timing.Sample.measure {
                metrics = Simulator.run(scenario, ios: IOSVersion(17), setup: scenario.setups[0], seed: 1)
            }
            SimulatorFigures.run.record(SimulatorRun(events: metrics?.simulatedEvents ?? 0, time: time), in: benchmark)
        } setup: {
            try BenchmarkScenarios.foreverRanging(hours: Double(hours))
        }
    }

    Benchmark(
        "Forever ranging 24 h, timeline to file",
        configuration: .wakeful(
            figures: SimulatorFigures.timeline.figures, iterations: 3, warmUp: 1, mallocTolerance: .percent(1))
    ) { benchmark, day in
        try withTemporaryDirectory("wakeful-bench-timeline") { directory in
            let path = directory.appendingPathComponent("day.jsonl").path
            var metrics: RunMetrics?
            let time = try Timing.Sample.measure {
                let writer = try JSONLinesFileWriter(path: path)
                metrics = Simulator.run(day, ios: IOSVersion(17), setup: day.setups[0], seed: 1, timeline: writer)
                try writer.close()
            }
            var run = SimulatorRun(events: metrics?.simulatedEvents ?? 0, time: time)
            run.timelineBytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            SimulatorFigures.timeline.record(run, in: benchmark)
        }
    } setup: {
        try BenchmarkScenarios.foreverRanging(hours: 24)
    }

    builtinScenarioBenchmarks()

    // `wakeful compare` with no arguments: every built-in scenario × its strategies × its iOS versions.
    Benchmark(
        "Compare every built-in run on all cores",
        configuration: .wakeful(
            figures: SimulatorFigures.comparison.figures, iterations: 3, warmUp: 1, mallocTolerance: .percent(2))
    ) { benchmark, comparison in
        var runs: [RunMetrics] = []
        let time = await Timing.Sample.measure { runs = await comparison.run() }
        var run = SimulatorRun(events: runs.reduce(0) { $0 + $1.simulatedEvents }, time: time)
        run.runs = runs.count
        SimulatorFigures.comparison.record(run, in: benchmark)
    } setup: {
        Comparison(scenarios: try BuiltinScenarios.names.map(BuiltinScenarios.load), seed: 1)
    }

    // `wakeful compare --seeds N`: every built-in run with N seeds (WAKEFUL_BENCH_SEEDS, 20 in CI; the
    // README's figure is 1,000, whose target is under 60 s on 2 cores). Runs finish in any order on
    // the cores, so the malloc count is not checked.
    Benchmark(
        "Compare every built-in run × many seeds on all cores",
        configuration: .wakeful(figures: SimulatorFigures.sweep.figures, iterations: 1)
    ) { benchmark, sweep in
        var samples: [SeedSample] = []
        let time = await Timing.Sample.measure { samples = await sweep.run() }
        var run = SimulatorRun(events: 0, time: time)
        run.runs = samples.count
        SimulatorFigures.sweep.record(run, in: benchmark)
    } setup: { () throws -> SeedSweep in
        let seeds = try BenchmarkEnvironment.integer("WAKEFUL_BENCH_SEEDS", default: 20, in: 1...100_000)
        let comparison = Comparison(scenarios: try BuiltinScenarios.names.map(BuiltinScenarios.load), seed: 1)
        return SeedSweep(comparison: comparison, seeds: SeedRange(1, UInt64(seeds)))
    }
}

/// What a simulator benchmark measured in one iteration.
struct SimulatorRun: Sendable {
    /// Agenda entries the simulator processed (world samples, ranging callbacks, wakes, timers).
    var events: Int
    var time: Timing.Sample
    /// The process's resident memory right after the run.
    var resident = ProcessMemory.residentBytes() ?? 0
    var timelineBytes = 0
    var runs = 0
}

/// What the simulator benchmarks report.
enum SimulatorFigures {
    static let run = FigureRow<SimulatorRun>([
        (.higherIsBetter("simulated events"), { Double($0.events) }),
        (.higherIsBetter("simulated events/s"), { Double($0.events) / $0.time.wall }),
        (.lowerIsBetter("resident memory after the run (kB)"), { Double($0.resident / 1024) }),
    ])
    static let timeline =
        run + FigureRow<SimulatorRun>([(.lowerIsBetter("timeline file (bytes)"), { Double($0.timelineBytes) })])
    static let comparison = run + FigureRow<SimulatorRun>([(.higherIsBetter("runs"), { Double($0.runs) })])
    static let scenario =
        comparison
        + FigureRow<SimulatorRun>([(.higherIsBetter("simulated events/CPU s"), { Double($0.events) / $0.time.cpu })])
    static let sweep = FigureRow<SimulatorRun>([
        (.higherIsBetter("runs"), { Double($0.runs) }),
        (.higherIsBetter("runs/s"), { Double($0.runs) / $0.time.wall }),
        (.lowerIsBetter("wall time (ms)"), { $0.time.wall * 1000 }),
        (.lowerIsBetter("resident memory after the run (kB)"), { Double($0.resident / 1024) }),
    ])
}
