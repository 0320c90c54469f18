import Foundation
import Wakeful

extension SimulatedDevice {
    /// A PushKit VoIP push (VOIP-2): needs the `voip` mode and PushKit (iOS 8+); launches the app
    /// even after a force-quit unless CONF-12's variant says otherwise (TERM-2); is not throttled
    /// or held; from iOS 13 the callback must report a call to CallKit, or the app is terminated,
    /// and after ``VoIPRules/callKitFailuresBeforeBlock`` such failures in a row VoIP pushes stop
    /// launching it.
    mutating func voipPushArrives(_ index: Int) {
        let send = pushSchedule[index]
        guard policy.voip.pushKitAvailable else {
            return refusePush(index, "no PushKit before iOS 8", rules: ["VOIP-2"])
        }
        guard backgroundModes.contains(.voip) else {
            return refusePush(index, "UIBackgroundModes lacks voip", rules: ["VOIP-2"])
        }
        if !state.isForeground {
            if pushState.voipBlocked {
                return refusePush(
                    index, "VoIP pushes stopped launching the app after \(policy.voip.callKitFailuresBeforeBlock) pushes without a call",
                    rules: ["VOIP-2"])
            }
            if forceQuitFlag && !policy.voip.pushLaunchesAfterForceQuit {
                return refusePush(index, "force-quit by the user, not opened since", rules: ["TERM-1", "TERM-2", "CONF-12"])
            }
        }
        tally.pushes[index].deliveredAt = now
        decide("pushDelivered", rules: ["VOIP-2"], [Field("id", .string(send.id)), Field("appState", .string(state.rawValue))])
        switch state {
        case .suspended:
            tally.countWake(.voipPush)
            setState(.background, cause: "voipPushWake", rules: ["VOIP-2"])
        case .notRunning:
            tally.countWake(.voipPush)
            launch(.voipPush, cause: "voipPushRelaunch", rules: ["VOIP-2", "TERM-2"])
        case .background, .active, .inactive:
            break
        }
        guard hasProcess else { return }
        if state == .background {
            // Assumption: the push callback gets the ≈10 s of other system wakes; a reported call holds longer.
            wakeEpoch += 1
            lastWakeSource = .voipPush
            windowUntil = max(windowUntil, now + policy.execution.wakeEventWindow)
            schedule(.reevaluate, at: windowUntil)
            grantAllowanceIfNeeded()
        }
        let number = process.number
        process.voipPushAwaitingCall = send.id
        deliver(.voipPush(RemoteNotification(id: send.id, userInfo: send.push.userInfo)))
        guard hasProcess, process.number == number, process.voipPushAwaitingCall != nil else { return }
        process.voipPushAwaitingCall = nil
        guard policy.voip.pushRequiresCallKit else { return }
        pushState.voipFailures += 1
        tally.pushes[index].cause = "VoIP push without a CallKit call: app terminated"
        tally.pushes[index].rules = ["VOIP-2"]
        terminate(.callKitNotReported, rules: ["VOIP-2"])
        if !pushState.voipBlocked && pushState.voipFailures >= policy.voip.callKitFailuresBeforeBlock {
            pushState.voipBlocked = true
            decide("voipPushLaunchesStopped", rules: ["VOIP-2"], [Field("failures", .int(pushState.voipFailures))])
        }
    }

    /// `reportNewIncomingCall` (VOIP-2): a call keeps the app running until it ends. Inside a VoIP
    /// push's callback it satisfies the iOS 13 rule and resets the failure count.
    mutating func reportIncomingCall(_ id: String) {
        guard backgroundModes.contains(.voip) else {
            decide("commandRefused", rules: ["VOIP-2"], [Field("command", "reportIncomingCall"), Field("why", "UIBackgroundModes lacks voip")])
            return
        }
        if process.voipPushAwaitingCall != nil {
            process.voipPushAwaitingCall = nil
            pushState.voipFailures = 0
        }
        guard !process.calls.contains(id) else { return }
        process.calls.append(id)
        decide("callReported", rules: ["VOIP-2"], [Field("id", .string(id))])
    }

    /// The call ends; with no call left, nothing of VoIP holds the app (VOIP-2).
    mutating func endCall(_ id: String) {
        guard let index = process.calls.firstIndex(of: id) else {
            decide("endUnknownCall", rules: ["VOIP-2"], [Field("id", .string(id))])
            return
        }
        process.calls.remove(at: index)
    }

    /// `setKeepAliveTimeout(_:handler:)` (VOIP-1): with the `voip` mode, at least 600 s, up to iOS 9.
    mutating func setKeepAliveTimeout(_ seconds: TimeInterval) {
        guard let minimum = policy.voip.keepAliveMinimum else {
            decide("commandRefused", rules: ["VOIP-1"], [Field("command", "setKeepAliveTimeout"), Field("why", "no legacy VoIP keep-alive after iOS 9")])
            return
        }
        guard backgroundModes.contains(.voip) else {
            decide("commandRefused", rules: ["VOIP-1"], [Field("command", "setKeepAliveTimeout"), Field("why", "UIBackgroundModes lacks voip")])
            return
        }
        guard seconds >= minimum else {
            decide("commandRefused", rules: ["VOIP-1"], [
                Field("command", "setKeepAliveTimeout"), Field("why", .string("\(Format.duration(seconds)) is below the \(Format.duration(minimum)) minimum")),
            ])
            return
        }
        process.keepAliveInterval = seconds
        pushState.keepAliveGeneration += 1
        decide("keepAliveAccepted", rules: ["VOIP-1"], [Field("interval", .double(seconds))])
        schedule(.keepAlive(generation: pushState.keepAliveGeneration), at: now + seconds)
    }

    /// The keep-alive handler is due: a suspended app is woken for ≈10 s (VOIP-1).
    mutating func keepAliveDue(generation: Int) {
        guard generation == pushState.keepAliveGeneration, hasProcess, let interval = process.keepAliveInterval else { return }
        schedule(.keepAlive(generation: generation), at: now + interval)
        guard !state.isForeground else { return }
        if state == .suspended {
            tally.countWake(.voipKeepAlive)
            setState(.background, cause: "voipKeepAliveWake", rules: ["VOIP-1"])
        }
        wakeEpoch += 1
        lastWakeSource = .voipKeepAlive
        windowUntil = max(windowUntil, now + policy.voip.keepAliveHandlerTime)
        schedule(.reevaluate, at: windowUntil)
        grantAllowanceIfNeeded()
        deliver(.keepAliveFired)
    }
}
