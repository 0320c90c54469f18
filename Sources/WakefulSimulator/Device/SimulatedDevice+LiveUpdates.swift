import Foundation
import Wakeful

extension SimulatedDevice {
    /// `CLLocationUpdate.liveUpdates(_:)` (iOS 17, LOC-8). The configuration tunes Core Location's
    /// power decisions, which the model has no rule for, so it changes nothing here.
    mutating func startLiveUpdates() {
        guard policy.location.whenInUseBackgroundSessions else {
            refuse("startLiveUpdates", "CLLocationUpdate exists from iOS 17", rules: ["LOC-8"])
            return
        }
        process.liveUpdates = LiveUpdatesState()
        refreshEnergy()
        scheduleWorldTick(at: now)
    }

    /// The loop over the updates ends.
    mutating func stopLiveUpdates() {
        process.liveUpdates = nil
        refreshEnergy()
        checkLocationInUse()  // AUTH-4, AUTH-7: background updates were what kept it in use
    }

    /// Why live updates deliver nothing now, with the diagnostics an iOS 18 update would carry
    /// (possibly none); nil when they deliver.
    func liveUpdatesWithheld() -> [LocationDiagnostic]? {
        guard permission.allowsLocation else { return authorization == .denied ? [.authorizationDenied] : [] }
        // LOC-9: an app that opted in to explicit sessions gets nothing without one.
        if explicitServiceSessions, !serviceSessionCovers(.whenInUse) { return [.serviceSessionRequired] }
        if state.isForeground { return nil }
        guard backgroundModes.contains(.location) else { return [] }  // LOC-1: suspended anyway
        // LOC-8: in the background a When-In-Use app needs a background activity session. Always
        // apps need none (assumption: as standard updates with the location mode, LOC-2).
        if process.sessions.backgroundActivityActive || alwaysApplies { return nil }
        return [.insufficientlyInUse]
    }

    /// Whether live updates hold the app in the background: delivering and the device not at rest (LOC-8).
    var liveUpdatesKeepAppRunning: Bool {
        guard let live = process.liveUpdates, !live.atRest else { return false }
        return liveUpdatesWithheld() == nil
    }

    /// Delivers live updates while the device moves; at rest, one stationary update and then nothing
    /// until it moves again, when a suspended app is resumed (LOC-8). Returns when rest would begin.
    mutating func checkLiveUpdates() -> TimeInterval? {
        guard hasProcess, let live = process.liveUpdates else { return nil }
        if let since = world.stationarySince {
            let restAt = since + policy.location.liveUpdatesAtRestAfter
            guard now >= restAt else {
                deliverLiveUpdateIfMoved()
                return restAt
            }
            if !live.atRest { comeToRest(stationaryFor: now - since) }
            return nil
        }
        if live.atRest { moveAgain() }
        deliverLiveUpdateIfMoved()
        return nil
    }

    /// LOC-8: `isStationary`; delivery stops and the app may be suspended.
    private mutating func comeToRest(stationaryFor: TimeInterval) {
        process.liveUpdates!.atRest = true
        refreshEnergy()
        decide("liveUpdatesAtRest", rules: ["LOC-8"], [Field("stationaryFor", .double(stationaryFor))])
        guard state.isExecuting, liveUpdatesWithheld() == nil, let live = process.liveUpdates else { return }
        // AUTH-6: with reduced accuracy a few fixes an hour, this one too: the update says the
        // device is at rest without a location when a coarse fix came too recently.
        let reduced = permission.accuracy == .reduced
        let coarseHeld =
            reduced && live.lastCoarseFix.map { now < $0 + policy.location.reducedAccuracyFixInterval } == true
        let location = coarseHeld ? nil : liveFix()
        if reduced, location != nil { process.liveUpdates!.lastCoarseFix = now }
        if location != nil { process.liveUpdates!.lastDelivered = world.position }
        deliver(.liveLocationUpdate(LiveLocationUpdate(location: location, isStationary: true)))
    }

    /// LOC-8: moving again, delivery restarts and a suspended app is brought out of suspension.
    private mutating func moveAgain() {
        process.liveUpdates!.atRest = false
        refreshEnergy()
        decide("liveUpdatesMoving", rules: ["LOC-8"])
        if state == .suspended, liveUpdatesWithheld() == nil {
            setState(.background, cause: "liveUpdatesResumed", rules: ["LOC-8"])
        }
    }

    private mutating func deliverLiveUpdateIfMoved() {
        guard state.isExecuting, let live = process.liveUpdates else { return }
        if let withheld = liveUpdatesWithheld() {
            // iOS 18: an update with the diagnostics says why, once per change.
            guard policy.location.sessionDiagnostics, !withheld.isEmpty, withheld != live.lastDiagnostics else {
                return
            }
            process.liveUpdates!.lastDiagnostics = withheld
            deliver(.liveLocationUpdate(LiveLocationUpdate(location: nil, diagnostics: withheld)))
            return
        }
        process.liveUpdates!.lastDiagnostics = []
        if let last = live.lastDelivered, world.position.distance(to: last) < 1 { return }
        if permission.accuracy == .reduced, let last = live.lastCoarseFix,
            now < last + policy.location.reducedAccuracyFixInterval
        {
            return  // AUTH-6: a few fixes an hour
        }
        process.liveUpdates!.lastDelivered = world.position
        let limited = permission.accuracy == .reduced
        if limited { process.liveUpdates!.lastCoarseFix = now }
        let diagnostics: [LocationDiagnostic] = limited && policy.location.sessionDiagnostics ? [.accuracyLimited] : []
        deliver(.liveLocationUpdate(LiveLocationUpdate(location: liveFix(), diagnostics: diagnostics)))
    }

    /// A live fix: GPS-grade, or kilometres off with reduced accuracy (AUTH-6).
    private mutating func liveFix() -> LocationFix {
        // Assumption: live updates run at the best accuracy, ≈5 m (the configuration picks no figure).
        permission.accuracy == .reduced ? coarseFix() : fix(accuracy: 5)
    }
}
