import Foundation

/// The server's counters, served at `GET /metrics` in the Prometheus text format: ingest requests
/// by status, records by result and the ingest latency as a histogram.
public actor ServerMetrics {
    /// The histogram's upper bounds, in seconds.
    static let latencyBounds: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

    private var requests: [Int: Int] = [:]
    private var accepted = 0
    private var duplicates = 0
    private var rejected = 0
    private var latencyBuckets = [Int](repeating: 0, count: ServerMetrics.latencyBounds.count)
    private var latencySum = 0.0
    private var latencyCount = 0

    /// Creates counters at zero.
    public init() {}

    /// Notes one ingest request: its status, how long it took and, when stored, its records.
    func noteIngest(status: Int, seconds: Double, accepted: Int = 0, duplicates: Int = 0, rejected: Int = 0) {
        requests[status, default: 0] += 1
        self.accepted += accepted
        self.duplicates += duplicates
        self.rejected += rejected
        latencySum += seconds
        latencyCount += 1
        for (index, bound) in Self.latencyBounds.enumerated() where seconds <= bound { latencyBuckets[index] += 1 }
    }

    /// The counters in the Prometheus text exposition format (version 0.0.4).
    public func exposition() -> String {
        var lines = [
            "# HELP wakeful_ingest_requests_total Ingest requests by HTTP status.",
            "# TYPE wakeful_ingest_requests_total counter",
        ]
        for status in requests.keys.sorted() { lines.append("wakeful_ingest_requests_total{status=\"\(status)\"} \(requests[status]!)") }
        lines += [
            "# HELP wakeful_ingest_records_total Records received, by result: stored now, already stored, refused.",
            "# TYPE wakeful_ingest_records_total counter",
            "wakeful_ingest_records_total{result=\"accepted\"} \(accepted)",
            "wakeful_ingest_records_total{result=\"duplicate\"} \(duplicates)",
            "wakeful_ingest_records_total{result=\"rejected\"} \(rejected)",
            "# HELP wakeful_ingest_duration_seconds Time to answer an ingest request.",
            "# TYPE wakeful_ingest_duration_seconds histogram",
        ]
        for (index, bound) in Self.latencyBounds.enumerated() {
            lines.append("wakeful_ingest_duration_seconds_bucket{le=\"\(bound)\"} \(latencyBuckets[index])")
        }
        lines += [
            "wakeful_ingest_duration_seconds_bucket{le=\"+Inf\"} \(latencyCount)",
            "wakeful_ingest_duration_seconds_sum \(latencySum)",
            "wakeful_ingest_duration_seconds_count \(latencyCount)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
