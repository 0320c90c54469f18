import Foundation
import Wakeful

/// Silent pushes as the device carries them out (PUSH-1 to PUSH-9): the ``PushSystem`` rules on
/// each push and the held one; the device wakes or relaunches the app, runs the handler's 30 s and
/// kills an app whose handler overruns.
extension SimulatedDevice {
    /// Expands `world.pushes` into the send schedule and puts every send on the agenda.
    mutating func schedulePushes() {
        var effects: [DeviceEffect] = []
        pushes.plan(scenario.world.pushes, until: scenario.duration, into: &effects)
        carryOut(effects)
    }

    /// The server's push reaches the device: check the headers and the app's configuration, then
    /// deliver, hold or drop it.
    mutating func pushArrives(_ index: Int) {
        let send = pushes.sends[index]
        decide(
            "pushSent", rules: ["PUSH-1"],
            [
                Field("id", .string(send.id)), Field("type", .string(send.push.type?.rawValue ?? "none")),
                Field("priority", .int(send.push.priority)),
            ])
        guard scenario.world.network.segment(at: now).kind == .none else {
            return pushReachesDevice(index, mayGroup: true)
        }
        // PUSH-5, APNs: a device without network gets the newest stored push when it is back online.
        let reconnect = scenario.world.network.segments.first { $0.at > now && $0.kind != .none }?.at
        var effects: [DeviceEffect] = []
        pushes.storeOffline(index, reconnect: reconnect.flatMap { $0 < scenario.duration ? $0 : nil }, into: &effects)
        carryOut(effects)
    }

    /// The device is online again and APNs sends the push it stored, if no newer one replaced it.
    mutating func storedPushRedelivered(_ index: Int) {
        guard pushes.takeStored(index) else { return }
        pushReachesDevice(index, mayGroup: true)
    }

    /// A push reaches the device: the rules deliver, hold or drop it; a priority-5 push that would
    /// be delivered to an idle device may be grouped for later first (`mayGroup`, PUSH-8).
    mutating func pushReachesDevice(_ index: Int, mayGroup: Bool) {
        let send = pushes.sends[index]
        let conditions = pushConditions
        var effects: [DeviceEffect] = []
        switch pushes.verdict(for: index, conditions) {
        case .deliver where send.push.type == .voip: return deliverVoIPPush(index)
        case .deliver:
            guard mayGroup, let delay = pushes.groupingDelay(for: index, conditions) else { return deliverPush(index) }
            pushes.group(index, delay: delay, now: now, into: &effects)
        case .refuse(let why, let rules): pushes.refuse(index, why: why, rules: rules, conditions, into: &effects)
        case .hold(let why, let rules): pushes.hold(index, why: why, rules: rules, conditions, into: &effects)
        }
        carryOut(effects)
    }

    /// A release check for the held push fell due; a newer hold or a release made it stale.
    mutating func heldPushReleaseDue(generation: Int) {
        guard generation == pushes.heldGeneration else { return }
        releaseHeldPush()
    }

    /// The held push may go now: Low Power Mode went off (PUSH-9), or its release check fell due.
    mutating func releaseHeldPush() {
        if state.isForeground { return handOverHeldPush() }
        var effects: [DeviceEffect] = []
        let released = pushes.release(pushConditions, into: &effects)
        carryOut(effects)
        if let released { deliverPush(released) }
    }

    /// PUSH-5: the user opened the app, so the held push is handed over at once.
    mutating func handOverHeldPush() {
        guard state.isForeground, hasProcess else { return }
        var effects: [DeviceEffect] = []
        let held = pushes.handOver(into: &effects)
        carryOut(effects)
        if let held { deliverPush(held) }
    }

    /// PUSH-5: a held push is discarded when the app is force-quit or otherwise killed.
    mutating func discardHeldPush() {
        var effects: [DeviceEffect] = []
        pushes.discardHeld(into: &effects)
        carryOut(effects)
    }

    /// Hands a silent push to the app: at once in the foreground; otherwise it counts against the
    /// hourly budget and wakes a suspended app or relaunches a terminated one (STATE-2), whose
    /// handler then has 30 s to complete (PUSH-6). A push wake also gives a fresh task budget (TASK-10).
    private mutating func deliverPush(_ index: Int) {
        let send = pushes.sends[index]
        let notification = RemoteNotification(id: send.id, userInfo: send.push.userInfo)
        var effects: [DeviceEffect] = []
        pushes.deliverSilent(index, pushConditions, into: &effects)
        carryOut(effects)
        if state.isForeground {
            startPushHandler(send.id, deadline: nil)
            deliver(.remoteNotification(notification))
            return
        }
        lifecycle.wake(by: .push)
        switch state {
        case .suspended:
            tally.countWake(.push)
            guard resume(cause: "pushWake", rules: ["PUSH-1", "PUSH-6"]) else { return }
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
        let generation = pushes.nextHandlerGeneration()
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
        decide(
            "pushCompleted", rules: ["PUSH-6"], [Field("id", .string(id)), Field("result", .string(result.rawValue))])
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
