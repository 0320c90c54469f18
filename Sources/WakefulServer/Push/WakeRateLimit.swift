import Foundation
import Wakeful
import WakefulAPNs

/// At most `count` wakes per device within any `window`-long stretch of time (PUSH-4: Apple
/// advises senders to keep silent pushes to 2–3 per hour; iOS throttles beyond).
///
/// The check runs on the times of the device's stored wakes (sent or still to be sent), inside the
/// transaction that stores the new one, so it holds across server instances sharing a database.
///
/// ```swift
/// let limit = WakeRateLimit(count: 3, window: .seconds(3600))
/// limit.check(at: now, existing: [now - 600, now - 300, now - 60])  // refused; next allowed at now - 600 + 3600
/// ```
public struct WakeRateLimit: Sendable, Hashable {
    /// Most wakes within one window.
    public var count: Int
    /// The window's length.
    public var window: Duration

    /// A limit of `count` wakes per `window`.
    public init(count: Int, window: Duration) {
        self.count = count
        self.window = window
    }

    /// Why a wake was refused and when one would be allowed.
    public struct Refusal: Sendable, Hashable {
        /// The limit that refused it.
        public var limit: WakeRateLimit
        /// The wake's requested time.
        public var at: TimeInterval
        /// How many stored wakes share a window with it.
        public var conflicting: Int
        /// How many of those lie before `at` (sent or due already).
        public var earlier: Int
        /// The earliest time at or after `at` when a wake would be allowed.
        public var nextAllowedAt: TimeInterval

        /// For the 429 body, e.g. "3 wakes already sent to this device in the last hour (limit 3 per
        /// hour); next allowed at 2026-11-21T08:50:00.000Z".
        public var message: String {
            let window = limit.windowDescription
            let next = RFC3339Time.string(fromSecondsSince1970: nextAllowedAt) ?? "\(nextAllowedAt)"
            let wakes = conflicting == 1 ? "1 wake" : "\(conflicting) wakes"
            let what =
                earlier == conflicting
                ? "\(wakes) already sent to this device in the last \(window)"
                : "\(wakes) already sent or scheduled for this device within \(window == "hour" ? "an hour" : window) of the requested time"
            return "\(what) (limit \(limit.count) per \(window)); next allowed at \(next)"
        }
    }

    /// Whether a wake at `at` fits beside wakes at `existing`; `nil` when it does.
    ///
    /// Only wakes within one window of `at` matter, so callers pass those. The next allowed time
    /// is found among `at` and the moments where an earlier wake leaves the window.
    public func check(at: TimeInterval, existing: [TimeInterval]) -> Refusal? {
        let length = window.secondsValue
        guard !allows(at, existing: existing, length: length) else { return nil }
        let nearby = existing.filter { abs($0 - at) < length }
        let candidates = existing.map { $0 + length }.filter { $0 > at }.sorted()
        let next =
            candidates.first { allows($0, existing: existing, length: length) } ?? (existing.max() ?? at) + length
        return Refusal(
            limit: self, at: at, conflicting: nearby.count, earlier: nearby.filter { $0 <= at }.count,
            nextAllowedAt: next)
    }

    /// True when every window containing `time` holds fewer than `count` other wakes.
    private func allows(_ time: TimeInterval, existing: [TimeInterval], length: Double) -> Bool {
        // The windows (s, s + length] containing `time` have s in [time − length, time). Sliding s
        // up, a wake enters when s reaches its time − length: the fullest windows start there.
        let starts = [time - length] + existing.map { $0 - length }.filter { $0 >= time - length && $0 < time }
        return starts.allSatisfy { start in
            existing.filter { $0 > start && $0 <= start + length }.count < count
        }
    }

    /// "hour", "2 hours", "30 minutes", "90 seconds".
    var windowDescription: String {
        let seconds = Int(window.secondsValue.rounded())
        if seconds == 3600 { return "hour" }
        if seconds % 3600 == 0 { return "\(seconds / 3600) hours" }
        if seconds % 60 == 0 { return "\(seconds / 60) minutes" }
        return "\(seconds) seconds"
    }
}
