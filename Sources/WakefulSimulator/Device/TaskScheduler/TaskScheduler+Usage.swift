import Foundation
import Wakeful

/// What the scheduler learns from the user (BGT-11 factor 3, BGT-13).
extension TaskScheduler {
    /// After a user action: learns usage from foreground sessions (BGT-11 factor 3), cancels queued
    /// continued processing on a swipe-away (BGT-13), and plans again.
    mutating func learn(
        from action: UserAction.Kind, foreground: Bool, _ conditions: SchedulerConditions,
        into effects: inout [DeviceEffect]
    ) {
        let now = conditions.now
        switch action {
        case .open where foreground:
            if !inSession, let lastUse { useGap = now - lastUse }
            inSession = true
            lastUse = now
            let hour = (conditions.world.hourOfDay(at: now) * 4).rounded() / 4
            if !typicalHours.contains(where: { abs($0 - hour) < 0.5 || abs($0 - hour) > 23.5 }) {
                typicalHours.append(hour)
            }
        case .home, .lock, .forceQuit, .reboot:
            if inSession, !foreground {
                inSession = false
                lastUse = now
            }
            if case .forceQuit = action, !queuedContinued.isEmpty {
                effects.append(
                    .decide(
                        "taskRequestsCancelled", rules: ["BGT-13"],
                        fields: [
                            Field("identifiers", .string(queuedContinued.map(\.identifier).joined(separator: ",")))
                        ]))
                queuedContinued = []
            }
        default:
            break
        }
        guard !pending.isEmpty || fetchInterval != nil else { return }
        replan(conditions, into: &effects)
    }
}
