import Foundation
import Wakeful

/// A silent-push handler waiting for its completion (PUSH-6).
struct PushHandlerState {
    /// The push's id, which the completion names.
    var id: String
    /// When the 30 s run out; nil for a push delivered in the foreground, which has no deadline.
    var deadline: TimeInterval?
    /// Identifies its deadline entry on the agenda.
    var generation: Int
}

extension AppProcess {
    /// Whether a background push handler still has time (PUSH-6): a run reason.
    func pushHandlerHolds(at now: TimeInterval) -> Bool {
        guard !pushHandlers.isEmpty else { return false }
        return pushHandlers.contains { ($0.deadline ?? -.infinity) > now }
    }
}

/// The push state that belongs to the system, not to the app: it outlives the process.
struct PushSystemState {
    /// When silent pushes were delivered to the app outside the foreground, oldest first: the
    /// rolling hour of the throttle (PUSH-4).
    var recentDeliveries: [TimeInterval] = []
    /// The push the system holds back, by index into the schedule (PUSH-5).
    var held: Int?
    /// Stamps release entries on the agenda; a newer hold or a release makes older ones stale.
    var heldGeneration = 0
    /// Stamps push-handler deadlines.
    var handlerGeneration = 0
    /// VoIP pushes in a row that reported no call (VOIP-2).
    var voipFailures = 0
    /// Whether VoIP pushes no longer launch the app (VOIP-2).
    var voipBlocked = false
    /// Stamps keep-alive entries (VOIP-1).
    var keepAliveGeneration = 0
}

/// What became of one push the server sent, for the latency measure.
struct PushOutcome {
    var sentAt: TimeInterval
    var id: String
    var measured: Bool
    var deliveredAt: TimeInterval?
    /// Why it was late or never arrived: the last rule that held it back or dropped it.
    var cause: String?
    var rules: [String] = []
}

/// The rolling window of the silent-push throttle: "per hour" (PUSH-4).
private let throttleWindow: TimeInterval = 3600

extension SimulatedDevice {
    /// Expands `world.pushes` into the send schedule and puts every send on the agenda.
    mutating func schedulePushes() {
        var sends = scenario.world.pushes.flatMap { $0.sends(until: scenario.duration) }
        // Stable by time, so pushes sent at the same moment keep the scenario's order.
        sends = sends.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        for index in sends.indices where sends[index].id.isEmpty {
            sends[index].id = "push-\(index + 1)"
        }
        pushSchedule = sends
        tally.pushes = sends.map { PushOutcome(sentAt: $0.time, id: $0.id, measured: $0.measured) }
        for index in sends.indices { schedule(.pushArrival(index: index), at: sends[index].time) }
    }

    /// The server's push reaches the device: check the headers and the app's configuration, then
    /// deliver, hold or drop it.
    mutating func pushArrives(_ index: Int) {
        let send = pushSchedule[index]
        decide("pushSent", rules: ["PUSH-1"], [
            Field("id", .string(send.id)), Field("type", .string(send.push.type?.rawValue ?? "none")),
            Field("priority", .int(send.push.priority)),
        ])
        switch send.push.type {
        case .voip: voipPushArrives(index)
        case .alert:
            // PUSH-1: a silent push carries only content-available; an alert goes to the user.
            refusePush(index, "an alert push is shown to the user, not run in the background", rules: ["PUSH-1", "PUSH-2"])
        case .background, nil: silentPushArrives(index)
        }
    }

    private mutating func silentPushArrives(_ index: Int) {
        let send = pushSchedule[index]
        let rules = policy.push
        guard rules.available else {
            return refusePush(index, "no silent push before iOS 7", rules: ["PUSH-1"])
        }
        if rules.requiresPushTypeHeader && send.push.type != .background {
            // PUSH-2: from 13 the header is required; without it the push does not launch the app.
            return refusePush(index, "no apns-push-type: background header (required from iOS 13)", rules: ["PUSH-2"])
        }
        if send.push.priority != rules.requiredPriority {
            // PUSH-3: a content-available push at priority 10 does not launch the app.
            return refusePush(index, "apns-priority \(send.push.priority), not \(rules.requiredPriority)", rules: ["PUSH-3"])
        }
        if state.isForeground {
            // Delivered at once to an app on screen, outside the budget.
            return deliverPush(index)
        }
        guard backgroundModes.contains(.remoteNotification) else {
            return refusePush(index, "UIBackgroundModes lacks remote-notification", rules: ["PUSH-1"])
        }
        if forceQuitFlag && !rules.deliveredAfterForceQuit {
            return refusePush(index, "force-quit by the user, not opened since", rules: ["PUSH-7", "TERM-1", "CONF-7"])
        }
        if lowPowerModeHoldsPushes {
            return holdPush(index, "held back in Low Power Mode", rules: ["PUSH-9", "CONF-11"])
        }
        if !pushBudgetHasRoom {
            return holdPush(index, "throttled: over \(rules.throttlePerHour) per hour", rules: ["PUSH-4", "PUSH-5"])
        }
        deliverPush(index)
    }

