import Foundation
import Wakeful

/// System wakes for location, beacon and Bluetooth events, and the rules that refuse them: the
/// app's authorization, Background App Refresh and the force-quit flag (see ``Lifecycle``).
extension SimulatedDevice {
    /// A location-service event for the app: delivered in the foreground, opens a wake window in
    /// the background, wakes a suspended app or relaunches a terminated one, unless a rule forbids it.
    mutating func systemWake(_ source: WakeSource, events: [Event], rules: [String]) {
        switch state {
        case .active, .inactive:
            for event in events where hasProcess && state.isExecuting { deliver(event) }
        case .background:
            // BEACON-5, LOC-21: each event gives the app another ≈10 s, and a fresh task budget (TASK-9, TASK-10).
            lifecycle.wake(by: source)
            openWakeWindow()
            grantAllowanceIfNeeded()
            for event in events where hasProcess && state.isExecuting { deliver(event) }
        case .suspended:
            if let blocked = wakeBlocker(source) {
                tally.countSuppressedWake(source)
                tally.refusedWakes.append(RefusedWake(time: now, why: blocked.why, rules: blocked.rules))
                decide(
                    "wakeSuppressed", rules: blocked.rules,
                    [Field("source", .string(source.rawValue)), Field("why", .string(blocked.why))])
                if blocked.rules.contains("AUTH-3") { provisionalAlwaysEvent() }
                return
            }
            lifecycle.wake(by: source)
            tally.countWake(source)
            guard resume(cause: "\(source.rawValue)Wake", rules: rules) else { return }
            openWakeWindow()
            grantAllowanceIfNeeded()
            for event in events where hasProcess && state.isExecuting { deliver(event) }
        case .notRunning:
            if let blocked = wakeBlocker(source) ?? relaunchBlocker(source) {
                tally.countSuppressedWake(source)
                tally.refusedWakes.append(RefusedWake(time: now, why: blocked.why, rules: blocked.rules))
                decide(
                    "relaunchSuppressed", rules: blocked.rules,
                    [Field("source", .string(source.rawValue)), Field("why", .string(blocked.why))])
                if blocked.rules.contains("AUTH-3") { provisionalAlwaysEvent() }
                return
            }
            lifecycle.wake(by: source)
            tally.countWake(source)
            openWakeWindow()
            launch(
                source.launchReason, cause: "\(source.rawValue)Relaunch",
                rules: rules + (source.isLocation ? ["LOC-16"] : []))
            if source.isLocation, lifecycle.forceQuitFlag,
                case .relaunchThenTerminate(let delay) = policy.location.forceQuitRelaunch, hasProcess
            {
                schedule(.relaunchKill(process: process.number), at: now + delay)
            }
            for event in events where hasProcess { deliver(event) }
        }
    }

    /// Why iOS would not wake the app for this source now, if it would not.
    func wakeBlocker(_ source: WakeSource) -> (why: String, rules: [String])? {
        if source == .bluetooth, let blocked = bluetoothWakeBlocker() { return blocked }  // BLE-1
        if source.isLocation && !alwaysApplies && policy.location.relaunchNeedsAlwaysAuthorization
            // LOC-8: a background activity session brings monitoring events to a When-In-Use app.
            && !(hasProcess && process.sessions.backgroundActivityActive && permission.allowsLocation)
        {
            // LOC-16, BEACON-1: background location events need Always authorization from iOS 8;
            // a provisional Always waits for its second prompt (AUTH-3).
            if permission.provisional { return ("provisional always", ["LOC-16", "AUTH-3"]) }
            // LOC-9: an app that opted in to explicit sessions has Always only while it holds one.
            if permission.effectiveAlways { return ("always without a CLServiceSession", ["LOC-9", "LOC-32"]) }
            return ("locationAuthorization \(authorization.rawValue)", ["LOC-16", "BEACON-1"])
        }
        return lifecycle.refreshBlocker(source, policy: policy)  // LOC-22, CONF-9
    }

    /// Why a terminated app would not be relaunched: the force-quit flag, where the version's
    /// rule says so (LOC-25 to LOC-29, CONF-5).
    func relaunchBlocker(_ source: WakeSource) -> (why: String, rules: [String])? {
        switch source {  // their own relaunch rules
        case .urlSession: return urlSessionRelaunchBlocker()
        case .bluetooth: return bluetoothRelaunchBlocker()
        case .region, .beaconRegion, .display, .significantChange, .visit: break
        case .push, .voipPush, .voipKeepAlive, .scheduledTask:
            return nil  // gated on their own launch paths (PUSH-7, TERM-1, TERM-2)
        }
        return lifecycle.forceQuitBlocksLocationRelaunch(policy)
    }

    /// CONF-5c (15.3–15.3.1): a force-quit app with location monitoring came straight back.
    mutating func relaunchRightAfterForceQuit() {
        guard case .relaunchImmediately = policy.location.forceQuitRelaunch,
            !geofences.regions.isEmpty || locationServices.monitorsSignificantChanges || locationServices.monitorsVisits
        else { return }
        let source: WakeSource =
            if locationServices.monitorsSignificantChanges {
                .significantChange
            } else if locationServices.monitorsVisits { .visit } else {
                geofences.regions[0].isBeacon ? .beaconRegion : .region
            }
        systemWake(source, events: [], rules: ["LOC-27", "CONF-5"])
    }

    /// CONF-5b: the app relaunched after a force-quit is killed again, while the flag stands: an
    /// app the user has opened since is theirs again (TERM-1).
    mutating func relaunchKillDue(process number: Int) {
        guard hasProcess, process.number == number, lifecycle.forceQuitFlag, !state.isForeground else { return }
        terminate(.relaunchAfterForceQuit, rules: ["LOC-26", "CONF-5"])
    }
}
