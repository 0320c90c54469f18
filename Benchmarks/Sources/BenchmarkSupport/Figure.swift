import Benchmark

/// A figure a benchmark computes itself and records each iteration beside package-benchmark's
/// own metrics: a rate, a latency, a size, or a ratio between two stores measured in the same
/// iteration. It appears in the output under its name, as a whole number in the unit the name says.
public struct Figure: Sendable {
    /// The metric it is recorded as.
    public let metric: BenchmarkMetric

    /// A figure where more is better, such as `records/s` or `server ÷ raw (%)`.
    public static func higherIsBetter(_ name: String) -> Figure {
        Figure(metric: .custom(name, polarity: .prefersLarger, useScalingFactor: false))
    }

    /// A figure where less is better, such as `p99 (µs)` or `resident memory (kB)`.
    public static func lowerIsBetter(_ name: String) -> Figure {
        Figure(metric: .custom(name, polarity: .prefersSmaller, useScalingFactor: false))
    }
}

extension Benchmark {
    /// Records `value` for `figure` in this iteration (rounded to a whole number).
    public func record(_ figure: Figure, _ value: Double) {
        measurement(figure.metric, value.isFinite ? Int(value.rounded()) : 0)
    }

    /// Records `value` for `figure` in this iteration.
    public func record(_ figure: Figure, _ value: Int) {
        measurement(figure.metric, value)
    }
}

extension Benchmark.Configuration {
    /// The configuration of a Wakeful benchmark: wall and CPU time, malloc calls and peak resident
    /// memory for the whole iteration, plus `figures`, shown as exact whole numbers.
    ///
    /// Instructions are left out: perf events are not available on the project's machines.
    ///
    /// - Parameters:
    ///   - figures: The benchmark's own figures.
    ///   - iterations: Iterations measured (the README's figures are the best of them).
    ///   - warmUp: Iterations run first and not measured.
    ///   - mallocTolerance: How far, in percent, the p90 of malloc calls may stray from the
    ///     checked-in threshold (`Thresholds/`) before `thresholds check` fails; nil where the
    ///     count is not stable enough to check.
    public static func wakeful(figures: [Figure], iterations: Int, warmUp: Int = 0, mallocTolerance: Double? = nil) -> Self {
        Self(
            metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident] + figures.map(\.metric),
            units: Dictionary(figures.map { ($0.metric, .count) }, uniquingKeysWith: { first, _ in first }),
            warmupIterations: warmUp,
            maxDuration: .seconds(24 * 3600),
            maxIterations: iterations,
            thresholds: mallocTolerance.map { [.mallocCountTotal: BenchmarkThresholds(relative: [.p90: $0])] }
        )
    }
}
