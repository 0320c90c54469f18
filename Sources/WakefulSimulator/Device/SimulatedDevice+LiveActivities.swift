import Foundation
import Wakeful

/// Live Activities as the device carries them out: the app's ActivityKit commands go to the
/// ``LiveActivitySystem``, whose effects the device applies and whose events it hands to the app;
/// ActivityKit pushes reach it after APNs; a push-to-start wakes or launches the app for a few
/// seconds to hand over the new activity and its token (LIVE-7). Nothing else of it runs the app (LIVE-8).
extension SimulatedDevice {
    /// `requestLiveActivity`, `updateLiveActivity`, `endLiveActivity` and `observeLiveActivities`.
    mutating func executeLiveActivityCommand(_ command: Command) {
        let conditions = liveActivityConditions
        var effects: [DeviceEffect] = []
        var events: [Event] = []
        switch command {
        case .requestLiveActivity(let request):
            switch pushes.liveActivities.request(request, conditions, into: &effects) {
            case .started: events = pushes.liveActivities.pendingEvents(conditions)
            case .refused(let error): events = [.liveActivityRequestFailed(id: request.id, error: error)]
            }
        case .updateLiveActivity(let id, let content, let staleDate):
            events = pushes.liveActivities.update(
                id, content: content, staleDate: staleDate, conditions, into: &effects)
        case .endLiveActivity(let id, let content, let dismissal):
            events = pushes.liveActivities.end(id, content: content, dismissal: dismissal, conditions, into: &effects)
        case .observeLiveActivities(let attributesType, let pushToStart):
            events = pushes.liveActivities.observe(attributesType, pushToStart: pushToStart, conditions, into: &effects)
        default:
            return
        }
        carryOut(effects)
        deliverLiveActivityEvents(events)
    }

    /// An ActivityKit push reaches the device: the system shows it, starts an activity, or drops it;
    /// its fate is the push's outcome, for the run's measures.
    mutating func liveActivityPushArrives(_ index: Int) {
        let send = pushes.sends[index]
        var effects: [DeviceEffect] = []
        let fate = pushes.liveActivities.receive(
            send.push.liveActivity, id: send.id, priority: send.push.priority, sentAt: send.time,
            grouped: pushes.outcomes[index].rules == ["PUSH-8"], liveActivityConditions, into: &effects)
        carryOut(effects)
        switch fate {
        case .shown(let events):
            pushes.noteShown(index, at: now)
            deliverLiveActivityEvents(events)
        case .started:
            pushes.noteShown(index, at: now)
            launchForPushStartedActivity()
        case .notShown(let why, let rules):
            pushes.noteNotShown(index, why: why, rules: rules)
        }
    }

    /// LIVE-7: after a push-to-start the system wakes or launches the app in the background for a
    /// few seconds, so that it hears of the activity and receives its update token; not after a
    /// force-quit (TERM-1, inference).
    private mutating func launchForPushStartedActivity() {
        let conditions = liveActivityConditions
        if conditions.forceQuit && !conditions.rules.launchesAfterForceQuit {
            tally.countSuppressedWake(.liveActivity)
            decide(
                "liveActivityLaunchRefused", rules: ["LIVE-7", "TERM-1"],
                [Field("why", .string("force-quit by the user, not opened since"))])
            return
        }
        systemWake(.liveActivity, events: [], rules: ["LIVE-7"])
        // A launched process heard of it when it observed; a woken one hears of it now.
        deliverLiveActivityEvents(pushes.liveActivities.pendingEvents(liveActivityConditions))
    }

    /// A Live Activity timer fell due (LIVE-3 to LIVE-5, LIVE-10).
    mutating func liveActivityTimerDue(serial: Int) {
        var effects: [DeviceEffect] = []
        let events = pushes.liveActivities.timerDue(serial, liveActivityConditions, into: &effects)
        carryOut(effects)
        deliverLiveActivityEvents(events)
    }

    /// Hands the app the events of one decision, while the process that was told of them runs.
    private mutating func deliverLiveActivityEvents(_ events: [Event]) {
        let number = process.number
        for event in events where hasProcess && process.number == number && state.isExecuting { deliver(event) }
    }
}
