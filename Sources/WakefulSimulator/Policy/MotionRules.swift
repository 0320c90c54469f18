import Foundation
import Wakeful

/// Core Motion's activity rules (reference §16.2, MOTION rules) and the model's choices where the
/// reference has no figure.
///
/// ```swift
/// let rules = MotionRules.defaults(for: IOSVersion(17))
/// rules.historyRetention      // 604800: 7 days (MOTION-3)
/// rules.kinds(forSpeed: 5)    // [.cycling]
/// ```
public struct MotionRules: Sendable, Hashable {
    /// Whether `CMMotionActivityManager` exists (MOTION-1: iOS 7+; devices without the coprocessor
    /// are a scenario setting).
    public var activityAvailable: Bool
    /// Whether the `cycling` flag exists (MOTION-1: iOS 8+); before, a cyclist reads as automotive.
    public var cyclingAvailable: Bool
    /// How long after a change of activity the coprocessor reports it: the middle of the field's
    /// range (the reference has no figure, §16.2 gap).
    public var detectionLag: TimeInterval
    /// The lag varies by up to this share either way, drawn per change from the seeded generator.
    public var detectionLagJitter: Double
    /// Share of reported activities with `medium` and with `low` confidence; the rest are `high`
    /// (MOTION-1 names the levels, no source gives the shares: assumption).
    public var mediumConfidenceShare: Double
    /// See ``mediumConfidenceShare``.
    public var lowConfidenceShare: Double
    /// How far back `queryActivityStarting` answers (MOTION-3: 7 days).
    public var historyRetention: TimeInterval
    /// A car stopped for up to this long stays `automotive` + `stationary` (MOTION-1's example); a
    /// longer stop becomes plain `stationary` after it (assumption).
    public var vehicleStopHold: TimeInterval
    /// Speed bands, in m/s: below ``walkingBelow`` walking, then running, then cycling, and
    /// automotive from ``automotiveFrom`` (assumption: typical paces; Apple publishes no thresholds).
    public var walkingBelow: Double
    /// See ``walkingBelow``.
    public var runningBelow: Double
    /// See ``walkingBelow``.
    public var automotiveFrom: Double

    /// The defaults for `version`.
    public static func defaults(for version: IOSVersion) -> MotionRules {
        MotionRules(
            activityAvailable: version >= IOSVersion(7),  // MOTION-1 (documented)
            cyclingAvailable: version >= IOSVersion(8),  // MOTION-1 (documented)
            // A plugin log had 'stationary' callbacks 0.1, 0.9 and 3.8 s after their startDate
            // (motion-callback-lag-0-4s-log), and a phone put on a desk read 'stationary' a few
            // (2–10) seconds later (motion-desk-stationary-after-seconds): evenly over the span of
            // both, 0.1–10 s. Both are stops; that other changes come as fast is an assumption.
            detectionLag: 5.05, detectionLagJitter: 0.98,
            mediumConfidenceShare: 0.15, lowConfidenceShare: 0.05,  // assumption
            historyRetention: 7 * 86_400,  // MOTION-3 (documented for steps, folklore for activity)
            vehicleStopHold: 180,  // assumption
            walkingBelow: 2.3, runningBelow: 4.2, automotiveFrom: 8.5)  // assumption
    }

    /// The activity flags movement at `speed` m/s reads as (MOTION-1).
    public func kinds(forSpeed speed: Double) -> MotionActivity.Kinds {
        if speed <= 0 { return .stationary }
        if speed < walkingBelow { return .walking }
        if speed < runningBelow { return .running }
        if speed < automotiveFrom { return cyclingAvailable ? .cycling : .automotive }
        return .automotive
    }
}