    /// PUSH-9, CONF-11: Low Power Mode (iOS 9+) holds silent pushes back.
    var lowPowerModeHoldsPushes: Bool {
        lowPowerMode && policy.push.suppressedInLowPowerMode && policy.version >= IOSVersion(9)
    }

    /// PUSH-4: whether the rolling hour has room for another delivery.
    var pushBudgetHasRoom: Bool {
        let cutoff = now - throttleWindow
        return pushState.recentDeliveries.lazy.filter { $0 > cutoff }.count < policy.push.throttlePerHour
    }

    /// A push the system will not deliver: recorded with the rule, and as the push's fate.
    mutating func refusePush(_ index: Int, _ why: String, rules: [String]) {
        let send = pushSchedule[index]
        if !state.isForeground { tally.countSuppressedWake(send.push.type == .voip ? .voipPush : .push) }
        decide("pushNotDelivered", rules: rules, [Field("id", .string(send.id)), Field("why", .string(why))])
        tally.pushes[index].cause = "push not delivered: \(why)"
        tally.pushes[index].rules = RuleIDs.sorted(rules)
    }

    /// Holds a push back; it replaces the one held before, which is dropped (PUSH-5).
    private mutating func holdPush(_ index: Int, _ why: String, rules: [String]) {
        let send = pushSchedule[index]
        tally.pushes[index].cause = "push \(why)"
        tally.pushes[index].rules = RuleIDs.sorted(rules)
        guard policy.push.heldPushes > 0 else {
            tally.countSuppressedWake(.push)
            decide("pushNotDelivered", rules: rules + ["PUSH-5"], [Field("id", .string(send.id)), Field("why", .string(why))])
            return
        }
        if let old = pushState.held {
            decide("heldPushReplaced", rules: ["PUSH-5"], [Field("id", .string(pushSchedule[old].id)), Field("by", .string(send.id))])
            tally.countSuppressedWake(.push)
            let before = tally.pushes[old].cause.map { "\($0), then " } ?? ""
            tally.pushes[old].cause = before + "replaced while held by a newer push"
            tally.pushes[old].rules = RuleIDs.sorted(tally.pushes[old].rules + ["PUSH-5"])
        }
        pushState.held = index
        pushState.heldGeneration += 1
        decide("pushHeld", rules: rules, [Field("id", .string(send.id)), Field("why", .string(why))])
        scheduleHeldRelease()
    }

    /// Puts the next release check on the agenda: when the oldest delivery leaves the rolling hour.
    private mutating func scheduleHeldRelease() {
        guard pushState.held != nil, policy.push.releasesHeldWhenBudgetAllows, !lowPowerModeHoldsPushes else { return }
        let cutoff = now - throttleWindow
        pushState.recentDeliveries.removeAll { $0 <= cutoff }
        let excess = pushState.recentDeliveries.count - policy.push.throttlePerHour
        let at = excess >= 0 ? pushState.recentDeliveries[excess] + throttleWindow : now
        schedule(.heldPushRelease(generation: pushState.heldGeneration), at: at)
    }

    /// Delivers the held push if nothing holds it back any more (cfg release rule, PUSH-4, PUSH-5).
    mutating func releaseHeldPush() {
        guard let index = pushState.held else { return }
        if state.isForeground { return handOverHeldPush() }
        guard policy.push.releasesHeldWhenBudgetAllows, !lowPowerModeHoldsPushes else { return }
        if forceQuitFlag && !policy.push.deliveredAfterForceQuit { return }
        guard pushBudgetHasRoom else { return scheduleHeldRelease() }
        pushState.held = nil
        pushState.heldGeneration += 1
        decide("heldPushReleased", rules: ["PUSH-4", "PUSH-5"], [Field("id", .string(pushSchedule[index].id))])
        deliverPush(index)
    }

