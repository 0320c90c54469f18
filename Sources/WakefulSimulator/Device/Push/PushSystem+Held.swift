import Foundation
import Wakeful

/// The held push (PUSH-4, PUSH-5, PUSH-9): one silent push waits for the budget, the user or Low
/// Power Mode's end; a newer one replaces it, a kill discards it.
extension PushSystem {
    /// Holds a push back; it replaces the one held before, which is dropped (PUSH-5).
    mutating func hold(
        _ index: Int, why: String, rules: [String], _ conditions: PushConditions, into effects: inout [DeviceEffect]
    ) {
        let send = sends[index]
        outcomes[index].cause = "push \(why)"
        outcomes[index].rules = RuleIDs.sorted(rules)
        guard conditions.push.heldPushes > 0 else {
            effects.append(.suppressedWake(.push))
            effects.append(
                .decide(
                    "pushNotDelivered", rules: rules + ["PUSH-5"],
                    fields: [Field("id", .string(send.id)), Field("why", .string(why))]))
            return
        }
        if let old = held {
            effects.append(
                .decide(
                    "heldPushReplaced", rules: ["PUSH-5"],
                    fields: [Field("id", .string(sends[old].id)), Field("by", .string(send.id))]))
            effects.append(.suppressedWake(.push))
            let before = outcomes[old].cause.map { "\($0), then " } ?? ""
            outcomes[old].cause = before + "replaced while held by a newer push"
            outcomes[old].rules = RuleIDs.sorted(outcomes[old].rules + ["PUSH-5"])
        }
        held = index
        heldGeneration += 1
        effects.append(
            .decide("pushHeld", rules: rules, fields: [Field("id", .string(send.id)), Field("why", .string(why))]))
        scheduleRelease(conditions, into: &effects)
    }

    /// Puts the next release check on the agenda: when the oldest delivery leaves the rolling hour.
    private mutating func scheduleRelease(_ conditions: PushConditions, into effects: inout [DeviceEffect]) {
        guard held != nil, conditions.push.releasesHeldWhenBudgetAllows, !conditions.lowPowerModeHoldsPushes else {
            return
        }
        let now = conditions.now
        recentDeliveries.removeAll { Self.leftHour($0, now: now) }
        let excess = recentDeliveries.count - conditions.push.throttlePerHour
        let at = excess >= 0 ? recentDeliveries[excess] + Self.throttleWindow : conditions.now
        effects.append(.schedule(.heldPushRelease(generation: heldGeneration), at: at))
    }

    /// A release check fell due outside the foreground: the held push, to deliver, if nothing
    /// holds it back any more (cfg release rule, PUSH-4, PUSH-5); else, over budget, the next check.
    mutating func release(_ conditions: PushConditions, into effects: inout [DeviceEffect]) -> Int? {
        guard let index = held else { return nil }
        guard conditions.push.releasesHeldWhenBudgetAllows, !conditions.lowPowerModeHoldsPushes else { return nil }
        if conditions.forceQuit && !conditions.push.deliveredAfterForceQuit { return nil }
        guard budgetHasRoom(conditions) else {
            scheduleRelease(conditions, into: &effects)
            return nil
        }
        held = nil
        heldGeneration += 1
        effects.append(
            .decide("heldPushReleased", rules: ["PUSH-4", "PUSH-5"], fields: [Field("id", .string(sends[index].id))]))
        return index
    }

    /// PUSH-5: the user opened the app, so the held push, if any, is handed over at once.
    mutating func handOver(into effects: inout [DeviceEffect]) -> Int? {
        guard let index = held else { return nil }
        held = nil
        heldGeneration += 1
        effects.append(
            .decide("heldPushHandedOver", rules: ["PUSH-5"], fields: [Field("id", .string(sends[index].id))]))
        return index
    }

    /// PUSH-5: a held push is discarded when the app is force-quit or otherwise killed.
    mutating func discardHeld(into effects: inout [DeviceEffect]) {
        guard let index = held else { return }
        held = nil
        heldGeneration += 1
        effects.append(.decide("heldPushDiscarded", rules: ["PUSH-5"], fields: [Field("id", .string(sends[index].id))]))
        outcomes[index].cause = "held push discarded when the app was killed"
        outcomes[index].rules = ["PUSH-5"]
    }
}
