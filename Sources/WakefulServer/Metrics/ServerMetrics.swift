import Foundation

/// The server's counters, served at `GET /metrics` in the Prometheus text format: ingest requests
/// by status, records by result and the ingest latency as a histogram; APNs attempts by status and
/// reason, their latency, and refused wakes.
public actor ServerMetrics {
    private var requests: [Int: Int] = [:]
    private var accepted = 0
    private var duplicates = 0
    private var rejected = 0
    private var seqReused = 0
    private var latency = LatencyHistogram()
    private var push = PushMetricCounts()

    /// Creates counters at zero.
    public init() {}

    /// Notes one ingest request: its status, how long it took and, when stored, its records.
    func noteIngest(status: Int, seconds: Double, accepted: Int = 0, duplicates: Int = 0, rejected: Int = 0) {
        requests[status, default: 0] += 1
        self.accepted += accepted
        self.duplicates += duplicates
        self.rejected += rejected
        latency.observe(seconds)
    }

    /// Notes accepted records that reused a `seq` their device had stored under another UUID.
    func noteSeqReused(_ count: Int) { seqReused += count }

    /// Notes one APNs request: its status (nil: no answer), APNs's reason and its latency.
    func notePushAttempt(status: Int?, reason: String?, seconds: Double) {
        push.noteAttempt(status: status, reason: reason, seconds: seconds)
    }

    /// Notes a wake refused when requested (`rate_limit`, `no_apns_token`, …).
    func noteWakeRefused(reason: String) { push.noteRefused(reason: reason) }

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
            "# HELP wakeful_ingest_seq_reused_total Accepted records whose seq their device had already stored under another UUID.",
            "# TYPE wakeful_ingest_seq_reused_total counter",
            "wakeful_ingest_seq_reused_total \(seqReused)",
            "# HELP wakeful_ingest_duration_seconds Time to answer an ingest request.",
            "# TYPE wakeful_ingest_duration_seconds histogram",
        ]
        lines += latency.lines("wakeful_ingest_duration_seconds")
        lines += push.exposition()
        return lines.joined(separator: "\n") + "\n"
    }
}
