import Foundation
import Wakeful

/// Core Motion as the system keeps it: the activities the coprocessor derives (they outlive the app,
/// MOTION-3) and what the user answered to the Motion & Fitness prompt (MOTION-2).
struct MotionState {
    /// The activities, derived on first use from the path and the run's seed.
    var track: MotionTrack?
    /// The prompt has been answered (`notDetermined` becomes `authorized`).
    var prompted = false
    /// Cancels pending `.activityChange` entries.
    var generation = 0
}

extension SimulatedDevice {
    /// The Motion & Fitness status as the app would read it now (MOTION-2).
    var motionAuthorization: MotionAuthorization {
        let configured = scenario.app.motionAuthorization
        return configured == .notDetermined && motion.prompted ? .authorized : configured
    }

    /// The activities, derived the first time the app uses Core Motion. The stream is the run's own
    /// (stream 50), so deriving them later or not at all changes no other draw.
    mutating func motionTrack() -> MotionTrack {
        if let track = motion.track { return track }
        var random = SeededGenerator(seed: install.seed).derived(stream: 50)
        let track = MotionTrack(scenario.world.trajectory, rules: policy.motion, random: &random)
        motion.track = track
        return track
    }

    /// The first use of `CMMotionActivityManager` in a process: a missing purpose string crashes the
    /// app, a first use shows the prompt (MOTION-2). Returns whether the app may go on.
    private mutating func firstMotionUse(_ command: String) -> Bool {
        guard scenario.app.motionUsageDescription else {
            decide(
                "motionUsageDescriptionMissing", rules: ["MOTION-2"],
                [Field("command", .string(command)), Field("key", .string(UsageDescription.motion.key))])
            terminate(.missingUsageDescription, rules: ["MOTION-2"])
            return false
        }
        if scenario.app.motionAuthorization == .notDetermined && !motion.prompted {
            // MOTION-2: the prompt appears on first access; the scenario's user allows (use denied otherwise).
            motion.prompted = true
            decide("motionPromptAnswered", rules: ["MOTION-2"], [Field("answer", "authorized")])
        }
        if !process.motionStatusReported {
            // The status as the app reads it at its first use in this process (MOTION-2).
            process.motionStatusReported = true
            deliver(.motionAuthorizationChanged(motionAuthorization))
        }
        return hasProcess
    }

    /// `startActivityUpdates(to:withHandler:)`: the current activity at once, then each change while
    /// the app runs (MOTION-1, MOTION-4).
    mutating func startActivityUpdates() {
        guard policy.motion.activityAvailable, scenario.device.motionActivity else {
            refuse("startActivityUpdates", "isActivityAvailable is false", rules: ["MOTION-1"])
            return
        }
        guard firstMotionUse("startActivityUpdates") else { return }
        guard motionAuthorization.allowsActivity else {
            refuse("startActivityUpdates", motionAuthorization.rawValue, rules: ["MOTION-2"])
            return
        }
        guard process.activityUpdates == nil else { return }
        process.activityUpdates = -1
        _ = motionTrack()
        scheduleActivityChange(at: now)
    }

    /// Schedules the delivery of the latest change not yet delivered, or of the next one.
    mutating func scheduleActivityChange(at time: TimeInterval) {
        guard let delivered = process.activityUpdates, let track = motion.track else { return }
        motion.generation += 1
        let latest = track.latestIndex(at: time)
        let due =
            latest > delivered ? time : (latest + 1 < track.changes.count ? track.changes[latest + 1].reported : nil)
        // Report times never decrease (MotionTrack), so a due time ahead of `time` always moves on.
        guard let due, due < scenario.duration else { return }
        schedule(.activityChange(generation: motion.generation), at: max(due, time))
    }

    /// A change is due: delivered to a running app; a suspended one gets the latest when it runs
    /// again, never a wake (MOTION-4).
    mutating func activityChangeDue(generation: Int) {
        guard generation == motion.generation, hasProcess, let delivered = process.activityUpdates,
            let track = motion.track
        else { return }
        guard state.isExecuting else { return }  // `startedExecuting` schedules the latest
        let latest = track.latestIndex(at: now)
        if latest > delivered {
            process.activityUpdates = latest
            deliver(.activityUpdated(track.changes[latest].activity))
        }
        scheduleActivityChange(at: now)
    }

    /// `queryActivityStarting(from:to:to:withHandler:)`: what the coprocessor recorded, at most 7
    /// days back (MOTION-3), answered at once.
    mutating func queryActivityHistory(from: TimeInterval, to: TimeInterval) {
        guard policy.motion.activityAvailable, scenario.device.motionActivity else {
            deliver(.activityHistory(MotionActivityHistory(from: from, to: to, activities: [], error: .notAvailable)))
            return
        }
        guard firstMotionUse("queryActivityHistory") else { return }
        guard motionAuthorization.allowsActivity else {
            deliver(.activityHistory(MotionActivityHistory(from: from, to: to, activities: [], error: .notAuthorized)))
            return
        }
        let earliest = now - policy.motion.historyRetention
        let start = max(from, earliest)
        let end = min(to, now)
        let activities = end < start ? [] : motionTrack().history(from: start, to: end, now: now)
        deliver(.activityHistory(MotionActivityHistory(from: from, to: to, activities: activities)))
    }
}