    /// PUSH-5: the user opened the app, so the held push is handed over at once.
    mutating func handOverHeldPush() {
        guard let index = pushState.held, state.isForeground, hasProcess else { return }
        pushState.held = nil
        pushState.heldGeneration += 1
        decide("heldPushHandedOver", rules: ["PUSH-5"], [Field("id", .string(pushSchedule[index].id))])
        deliverPush(index)
    }

    /// PUSH-5: a held push is discarded when the app is force-quit or otherwise killed.
    mutating func discardHeldPush() {
        guard let index = pushState.held else { return }
        pushState.held = nil
        pushState.heldGeneration += 1
        decide("heldPushDiscarded", rules: ["PUSH-5"], [Field("id", .string(pushSchedule[index].id))])
        tally.pushes[index].cause = "held push discarded when the app was killed"
        tally.pushes[index].rules = ["PUSH-5"]
    }

    /// Hands a silent push to the app: at once in the foreground; otherwise it counts against the
    /// hourly budget and wakes a suspended app or relaunches a terminated one (STATE-2), whose
    /// handler then has 30 s to complete (PUSH-6). A push wake also gives a fresh task budget (TASK-10).
    private mutating func deliverPush(_ index: Int) {
        let send = pushSchedule[index]
        let notification = RemoteNotification(id: send.id, userInfo: send.push.userInfo)
        tally.pushes[index].deliveredAt = now
        if state.isForeground {
            decide("pushDelivered", rules: ["PUSH-1"], [Field("id", .string(send.id)), Field("appState", .string(state.rawValue))])
            startPushHandler(send.id, deadline: nil)
            deliver(.remoteNotification(notification))
            return
        }
        pushState.recentDeliveries.append(now)
        decide("pushDelivered", rules: ["PUSH-1", "PUSH-4"], [Field("id", .string(send.id)), Field("appState", .string(state.rawValue))])
        wakeEpoch += 1
        lastWakeSource = .push
        switch state {
        case .suspended:
            tally.countWake(.push)
            setState(.background, cause: "pushWake", rules: ["PUSH-1", "PUSH-6"])
        case .notRunning:
            tally.countWake(.push)
            launch(.remoteNotification, cause: "pushRelaunch", rules: ["PUSH-1", "PUSH-6"])
        case .background, .active, .inactive:
            break
        }
        guard hasProcess else { return }
        startPushHandler(send.id, deadline: now + policy.push.handlerTime)
        grantAllowanceIfNeeded()
        deliver(.remoteNotification(notification))
    }

    private mutating func startPushHandler(_ id: String, deadline: TimeInterval?) {
        pushState.handlerGeneration += 1
        let generation = pushState.handlerGeneration
        process.pushHandlers.append(PushHandlerState(id: id, deadline: deadline, generation: generation))
        if let deadline { schedule(.pushHandlerDeadline(generation: generation), at: deadline) }
    }

    /// The app calls the completion handler (PUSH-6).
    mutating func completeRemoteNotification(_ id: String, result: BackgroundFetchResult) {
        guard let index = process.pushHandlers.firstIndex(where: { $0.id == id }) else {
            decide("completeUnknownPush", rules: ["PUSH-6"], [Field("id", .string(id))])
            return
        }
        process.pushHandlers.remove(at: index)
        decide("pushCompleted", rules: ["PUSH-6"], [Field("id", .string(id)), Field("result", .string(result.rawValue))])
    }

    /// PUSH-6: a handler that has not completed within its 30 s gets the app terminated. No code is
    /// sourced for it; the watchdog's `0x8badf00d` (TERM-6) is the assumption.
    mutating func pushHandlerDeadline(generation: Int) {
        guard let index = process.pushHandlers.firstIndex(where: { $0.generation == generation }) else { return }
        guard !state.isForeground else {
            // Back on screen: the user is using the app; the handler's limit no longer applies.
            process.pushHandlers.remove(at: index)
            return
        }
        terminate(.pushHandlerTimeout, code: policy.termination.codes.watchdog, rules: ["PUSH-6", "TERM-6"])
    }
}
