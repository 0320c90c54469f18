import Foundation
import Wakeful

/// What holds the app in the background, checked after every step: the run reasons of the
/// policy reference's derived model (§1), gathered from the subsystems that grant them, and the
/// suspension when none is left (STATE-1, STATE-2).
extension SimulatedDevice {
    /// The run reasons that hold now.
    /// A mutating getter for the same reason as `backgroundTimeRemaining`: it runs on every
    /// step and delivery, and a plain getter made Swift copy the device to call it.
    var runReasons: RunReasons {
        mutating get {
            var reasons: RunReasons = []
            if now < lifecycle.graceUntil { reasons.insert(.grace) }
            if !process.tasks.open.isEmpty, taskTimeHolds { reasons.insert(.task) }
            if now < lifecycle.windowUntil { reasons.insert(.wakeWindow) }
            if process.locationKeepsAppRunning { reasons.insert(.location) }
            if process.liveUpdates != nil, liveUpdatesKeepAppRunning { reasons.insert(.liveUpdates) }
            if now < beacons.keepsAppRunningUntil, !process.ranging.isEmpty { reasons.insert(.backgroundRanging) }
            if policy.debuggerAttached, hasProcess { reasons.insert(.debugger) }
            // Pushes
            if process.pushHandlerHolds(at: now) { reasons.insert(.pushHandler) }
            if !process.calls.isEmpty { reasons.insert(.voipCall) }
            if process.audio?.keepsAppRunning == true { reasons.insert(.audio) }
            if !process.scheduledTasks.isEmpty { reasons.insert(.scheduledTask) }
            if now < network.handlerUntil { reasons.insert(.urlSessionEvents) }  // URLS-1
            return reasons
        }
    }

    /// Suspends a background app when nothing lets it run any more (STATE-1, STATE-2).
    mutating func reevaluate() {
        guard state == .background else {
            lifecycle.noteRunReasons([])
            return
        }
        let reasons = runReasons
        if reasons.isEmpty {
            if holdsOutboxLock {
                // Outbox: iOS kills an app suspended while it holds a database file's lock (TERM-6).
                terminate(
                    .suspendedWithLockedFile, code: policy.termination.codes.suspendedWithLockedFile, rules: ["TERM-6"])
                lifecycle.noteRunReasons([])
                return
            }
            let suspension = lifecycle.suspension(tasksWarned: !process.tasks.warned.isEmpty, family: policy.family)
            setState(.suspended, cause: suspension.cause, rules: suspension.rules)
        }
        lifecycle.noteRunReasons(reasons)
    }

    /// Opens (or extends) the ≈10 s window after a system wake (LOC-12, LOC-21, BLE-1).
    mutating func openWakeWindow() {
        schedule(.reevaluate, at: lifecycle.openWakeWindow(at: now, policy: policy))
    }
}
