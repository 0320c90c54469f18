import Benchmark
import BenchmarkSupport
import Foundation
import Wakeful
import WakefulSimulator

/// The simulator's own speed and memory: seed 002's forever ranging (LowPowerLocationKeepAlive,
/// iOS 17, a beacon ranged at 1 Hz) for 1, 6 and 24 simulated hours and a week without a timeline,
/// a day with the timeline streamed to a file, and `compare` over every built-in run on all cores.
///
/// Resident memory that stays flat from 1 h to a week shows it is bounded by pending events, not
/// by events processed. The runs are seeded, so their malloc counts are stable enough to check.
let benchmarks: @Sendable () -> Void = {
    for hours in [1, 6, 24, 168] {
        Benchmark(
            "Forever ranging \(hours) h, no timeline",
            configuration: .wakeful(figures: SimulatorFigures.run, iterations: 3, warmUp: 1, mallocTolerance: .calls(50))
        ) { benchmark, scenario in
            var metrics: RunMetrics?
            let time = Timing.Sample.measure { metrics = Simulator.run(scenario, ios: IOSVersion(17), setup: scenario.setups[0], seed: 1) }
            SimulatorFigures.record(events: metrics?.simulatedEvents ?? 0, in: time, benchmark)
        } setup: {
            try BenchmarkScenarios.foreverRanging(hours: Double(hours))
        }
    }

    Benchmark(
        "Forever ranging 24 h, timeline to file",
        configuration: .wakeful(
            figures: SimulatorFigures.run + [SimulatorFigures.timelineBytes], iterations: 3, warmUp: 1, mallocTolerance: .percent(1))
    ) { benchmark, day in
        try withTemporaryDirectory("wakeful-bench-timeline") { directory in
            let path = directory.appendingPathComponent("day.jsonl").path
            var metrics: RunMetrics?
            let time = try Timing.Sample.measure {
                let writer = try JSONLinesFileWriter(path: path)
                metrics = Simulator.run(day, ios: IOSVersion(17), setup: day.setups[0], seed: 1, timeline: writer)
                try writer.close()
            }
            SimulatorFigures.record(events: metrics?.simulatedEvents ?? 0, in: time, benchmark)
            benchmark.record(SimulatorFigures.timelineBytes, (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        }
    } setup: {
        try BenchmarkScenarios.foreverRanging(hours: 24)
    }

    // `wakeful compare` with no arguments: every built-in scenario × its strategies × its iOS versions.
    Benchmark(
        "Compare every built-in run on all cores",
        configuration: .wakeful(figures: SimulatorFigures.run + [SimulatorFigures.runs], iterations: 3, warmUp: 1, mallocTolerance: .percent(2))
    ) { benchmark, comparison in
        var runs: [RunMetrics] = []
        let time = await Timing.Sample.measure { runs = await comparison.run() }
        SimulatorFigures.record(events: runs.reduce(0) { $0 + $1.simulatedEvents }, in: time, benchmark)
        benchmark.record(SimulatorFigures.runs, runs.count)
    } setup: {
        Comparison(scenarios: try BuiltinScenarios.names.map(BuiltinScenarios.load), seed: 1)
    }
}

/// The figures of a simulator run.
enum SimulatorFigures {
    /// Agenda entries the simulator processed (world samples, ranging callbacks, wakes, timers).
    static let events = Figure.higherIsBetter("simulated events")
    static let eventsPerSecond = Figure.higherIsBetter("simulated events/s")
    static let residentAfterRun = Figure.lowerIsBetter("resident memory after the run (kB)")
    static let timelineBytes = Figure.lowerIsBetter("timeline file (bytes)")
    static let runs = Figure.higherIsBetter("runs")

    static let run = [events, eventsPerSecond, residentAfterRun]

    /// Records a run of `count` events that took `time`, and the memory after it.
    static func record(events count: Int, in time: Timing.Sample, _ benchmark: Benchmark) {
        benchmark.record(events, count)
        benchmark.record(eventsPerSecond, Double(count) / time.wall)
        benchmark.record(residentAfterRun, (ProcessMemory.residentBytes() ?? 0) / 1024)
    }
}
