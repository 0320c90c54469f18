import Foundation
import Wakeful

/// What Core Motion's coprocessor makes of the user's movement: the activities it reports, each
/// with the time it is reported and the time it started.
///
/// Derived once from the trajectory, whose speed is constant between knots: each speed band reads
/// as an activity (``MotionRules/kinds(forSpeed:)``, MOTION-1), a car's short stop as automotive +
/// stationary, and each change is reported a detection lag after it happened (cfg, §16.2 gap), with
/// the lag's jitter and the confidence drawn from the run's seeded generator. An activity that ends
/// before it would be reported is never seen. The derivation draws the same numbers whatever the app
/// does, so the same seed gives the same activities, and `wakeful replay` (which rebuilds the path
/// from the `world` facts and re-runs with the header's seed) derives them again.
///
/// ```swift
/// var random = SeededGenerator(seed: 1)
/// let track = MotionTrack(walk, rules: .defaults(for: IOSVersion(17)), random: &random)
/// track.changes.first?.activity.description   // "stationary"
/// ```
struct MotionTrack: Sendable {
    /// One reported change.
    struct Change: Sendable, Hashable {
        /// When the app (running, with updates on) hears of it.
        var reported: TimeInterval
        /// The activity; its `start` is when it really began (the coprocessor back-dates it).
        var activity: MotionActivity
    }

    /// The changes in report order (never decreasing); the first is the activity at the start of the run.
    let changes: [Change]

    init(_ trajectory: Trajectory, rules: MotionRules, random: inout SeededGenerator) {
        var changes: [Change] = []
        // The user is still before the path's first knot (Trajectory), since before the history reaches.
        let first = MotionActivity(kinds: .stationary, confidence: .high, start: -rules.historyRetention)
        changes.append(Change(reported: 0, activity: first))
        for segment in Self.segments(trajectory, rules: rules) {
            let jitter = random.uniform(-rules.detectionLagJitter...rules.detectionLagJitter)
            let lag = max(0, rules.detectionLag * (1 + jitter))
            let confidence = Self.confidence(random.nextDouble(), rules: rules)
            // Reports keep their order: a change is never heard before the one it follows.
            // Whole milliseconds, the agenda's resolution, so the change is due when it is scheduled.
            let reported = max(Self.milliseconds(segment.start + lag), changes[changes.count - 1].reported)
            // Not reported when it ended first, or when it reads as what was already reported.
            guard reported < segment.end, changes[changes.count - 1].activity.kinds != segment.kinds else { continue }
            let activity = MotionActivity(
                kinds: segment.kinds, confidence: confidence, start: Self.milliseconds(segment.start))
            changes.append(Change(reported: reported, activity: activity))
        }
        self.changes = changes
    }

    /// The trajectory as spans of one activity: consecutive knot segments of the same band merged, a
    /// car's stop split into automotive + stationary for ``MotionRules/vehicleStopHold`` and plain
    /// stationary after it.
    private static func segments(_ trajectory: Trajectory, rules: MotionRules)
        -> [(start: TimeInterval, end: TimeInterval, kinds: MotionActivity.Kinds)]
    {
        var spans: [(start: TimeInterval, end: TimeInterval, kinds: MotionActivity.Kinds)] = []
        let knots = trajectory.knots
        for index in knots.indices {
            let start = knots[index].time
            let end = index + 1 < knots.count ? knots[index + 1].time : .infinity
            guard end > start else { continue }
            let kinds = rules.kinds(forSpeed: trajectory.speed(segment: index))
            if let last = spans.last, last.kinds == kinds, last.end == start {
                spans[spans.count - 1].end = end
            } else {
                spans.append((start, end, kinds))
            }
        }
        var split: [(start: TimeInterval, end: TimeInterval, kinds: MotionActivity.Kinds)] = []
        for (index, span) in spans.enumerated() {
            let afterCar = index > 0 && spans[index - 1].kinds == .automotive
            guard afterCar, span.kinds == .stationary else {
                split.append(span)
                continue
            }
            // MOTION-1: "a car stopped at a light: automotive + stationary".
            let hold = min(span.end, span.start + rules.vehicleStopHold)
            split.append((span.start, hold, [.automotive, .stationary]))
            if hold < span.end { split.append((hold, span.end, .stationary)) }
        }
        return split
    }

    private static func milliseconds(_ time: TimeInterval) -> TimeInterval { (time * 1000).rounded(.up) / 1000 }

    private static func confidence(_ draw: Double, rules: MotionRules) -> MotionConfidence {
        if draw < rules.lowConfidenceShare { return .low }
        if draw < rules.lowConfidenceShare + rules.mediumConfidenceShare { return .medium }
        return .high
    }

    /// The index of the last change reported at or before `time`.
    func latestIndex(at time: TimeInterval) -> Int {
        var low = 0
        var high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle].reported <= time { low = middle + 1 } else { high = middle }
        }
        return max(0, low - 1)
    }

    /// The activities known at `now` that cover `from` to `to`: the one in progress at `from`, then
    /// every one that started before `to` (MOTION-3).
    func history(from: TimeInterval, to: TimeInterval, now: TimeInterval) -> [MotionActivity] {
        let known = changes[...latestIndex(at: now)].map(\.activity)
        let inProgress = known.lastIndex { $0.start <= from } ?? 0
        return known[inProgress...].filter { $0.start < to || $0.start <= from }
    }
}
