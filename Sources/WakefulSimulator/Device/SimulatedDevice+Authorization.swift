import Foundation
import Wakeful

extension SimulatedDevice {
    /// What the user lets the app do with location now (AUTH-1 to AUTH-7).
    var permission: LocationPermission { authorizationMachine.permission }
    /// `authorizationStatus`; a provisional Always reads `always` (AUTH-3).
    var authorization: LocationAuthorization { authorizationMachine.permission.status }

    /// The app asks for authorization or temporary full accuracy. The first request of a process
    /// creates its location manager, which reports the state it starts with (AUTH-5).
    mutating func requestAuthorization(_ request: LocationAuthorizationMachine.Request) {
        if process.permissionHeard == nil {
            process.permissionHeard = permission
            deliver(.authorizationChanged(permission.status))
            // The first event may have ended the process (a crash injected in its commit).
            if authorizationMachine.rules.accuracyAuthorization, hasProcess, state.isExecuting {
                deliver(.accuracyAuthorizationChanged(permission.accuracy))
            }
            guard hasProcess else { return }
        }
        let before = permission
        let outcome = authorizationMachine.request(
            request, inForeground: state.isForeground, purposeKeys: temporaryFullAccuracyPurposeKeys)
        decide(outcome.name, rules: outcome.rules, outcome.fields)
        permissionChanged(from: before)
    }

    /// The user answers a prompt or changes Settings.
    mutating func performAuthorizationAction(_ action: UserAction.Kind) {
        let before = permission
        let outcome: LocationAuthorizationMachine.Outcome
        switch action {
        case .grantWhenInUse: outcome = authorizationMachine.answer(.allowWhileUsing)
        case .grantAlways: outcome = authorizationMachine.answer(.allowAlways)
        case .allowOnce: outcome = authorizationMachine.answer(.allowOnce)
        case .deny: outcome = authorizationMachine.answer(.dontAllow)
        case .answerAlwaysPrompt(let changeToAlways):
            outcome = authorizationMachine.answer(changeToAlways ? .allowAlways : .keepWhileUsing)
        case .answerTemporaryFullAccuracy(let allow):
            outcome = authorizationMachine.answer(allow ? .allowFullAccuracy : .keepReduced)
        case .setAuthorization(let choice): outcome = authorizationMachine.settings(choice)
        case .setPreciseLocation(let on): outcome = authorizationMachine.setPreciseLocation(on)
        default: return
        }
        decide(outcome.name, rules: outcome.rules, outcome.fields)
        permissionChanged(from: before)
        // AUTH-4, AUTH-7: a grant made while the app is not in use ends at once.
        checkLocationInUse()
    }

    /// An event that needs Always was held back under a provisional Always: the second prompt (AUTH-3).
    mutating func provisionalAlwaysEvent() {
        guard let outcome = authorizationMachine.eventNeedingAlways() else { return }
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
        guard let outcome = authorizationMachine.noLongerInUse() else { return }
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
            if after.accuracy == .reduced, !regions.isEmpty {
                // AUTH-6: takes effect at once; the regions stay registered but report nothing.
                decide("regionMonitoringSuspended", rules: ["AUTH-6"], [Field("regions", .int(regions.count))])
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

    /// A reduced-accuracy fix: 1–20 km off in a random direction, log-uniformly, with its stated
    /// accuracy rounded up to the kilometre (AUTH-6).
    mutating func coarseFix() -> LocationFix {
        let range = policy.location.reducedAccuracyError
        let distance = range.lowerBound * pow(range.upperBound / range.lowerBound, coarseRandom.nextDouble())
        let bearing = coarseRandom.uniform(0...(2 * Double.pi))
        let off = LocalPoint(
            east: position.east + distance * sin(bearing), north: position.north + distance * cos(bearing))
        return LocationFix(
            coordinate: scenario.world.projection.coordinate(for: off),
            horizontalAccuracy: (distance / 1000).rounded(.up) * 1000, speed: -1, timestamp: now)
    }

    /// The fix of a significant change: at the run's field accuracy (LOC-10), or a reduced-accuracy
    /// one (AUTH-6).
    mutating func significantChangeFix() -> LocationFix {
        permission.accuracy == .reduced ? coarseFix() : fix(accuracy: significantChangeAccuracy)
    }
}
