import Foundation
import WakefulAPNs  // Duration.secondsValue

/// Registrations per source address: a token bucket per address holding at most `perMinute`
/// registrations and refilled at `perMinute` a minute. In memory, per server: several servers
/// behind a load balancer each allow that many.
actor RegistrationRateLimit {
    private let perMinute: Int
    private var buckets: [String: Bucket] = [:]
    /// Pruning full buckets once this many addresses are tracked keeps memory bounded by the
    /// addresses seen within about a minute.
    private let pruneThreshold = 10_000

    private struct Bucket {
        var tokens: Double
        var updated: Duration
    }

    init(perMinute: Int) { self.perMinute = perMinute }

    /// Takes one registration for `address` at `now` (the server clock's ``WallClock/elapsed``,
    /// which NTP does not move): nil when allowed, else how long until the next one is.
    func take(_ address: String, now: Duration) -> Duration? {
        guard perMinute > 0 else { return nil }
        let capacity = Double(perMinute)
        let perSecond = capacity / 60
        var bucket = buckets[address] ?? Bucket(tokens: capacity, updated: now)
        bucket.tokens = min(capacity, bucket.tokens + (now - bucket.updated).secondsValue * perSecond)
        bucket.updated = now
        guard bucket.tokens >= 1 else {
            buckets[address] = bucket
            return .milliseconds(Int64(((1 - bucket.tokens) / perSecond * 1000).rounded(.up)))
        }
        bucket.tokens -= 1
        buckets[address] = bucket
        if buckets.count > pruneThreshold { prune(now: now) }
        return nil
    }

    /// Drops the buckets that would be full by now: forgetting them changes nothing.
    private func prune(now: Duration) {
        let capacity = Double(perMinute)
        buckets = buckets.filter { $0.value.tokens + (now - $0.value.updated).secondsValue * capacity / 60 < capacity }
    }
}
