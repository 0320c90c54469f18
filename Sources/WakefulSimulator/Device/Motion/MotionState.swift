import Foundation
import Wakeful

/// Core Motion as the system keeps it, outliving the app's process: the activities the
/// coprocessor derives from the user's path (MOTION-1, MOTION-3), what the user answered to the
/// Motion & Fitness prompt (MOTION-2), and the stamp of the pending activity change (MOTION-4).
///
/// It reads the path and the motion rules when the activities are first needed, and the last
/// change a process heard; it returns the activities and the stamp and time of the next change to
/// deliver, which the device schedules and delivers (`SimulatedDevice+Motion.swift`).
struct MotionState {
    /// The activities, derived on first use from the path and the run's seed.
    private var track: MotionTrack?
    /// The prompt has been answered (`notDetermined` becomes `authorized`).
    private var prompted = false
    /// Stamps `.activityChange` entries: a newer one makes the pending entry stale.
    private var generation = 0
    /// Stream 50, the activities' own, so that deriving them later or not at all changes no other draw.
    private let random: SeededGenerator

    /// No activities derived yet; `random` is stream 50.
    init(random: SeededGenerator) {
        self.random = random
    }

    /// The Motion & Fitness status as the app reads it, when the scenario configured `configured` (MOTION-2).
    func authorization(configured: MotionAuthorization) -> MotionAuthorization {
        configured == .notDetermined && prompted ? .authorized : configured
    }

    /// The user answers the prompt a first use shows, if it was not answered before; returns
    /// whether it was shown now (MOTION-2).
    mutating func answerPrompt() -> Bool {
        guard !prompted else { return false }
        prompted = true
        return true
    }

    /// The activities along `trajectory`, derived the first time they are asked for (MOTION-1).
    mutating func track(along trajectory: Trajectory, rules: MotionRules) -> MotionTrack {
        if let track { return track }
        var random = random
        let track = MotionTrack(trajectory, rules: rules, random: &random)
        self.track = track
        return track
    }

    /// Stamps the next activity change for a process that last heard change `delivered`: at
    /// `time` if a later one is known by then, else when the next is reported. Nil when there is
    /// none before `end`, or no activities yet.
    mutating func nextChange(
        after delivered: Int, at time: TimeInterval, before end: TimeInterval
    ) -> (generation: Int, due: TimeInterval)? {
        guard let track else { return nil }
        generation += 1
        let latest = track.latestIndex(at: time)
        let due =
            latest > delivered ? time : (latest + 1 < track.changes.count ? track.changes[latest + 1].reported : nil)
        // Report times never decrease (MotionTrack), so a due time ahead of `time` always moves on.
        guard let due, due < end else { return nil }
        return (generation, max(due, time))
    }

    /// Whether an activity change of `generation` is the pending one.
    func isPendingChange(_ generation: Int) -> Bool { generation == self.generation && track != nil }

    /// The latest change reported by `time` and its index, when it is later than `delivered`.
    func latestChange(after delivered: Int, at time: TimeInterval) -> (index: Int, activity: MotionActivity)? {
        guard let track else { return nil }
        let latest = track.latestIndex(at: time)
        return latest > delivered ? (latest, track.changes[latest].activity) : nil
    }
}
