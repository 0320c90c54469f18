/// The push counters behind `/metrics`: APNs attempts by status and reason, their latency, and
/// wakes refused (by the rate limit or the device's state).
struct PushMetricCounts: Sendable {
    private var attempts: [Label: Int] = [:]
    private var refused: [String: Int] = [:]
    private var latency = LatencyHistogram()

    private struct Label: Hashable, Comparable {
        let status: String
        let reason: String

        static func < (a: Label, b: Label) -> Bool { (a.status, a.reason) < (b.status, b.reason) }
    }

    /// One HTTP attempt: `status` nil when no answer came (its reason is then `transport`).
    mutating func noteAttempt(status: Int?, reason: String?, seconds: Double) {
        // APNs reasons are single words; anything else (a transport error's text) must not become a label.
        let word = reason.flatMap { $0.allSatisfy { $0.isASCII && $0.isLetter } ? $0 : nil }
        let label = Label(status: status.map(String.init) ?? "none", reason: status == nil ? "transport" : word ?? "")
        attempts[label, default: 0] += 1
        latency.observe(seconds)
    }

    /// One refused wake: `rate_limit`, `no_apns_token`, `apns_token_invalidated`, `device_revoked`, `no_apns_credentials`.
    mutating func noteRefused(reason: String) { refused[reason, default: 0] += 1 }

    /// The Prometheus text lines.
    func exposition() -> [String] {
        var lines = [
            "# HELP wakeful_push_attempts_total APNs requests by HTTP status (none: no answer) and APNs reason.",
            "# TYPE wakeful_push_attempts_total counter",
        ]
        for label in attempts.keys.sorted() {
            lines.append(
                "wakeful_push_attempts_total{status=\"\(label.status)\",reason=\"\(label.reason)\"} \(attempts[label]!)"
            )
        }
        lines += [
            "# HELP wakeful_wakes_refused_total Wakes refused when requested, by reason (rate_limit: the per-device limit).",
            "# TYPE wakeful_wakes_refused_total counter",
        ]
        for reason in refused.keys.sorted() {
            lines.append("wakeful_wakes_refused_total{reason=\"\(reason)\"} \(refused[reason]!)")
        }
        lines += [
            "# HELP wakeful_push_duration_seconds Time from sending a push to APNs's answer.",
            "# TYPE wakeful_push_duration_seconds histogram",
        ]
        lines += latency.lines("wakeful_push_duration_seconds")
        return lines
    }
}
