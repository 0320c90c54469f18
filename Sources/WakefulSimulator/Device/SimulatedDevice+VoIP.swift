import Foundation
import Wakeful

/// VoIP as the device carries it out: PushKit pushes that must report a call (VOIP-2), the calls
/// that keep the app running, and the legacy keep-alive handler (VOIP-1).
extension SimulatedDevice {
    /// Hands a VoIP push the ``PushSystem`` let through to the app's PushKit callback (VOIP-2):
    /// wakes or relaunches the app; from iOS 13 the callback must report a call to CallKit, or the
    /// app is terminated.
    mutating func deliverVoIPPush(_ index: Int) {
        let send = pushes.sends[index]
        var effects: [DeviceEffect] = []
        pushes.deliverVoIP(index, pushConditions, into: &effects)
        carryOut(effects)
        switch state {
        case .suspended:
            tally.countWake(.voipPush)
            guard resume(cause: "voipPushWake", rules: ["VOIP-2"]) else { return }
        case .notRunning:
            tally.countWake(.voipPush)
            launch(.voipPush, cause: "voipPushRelaunch", rules: ["VOIP-2", "TERM-2"])
        case .background, .active, .inactive:
            break
        }
        guard hasProcess else { return }
        if state == .background {
            // Assumption: the push callback gets the ≈10 s of other system wakes; a reported call holds longer.
            lifecycle.wake(by: .voipPush)
            schedule(.reevaluate, at: lifecycle.extendWindow(to: now + policy.execution.wakeEventWindow))
            grantAllowanceIfNeeded()
        }
        let number = process.number
        process.voipPushAwaitingCall = send.id
        deliver(.voipPush(RemoteNotification(id: send.id, userInfo: send.push.userInfo)))
        guard hasProcess, process.number == number, process.voipPushAwaitingCall != nil else { return }
        process.voipPushAwaitingCall = nil
        guard policy.voip.pushRequiresCallKit else { return }
        var afterKill: [DeviceEffect] = []
        pushes.callNotReported(index, pushConditions, into: &afterKill)
        terminate(.callKitNotReported, rules: ["VOIP-2"])
        carryOut(afterKill)
    }

    /// `reportNewIncomingCall` (VOIP-2): a call keeps the app running until it ends. Inside a VoIP
    /// push's callback it satisfies the iOS 13 rule and resets the failure count.
    mutating func reportIncomingCall(_ id: String) {
        guard backgroundModes.contains(.voip) else {
            refuse("reportIncomingCall", "UIBackgroundModes lacks voip", rules: ["VOIP-2"])
            return
        }
        if process.voipPushAwaitingCall != nil {
            process.voipPushAwaitingCall = nil
            pushes.callReported()
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
            refuse("setKeepAliveTimeout", "no legacy VoIP keep-alive after iOS 9", rules: ["VOIP-1"])
            return
        }
        guard backgroundModes.contains(.voip) else {
            refuse("setKeepAliveTimeout", "UIBackgroundModes lacks voip", rules: ["VOIP-1"])
            return
        }
        guard seconds >= minimum else {
            decide(
                "commandRefused", rules: ["VOIP-1"],
                [
                    Field("command", "setKeepAliveTimeout"),
                    Field(
                        "why", .string("\(Format.duration(seconds)) is below the \(Format.duration(minimum)) minimum")),
                ])
            return
        }
        process.keepAliveInterval = seconds
        let generation = pushes.nextKeepAliveGeneration()
        decide("keepAliveAccepted", rules: ["VOIP-1"], [Field("interval", .double(seconds))])
        schedule(.keepAlive(generation: generation), at: now + seconds)
    }

    /// The keep-alive handler is due: a suspended app is woken for ≈10 s (VOIP-1).
    mutating func keepAliveDue(generation: Int) {
        guard generation == pushes.keepAliveGeneration, hasProcess, let interval = process.keepAliveInterval else {
            return
        }
        schedule(.keepAlive(generation: generation), at: now + interval)
        guard !state.isForeground else { return }
        if state == .suspended {
            tally.countWake(.voipKeepAlive)
            guard resume(cause: "voipKeepAliveWake", rules: ["VOIP-1"]) else { return }
        }
        lifecycle.wake(by: .voipKeepAlive)
        schedule(.reevaluate, at: lifecycle.extendWindow(to: now + policy.voip.keepAliveHandlerTime))
        grantAllowanceIfNeeded()
        deliver(.keepAliveFired)
    }
}
