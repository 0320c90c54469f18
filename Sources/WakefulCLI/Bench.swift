import ArgumentParser
import Foundation
import Wakeful
import WakefulAPNs
import WakefulSimulator

/// `wakeful bench`: measures the simulator on one device-day of forever ranging.
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure simulated events per second and memory on a device-day of 1 Hz beacon ranging.",
        discussion: """
            It runs the forever-ranging scenario (LowPowerLocationKeepAlive, iOS 17) for 1, 6 and 24 simulated hours and a week without a timeline, then 24 hours with the timeline streamed to a file, and reports events per second, wall time and resident memory after each run. Memory that stays flat from 1 h to a week shows it is bounded by pending events, not by events processed.

            Examples:
              swift run -c release wakeful bench
              swift run -c release wakeful bench --repeats 7
              swift run -c release wakeful bench --timeline-file /tmp/day.jsonl
            """
    )

    @Option(help: "Repetitions of each measurement; the best is reported.")
    var repeats: Int = 3

    @Option(help: ArgumentHelp("Where the streamed timeline goes.", valueName: "file"))
    var timelineFile: String = FileManager.default.temporaryDirectory.appendingPathComponent("wakeful-bench-timeline.jsonl").path

    func validate() throws {
        guard repeats >= 1 else { throw ValidationError("--repeats must be at least 1") }
    }

    func run() async throws {
        #if DEBUG
            print("note: this is a debug build; use `swift run -c release wakeful bench` for real figures\n")
        #endif
        var table = TextTable(header: ["run", "simulated events", "wall time", "events/s", "timeline", "resident memory"])
        for hours in [1.0, 6, 24, 168] {
            let scenario = try BenchmarkScenarios.foreverRanging(hours: hours)
            let (metrics, seconds) = measureBest(of: repeats) { Simulator.run(scenario, ios: IOSVersion(17), setup: scenario.setups[0], seed: 1) }
            table.append(row("\(Int(hours)) h, no timeline", metrics, seconds, timeline: "-"))
        }
        let day = try BenchmarkScenarios.foreverRanging(hours: 24)
        var bytes = 0
        let (metrics, seconds) = try measureBest(of: repeats) {
            let writer = try JSONLinesFileWriter(path: timelineFile)
            let metrics = Simulator.run(day, ios: IOSVersion(17), setup: day.setups[0], seed: 1, timeline: writer)
            try writer.close()
            bytes = (try? FileManager.default.attributesOfItem(atPath: timelineFile)[.size] as? Int) ?? 0
            return metrics
        }
        table.append(row("24 h, timeline to file", metrics, seconds, timeline: String(format: "%.1f MB", Double(bytes) / 1_000_000)))
        try? FileManager.default.removeItem(atPath: timelineFile)

        // `compare` with no arguments: every built-in scenario × its strategies × its iOS versions, on all cores.
        let comparison = Comparison(scenarios: try BuiltinScenarios.names.map(BuiltinScenarios.load), seed: 1)
        let clock = ContinuousClock()
        var best: (runs: [RunMetrics], seconds: Double)?
        for _ in 0..<repeats {
            let start = clock.now
            let runs = await comparison.run()
            let elapsed = start.duration(to: clock.now)
            let seconds = elapsed.secondsValue
            if best == nil || seconds < best!.seconds { best = (runs, seconds) }
        }
        if let best {
            let events = best.runs.reduce(0) { $0 + $1.simulatedEvents }
            let summed = MetricsSummary(simulatedEvents: events)
            table.append([
                "compare: \(best.runs.count) runs, \(ProcessInfo.processInfo.activeProcessorCount) cores", String(summed.simulatedEvents),
                String(format: "%.3f s", best.seconds), String(format: "%.2f M", Double(events) / best.seconds / 1_000_000), "-",
                ResidentMemory.current.map { String(format: "%.1f MB", Double($0) / 1_000_000) } ?? "n/a",
            ])
        }
        print(table.rendered)
        print("\nEvents are agenda entries the simulator processed (world samples, ranging callbacks, wakes, timers).")
    }

    private func row(_ name: String, _ metrics: RunMetrics, _ seconds: Double, timeline: String) -> [String] {
        [
            name, String(metrics.simulatedEvents), String(format: "%.3f s", seconds),
            String(format: "%.2f M", Double(metrics.simulatedEvents) / seconds / 1_000_000), timeline,
            ResidentMemory.current.map { String(format: "%.1f MB", Double($0) / 1_000_000) } ?? "n/a",
        ]
    }

    /// Runs `body` `count` times and keeps the fastest run: the least disturbed by the machine.
    private func measureBest(of count: Int, _ body: () throws -> RunMetrics) rethrows -> (RunMetrics, Double) {
        let clock = ContinuousClock()
        var best: (RunMetrics, Double)?
        for _ in 0..<count {
            var metrics: RunMetrics?
            let elapsed = try clock.measure { metrics = try body() }
            let seconds = elapsed.secondsValue
            if best == nil || seconds < best!.1 { best = (metrics!, seconds) }
        }
        return best!
    }
}

/// The process's resident set size, read from /proc on Linux.
enum ResidentMemory {
    static var current: Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }
}

/// Totals over several runs, for the compare row.
private struct MetricsSummary {
    var simulatedEvents: Int
}
