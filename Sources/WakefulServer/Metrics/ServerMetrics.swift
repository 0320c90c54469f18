import Foundation

/// The server's counters, served at `GET /metrics` in the Prometheus text format: every request by
/// route and the status sent, requests whose client went away; ingest requests by status, records
/// by result and the ingest latency as a histogram; APNs attempts by status and reason, their
/// latency, and refused wakes.
///
/// Hand-written rather than on swift-metrics and swift-prometheus: a handful of counters and two
/// histograms, all owned by this actor, do not need a metrics backend or its dependencies.
public actor ServerMetrics {
    /// The route whose requests are also counted as ingest requests.
    static let ingestRoute = "/v1/ingest"

    private var routeRequests: [RouteStatus: Int] = [:]
    private var aborted: [String: Int] = [:]
    private var requests: [Int: Int] = [:]
    private var accepted = 0
    private var duplicates = 0
    private var rejected = 0
    private var seqReused = 0
    private var latency = LatencyHistogram()
    private var push = PushMetricCounts()

    /// A route template and a status.
    private struct RouteStatus: Hashable, Comparable {
        var route: String
        var status: Int
        static func < (a: Self, b: Self) -> Bool { (a.route, a.status) < (b.route, b.status) }
    }

    /// Creates counters at zero.
    public init() {}

    /// Notes one answered request: its route template, the status sent and how long it took.
    func noteRequest(route: String, status: Int, seconds: Double) {
        routeRequests[RouteStatus(route: route, status: status), default: 0] += 1
        if route == Self.ingestRoute {
            requests[status, default: 0] += 1
            latency.observe(seconds)
        }
    }

    /// Notes a request whose client went away before it could be answered.
    func noteAborted(route: String) { aborted[route, default: 0] += 1 }

    /// Notes the records of one stored ingest batch.
    func noteIngestRecords(accepted: Int, duplicates: Int, rejected: Int) {
        self.accepted += accepted
        self.duplicates += duplicates
        self.rejected += rejected
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
            "# HELP wakeful_http_requests_total Requests by route and the HTTP status sent.",
            "# TYPE wakeful_http_requests_total counter",
        ]
        for key in routeRequests.keys.sorted() {
            lines.append(
                "wakeful_http_requests_total{route=\"\(key.route)\",status=\"\(key.status)\"} \(routeRequests[key]!)")
        }
        lines += [
            "# HELP wakeful_http_requests_aborted_total Requests whose client went away before the answer.",
            "# TYPE wakeful_http_requests_aborted_total counter",
        ]
        for route in aborted.keys.sorted() {
            lines.append("wakeful_http_requests_aborted_total{route=\"\(route)\"} \(aborted[route]!)")
        }
        lines += [
            "# HELP wakeful_ingest_requests_total Ingest requests by HTTP status.",
            "# TYPE wakeful_ingest_requests_total counter",
        ]
        for status in requests.keys.sorted() {
            lines.append("wakeful_ingest_requests_total{status=\"\(status)\"} \(requests[status]!)")
        }
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
