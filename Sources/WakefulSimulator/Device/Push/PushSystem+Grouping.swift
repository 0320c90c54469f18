import Foundation
import Wakeful

/// Power-aware delivery of priority-5 pushes (PUSH-8): APNs sends them "based on power
/// considerations on the user's device" and may group them into bursts. Modelled: while the device
/// has been idle (no user action) for ``PushRules/idleBeforeGrouping`` and the app is not running,
/// a push the system would deliver comes ``PushRules/groupedDelay`` late, drawn per push from
/// stream 72 (obs: push-hourly-delivered-7-to-10-min-late; push-stream-delivered-first-10-min shows
/// pushes soon after the user left going out at once).
extension PushSystem {
    /// How late the push at `index` comes if the system groups it now; nil to deliver it at once.
    mutating func groupingDelay(for index: Int, _ conditions: PushConditions) -> TimeInterval? {
        let rules = conditions.push
        guard sends[index].push.type != .voip, sends[index].push.priority == rules.requiredPriority else { return nil }
        guard conditions.appState == .suspended || conditions.appState == .notRunning else { return nil }
        guard conditions.now - lastUserAction >= rules.idleBeforeGrouping else { return nil }
        return (groupingRandom.uniform(rules.groupedDelay) * 1000).rounded() / 1000
    }

    /// Records the grouping: the push goes out `delay` after `now`, when the rules are applied again.
    mutating func group(_ index: Int, delay: TimeInterval, now: TimeInterval, into effects: inout [DeviceEffect]) {
        outcomes[index].cause = "grouped for a later burst: the device was idle (priority 5)"
        outcomes[index].rules = ["PUSH-8"]
        effects.append(
            .decide(
                "pushGrouped", rules: ["PUSH-8"],
                fields: [Field("id", .string(sends[index].id)), Field("delay", .double(delay))]
            ))
        effects.append(.schedule(.groupedPushDelivery(index: index), at: now + delay))
    }
}
