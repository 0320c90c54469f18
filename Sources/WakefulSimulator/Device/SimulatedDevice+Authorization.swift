import Foundation
import Wakeful

/// Location authorization as the device carries it out (AUTH-1 to AUTH-7): the
/// ``LocationAuthorizer`` rules on requests and the user's answers; the device records its
/// decisions, stops what a lost permission withholds and tells the app (AUTH-5).
extension SimulatedDevice {
    /// What the user lets the app do with location now (AUTH-1 to AUTH-7).
    var permission: LocationPermission { authorizer.permission }
    /// `authorizationStatus`; a provisional Always reads `always` (AUTH-3).
    var authorization: LocationAuthorization { authorizer.permission.status }

    /// The app asks for authorization or temporary full accuracy. The first request of a process
    /// creates its location manager, which reports the state it starts with (AUTH-5).
    mutating func requestAuthorization(_ request: LocationAuthorizationMachine.Request) {
        if process.permissionHeard == nil {
            process.permissionHeard = permission
            deliver(.authorizationChanged(permission.status))
            // The first event may have ended the process (a crash injected in its commit).
            if authorizer.reportsAccuracy, hasProcess, state.isExecuting {
                deliver(.accuracyAuthorizationChanged(permission.accuracy))
            }
            guard hasProcess else { return }
        }
        let before = permission
        let outcome = authorizer.request(request, inForeground: state.isForeground)
        decide(outcome.name, rules: outcome.rules, outcome.fields)
        permissionChanged(from: before)
    }

    /// The user answers a prompt or changes Settings.
    mutating func performAuthorizationAction(_ action: UserAction.Kind) {
        let before = permission
        guard let outcome = authorizer.perform(action) else { return }
        decide(outcome.name, rules: outcome.rules, outcome.fields)
        permissionChanged(from: before)
        // AUTH-4, AUTH-7: a grant made while the app is not in use ends at once.
        checkLocationInUse()
    }

    /// An event that needs Always was held back under a provisional Always: the second prompt (AUTH-3).
    mutating func provisionalAlwaysEvent() {
        guard let outcome = authorizer.eventNeedingAlways() else { return }
        decide(outcome.name, rules: outcome.rules, outcome.fields)
    }

    /// Allow Once and a temporary full-accuracy grant end when the app is no longer in use: not in
    /// front and not running location updates in the background, standard or live with a session
    /// (AUTH-4, AUTH-7, LOC-8).
    mutating func checkLocationInUse() {
        guard permission.allowOnce || permission.temporaryFullAccuracy else { return }
        let inUse =
            state.isForeground
            || (state == .background && hasProcess
                && (process.location.map { $0.keepsAppRunning && !$0.paused } == true || liveUpdatesKeepAppRunning))
        guard !inUse else { return }
        let before = permission
        guard let outcome = authorizer.noLongerInUse() else { return }
        decide(outcome.name, rules: outcome.rules, outcome.fields)
        permissionChanged(from: before)
    }

    /// What follows a change: services the new permission withholds stop, those it gives back
    /// resume, and the app hears of it (AUTH-5, AUTH-6).
    private mutating func permissionChanged(from before: LocationPermission) {
        let after = permission
        guard after != before else { return }
        tally.permissionChanged(to: after, at: now)
        if before.allowsLocation, !after.allowsLocation, hasProcess, process.location != nil {
            process.location = nil  // no more updates without authorization
            decide("locationUpdatesStopped", rules: ["AUTH-5", "LOC-1"], [Field("why", "not authorized")])
            refreshEnergy()
        }
        if before.accuracy != after.accuracy {
            if after.accuracy == .reduced, !geofences.regions.isEmpty {
                // AUTH-6: takes effect at once; the regions stay registered but report nothing.
                decide(
                    "regionMonitoringSuspended", rules: ["AUTH-6"], [Field("regions", .int(geofences.regions.count))])
            }
            scheduleWorldTick(at: now)
            refreshEnergy()  // the GPS is off with reduced accuracy
        }
        deliverQueuedAuthorizationChange()
    }

    /// Tells a running app what changed since its manager last reported; a suspended app hears the
    /// net change when it runs again (AUTH-5).
    mutating func deliverQueuedAuthorizationChange() {
        guard hasProcess, state.isExecuting, let heard = process.permissionHeard else { return }
        let now = permission
        process.permissionHeard = now
        if heard.status != now.status { deliver(.authorizationChanged(now.status)) }
        if heard.accuracy != now.accuracy, hasProcess, state.isExecuting {
            deliver(.accuracyAuthorizationChanged(now.accuracy))
        }
    }
}
