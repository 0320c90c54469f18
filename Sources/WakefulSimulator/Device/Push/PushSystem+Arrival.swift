import Foundation
import Wakeful

/// What the system does with a push that reached the device.
enum PushVerdict {
    /// Hand it to the app: a silent push's handler, or a VoIP push's callback.
    case deliver
    /// Drop it, for this reason and these rules.
    case refuse(why: String, rules: [String])
    /// Hold it back until the budget allows (PUSH-5), for this reason and these rules.
    case hold(why: String, rules: [String])
}

/// A push's arrival: the headers and the app's configuration decide whether it is delivered, held
/// or dropped (PUSH-1 to PUSH-9, VOIP-2, TERM-1, TERM-2).
extension PushSystem {
    /// The rolling window of the silent-push throttle: "per hour" (PUSH-4).
    static let throttleWindow: TimeInterval = 3600

    /// Rules on the push at `index` as it reaches the device.
    func verdict(for index: Int, _ conditions: PushConditions) -> PushVerdict {
        switch sends[index].push.type {
        case .voip: voipVerdict(conditions)
        // PUSH-1: a silent push carries only content-available; an alert goes to the user.
        case .alert:
            .refuse(why: "an alert push is shown to the user, not run in the background", rules: ["PUSH-1", "PUSH-2"])
        case .background, nil: silentVerdict(for: sends[index], conditions)
        // LIVE-8: ActivityKit, not the app, takes it; its rules are the LiveActivitySystem's.
        case .liveactivity: .deliver
        }
    }

    private func silentVerdict(for send: PushSend, _ conditions: PushConditions) -> PushVerdict {
        let rules = conditions.push
        guard rules.available else { return .refuse(why: "no silent push before iOS 7", rules: ["PUSH-1"]) }
        if rules.requiresPushTypeHeader && send.push.type != .background {
            // PUSH-2: from 13 the header is required; without it the push does not launch the app.
            return .refuse(why: "no apns-push-type: background header (required from iOS 13)", rules: ["PUSH-2"])
        }
        if send.push.priority != rules.requiredPriority {
            // PUSH-3: a content-available push at priority 10 does not launch the app.
            return .refuse(why: "apns-priority \(send.push.priority), not \(rules.requiredPriority)", rules: ["PUSH-3"])
        }
        // Delivered at once to an app on screen, outside the budget.
        if conditions.foreground { return .deliver }
        guard conditions.remoteNotificationDeclared else {
            return .refuse(why: "UIBackgroundModes lacks remote-notification", rules: ["PUSH-1"])
        }
        if conditions.forceQuit && !rules.deliveredAfterForceQuit {
            return .refuse(why: "force-quit by the user, not opened since", rules: ["PUSH-7", "TERM-1", "CONF-7"])
        }
        if conditions.beforeFirstUnlock && conditions.appState == .notRunning && !rules.launchesBeforeFirstUnlock {
            // DATA-8: only folklore has a silent push launch an app before the first unlock.
            return .refuse(
                why: "the phone has not been unlocked since it restarted", rules: ["DATA-8", "CONF-DATA-8"])
        }
        if !rules.deliveredInBackground {
            // CONF-PUSH-4: an untethered TestFlight build on 18.6 never got one ("pushDisallowed").
            return .refuse(
                why: "the system disallows background push launches", rules: ["CONF-PUSH-4", "PUSH-4", "PUSH-8"])
        }
        if conditions.lowPowerModeHoldsPushes {
            return .hold(why: "held back in Low Power Mode", rules: ["PUSH-9", "CONF-11"])
        }
        if !budgetHasRoom(conditions) {
            return .hold(why: "throttled: over \(rules.throttlePerHour) per hour", rules: ["PUSH-4", "PUSH-5"])
        }
        return .deliver
    }

    /// A PushKit VoIP push (VOIP-2): needs the `voip` mode and PushKit (iOS 8+); launches the app
    /// even after a force-quit unless CONF-12's variant says otherwise (TERM-2); is not throttled
    /// or held; after ``VoIPRules/callKitFailuresBeforeBlock`` pushes in a row without a call it
    /// no longer launches the app.
    private func voipVerdict(_ conditions: PushConditions) -> PushVerdict {
        let rules = conditions.voip
        guard rules.pushKitAvailable else { return .refuse(why: "no PushKit before iOS 8", rules: ["VOIP-2"]) }
        guard conditions.voipDeclared else { return .refuse(why: "UIBackgroundModes lacks voip", rules: ["VOIP-2"]) }
        if !conditions.foreground {
            if voipBlocked {
                return .refuse(
                    why:
                        "VoIP pushes stopped launching the app after \(rules.callKitFailuresBeforeBlock) pushes without a call",
                    rules: ["VOIP-2"])
            }
            if conditions.forceQuit && !rules.pushLaunchesAfterForceQuit {
                return .refuse(why: "force-quit by the user, not opened since", rules: ["TERM-1", "TERM-2", "CONF-12"])
            }
        }
        return .deliver
    }

    /// PUSH-4: whether the rolling hour has room for another delivery. With a debugger attached
    /// (CONF-13, TASK-14) the throttle is off: a statement in the style of Apple's DTS says so
    /// (push-debugger-disables-throttle).
    func budgetHasRoom(_ conditions: PushConditions) -> Bool {
        if conditions.debuggerAttached { return true }
        let now = conditions.now
        return recentDeliveries.lazy.filter { !Self.leftHour($0, now: now) }.count < conditions.push.throttlePerHour
    }

    /// Whether a delivery at `delivery` has left the rolling hour at `now`. The agenda keeps times
    /// to the millisecond, so the release check scheduled for `delivery + window` may fall a
    /// rounding step early; half a millisecond of slack makes that check find the room it was for.
    static func leftHour(_ delivery: TimeInterval, now: TimeInterval) -> Bool {
        delivery + throttleWindow <= now + 0.0005
    }

    /// A push the system will not deliver: recorded with the rule, and as the push's fate.
    mutating func refuse(
        _ index: Int, why: String, rules: [String], _ conditions: PushConditions, into effects: inout [DeviceEffect]
    ) {
        if !conditions.foreground {
            effects.append(.suppressedWake(sends[index].push.type == .voip ? .voipPush : .push))
        }
        effects.append(
            .decide(
                "pushNotDelivered", rules: rules,
                fields: [Field("id", .string(sends[index].id)), Field("why", .string(why))]))
        outcomes[index].cause = "push not delivered: \(why)"
        outcomes[index].rules = RuleIDs.sorted(rules)
    }

    /// A silent push handed to the app: outside the foreground it counts against the hourly budget (PUSH-4).
    mutating func deliverSilent(_ index: Int, _ conditions: PushConditions, into effects: inout [DeviceEffect]) {
        outcomes[index].deliveredAt = conditions.now
        let fields = [Field("id", .string(sends[index].id)), Field("appState", .string(conditions.appState.rawValue))]
        if conditions.foreground {
            effects.append(.decide("pushDelivered", rules: ["PUSH-1"], fields: fields))
            return
        }
        recentDeliveries.append(conditions.now)
        let rules = conditions.debuggerAttached ? ["PUSH-1", "PUSH-4", "CONF-13"] : ["PUSH-1", "PUSH-4"]
        effects.append(.decide("pushDelivered", rules: rules, fields: fields))
    }

    /// Stamps a new push handler's deadline entry.
    mutating func nextHandlerGeneration() -> Int {
        handlerGeneration += 1
        return handlerGeneration
    }
}
