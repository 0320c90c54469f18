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
    ///   - mallocTolerance: How far the p90 of malloc calls may stray from the checked-in
    ///     threshold (`Thresholds/`) before `thresholds check` fails: a percentage for large
    ///     counts, a number of calls for small ones; nil where the count is not stable enough to
    ///     check. A checked benchmark runs without the peak-memory metric (see below).
    public static func wakeful(
        figures: [Figure], iterations: Int, warmUp: Int = 0, mallocTolerance: MallocTolerance? = nil
    ) -> Self {
        Self(
            // The peak-memory metric samples the process from a thread of package-benchmark's own,
            // whose allocations land in the malloc count in proportion to the run's length (a
            // week's run counted 203 to 247 with it, 147 every time without): a benchmark whose
            // malloc count is checked reports its resident memory through its own figure instead.
            metrics: [.wallClock, .cpuTotal, .mallocCountTotal] + (mallocTolerance == nil ? [.peakMemoryResident] : [])
                + figures.map(\.metric),
            units: Dictionary(figures.map { ($0.metric, .count) }, uniquingKeysWith: { first, _ in first }),
            warmupIterations: warmUp,
            maxDuration: .seconds(24 * 3600),
            maxIterations: iterations,
            thresholds: mallocTolerance.map { [.mallocCountTotal: $0.thresholds] }
        )
    }
}

/// How far a benchmark's malloc count may stray from its checked-in threshold.
public enum MallocTolerance: Sendable {
    /// At most this many percent either way.
    case percent(Double)
    /// At most this many calls either way.
    case calls(Int)

    var thresholds: BenchmarkThresholds {
        switch self {
        case .percent(let percent): BenchmarkThresholds(relative: [.p90: percent])
        case .calls(let calls): BenchmarkThresholds(absolute: [.p90: calls])
        }
    }
}

/// Figures described once: their names, for a benchmark's configuration, and how each is read off
/// a measured `Value`, for recording it.
public struct FigureRow<Value>: Sendable {
    private let columns: [(figure: Figure, value: @Sendable (Value) -> Double)]

    public init(_ columns: [(Figure, @Sendable (Value) -> Double)]) {
        self.columns = columns.map { (figure: $0.0, value: $0.1) }
    }

    /// The figures, for ``Benchmark/Configuration/wakeful(figures:iterations:warmUp:mallocTolerance:)``.
    public var figures: [Figure] { columns.map(\.figure) }

    /// The figures of both rows, `lhs`'s first.
    public static func + (lhs: FigureRow, rhs: FigureRow) -> FigureRow {
        FigureRow(lhs.columns.map { ($0.figure, $0.value) } + rhs.columns.map { ($0.figure, $0.value) })
    }

    /// Records every figure of `value` in this iteration of `benchmark`.
    public func record(_ value: Value, in benchmark: Benchmark) {
        for column in columns { benchmark.record(column.figure, column.value(value)) }
    }
}
