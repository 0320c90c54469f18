/// A Prometheus histogram of durations in seconds, with the server's bucket bounds.
struct LatencyHistogram: Sendable {
    /// The upper bounds, in seconds.
    static let bounds: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

    private var buckets = [Int](repeating: 0, count: LatencyHistogram.bounds.count)
    private var sum = 0.0
    private var count = 0

    /// Counts one observation.
    mutating func observe(_ seconds: Double) {
        sum += seconds
        count += 1
        for (index, bound) in Self.bounds.enumerated() where seconds <= bound { buckets[index] += 1 }
    }

    /// The `_bucket`, `_sum` and `_count` lines of metric `name`.
    func lines(_ name: String) -> [String] {
        Self.bounds.enumerated().map { index, bound in "\(name)_bucket{le=\"\(bound)\"} \(buckets[index])" } + [
            "\(name)_bucket{le=\"+Inf\"} \(count)", "\(name)_sum \(sum)", "\(name)_count \(count)",
        ]
    }
}
