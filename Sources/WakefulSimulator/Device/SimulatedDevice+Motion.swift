import Foundation
import Wakeful

/// Core Motion as the device carries it out (MOTION-1 to MOTION-4): ``MotionState`` keeps the
/// activities and the prompt; the device checks the app's configuration, delivers the changes to
/// a running app and answers history queries.
extension SimulatedDevice {
    /// The Motion & Fitness status as the app would read it now (MOTION-2).
    var motionAuthorization: MotionAuthorization {
        motion.authorization(configured: scenario.app.motionAuthorization)
    }

    /// The activities, derived the first time the app uses Core Motion (MOTION-1).
    mutating func motionTrack() -> MotionTrack {
        motion.track(along: scenario.world.trajectory, rules: policy.motion)
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
        if scenario.app.motionAuthorization == .notDetermined && motion.answerPrompt() {
            // MOTION-2: the prompt appears on first access; the scenario's user allows (use denied otherwise).
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
        guard let delivered = process.activityUpdates,
            let (generation, due) = motion.nextChange(after: delivered, at: time, before: scenario.duration)
        else { return }
        schedule(.activityChange(generation: generation), at: due)
    }

    /// A change is due: delivered to a running app; a suspended one gets the latest when it runs
    /// again, never a wake (MOTION-4).
    mutating func activityChangeDue(generation: Int) {
        guard motion.isPendingChange(generation), hasProcess, let delivered = process.activityUpdates else { return }
        guard state.isExecuting else { return }  // `startedExecuting` schedules the latest
        if let (index, activity) = motion.latestChange(after: delivered, at: now) {
            process.activityUpdates = index
            deliver(.activityUpdated(activity))
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
