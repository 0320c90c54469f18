import Foundation
import Wakeful

/// The timers of an activity's life: its tokens arrive (LIVE-4, LIVE-5), its content goes stale
/// (LIVE-10), the system ends it after 8 hours and removes it from the Lock Screen (LIVE-3).
extension LiveActivitySystem {
    /// The timer `serial` fell due: the events for the app, if it executes and hears of them.
    mutating func timerDue(_ serial: Int, _ conditions: LiveActivityConditions, into effects: inout [DeviceEffect])
        -> [Event]
    {
        guard let timer = timers.removeValue(forKey: serial) else { return [] }
        switch timer.kind {
        case .pushToStartToken:
            pushToStartTokenPending = false
            let token = newToken()
            pushToStartToken = IssuedToken(value: token)
            effects.append(
                .decide(
                    "liveActivityPushToStartTokenIssued", rules: ["LIVE-4"], fields: [Field("token", .string(token))]))
            return pendingEvents(conditions)
        case .token:
            guard activities[timer.activity].state != .dismissed else { return [] }
            let token = newToken()
            activities[timer.activity].token = IssuedToken(value: token)
            effects.append(
                .decide(
                    "liveActivityTokenIssued", rules: ["LIVE-5"],
                    fields: [
                        Field("activity", .string(activities[timer.activity].name)), Field("token", .string(token)),
                    ]
                ))
            return pendingEvents(conditions)
        case .stale:
            let activity = activities[timer.activity]
            guard activity.state == .active, activity.staleDate == timer.at else { return [] }
            activities[timer.activity].state = .stale
            effects.append(
                .decide("liveActivityStale", rules: ["LIVE-10"], fields: [Field("activity", .string(activity.name))]))
            return stateEvent(timer.activity, conditions)
        case .activeLimit:
            let state = activities[timer.activity].state
            guard state == .active || state == .stale else { return [] }
            return finish(timer.activity, by: "limit", dismissalDate: nil, conditions, into: &effects)
        case .removal:
            let activity = activities[timer.activity]
            guard activity.state == .ended, activity.removalAt == timer.at else { return [] }
            return remove(timer.activity, conditions, into: &effects)
        }
    }
}
