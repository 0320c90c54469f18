import Foundation
import Wakeful

extension SimulatedDevice {
    /// Whether the app opted in to explicit service sessions (`NSLocationRequireExplicitServiceSession`)
    /// on a release that has them (LOC-9).
    var explicitServiceSessions: Bool { policy.location.serviceSessions && scenario.app.requiresExplicitServiceSession }

    /// Always authorization as Core Location applies it now: for an app that opted in to explicit
    /// service sessions, only while it holds one requiring Always (LOC-9); a provisional Always is
    /// When-In-Use (AUTH-3).
    var alwaysApplies: Bool {
        permission.effectiveAlways && (!explicitServiceSessions || serviceSessionCovers(.always))
    }

    /// Whether a service session requiring `level` (Always, or any for When-In-Use) is in force: the
    /// process's, or the last process's until the app has had its few seconds to recreate it after
    /// a launch; with no process it stands until the next launch (LOC-32).
    func serviceSessionCovers(_ level: LocationAuthorization) -> Bool {
        func covers(_ request: ServiceSessionRequest) -> Bool { level != .always || request.authorization == .always }
        if hasProcess, let held = process.sessions.service, held.hold == .active, covers(held.request) { return true }
        return locationServices.carriedServiceSessionCovers(level, processRunning: hasProcess, now: now)
    }

    /// A launch ends the last process's service session, which the app must recreate within a few
    /// seconds (LOC-32).
    mutating func sessionsAtLaunch() {
        guard policy.location.serviceSessions,
            let deadline = locationServices.serviceSessionRecreation(
                from: now, window: policy.location.serviceSessionRecreationWindow)
        else { return }
        schedule(.serviceSessionDeadline(process: process.number), at: deadline)
    }

    /// The few seconds are up: a session not recreated is gone, and the app runs on without (LOC-32).
    mutating func serviceSessionDeadline(process number: Int) {
        // A process that died first leaves the session standing until the next launch, whose own
        // deadline this is not.
        guard hasProcess, process.number == number, let carried = locationServices.lapseCarriedServiceSession()
        else { return }
        decide(
            "serviceSessionLapsed", rules: ["LOC-32"],
            [Field("authorization", .string(carried.authorization.rawValue))])
        scheduleWorldTick(at: now)  // live updates may now need a session (LOC-9)
    }

    // MARK: CLBackgroundActivitySession (LOC-8, LOC-31)

    /// `CLBackgroundActivitySession()`: in force when created in the foreground, or in the background
    /// to reattach to one that exists (the last process's, or this one's); otherwise suspended until
    /// the app is in use, with the diagnostic `insufficientlyInUse` (LOC-8, LOC-31).
    mutating func startBackgroundActivitySession() {
        guard policy.location.whenInUseBackgroundSessions else {
            refuse("startBackgroundActivitySession", "CLBackgroundActivitySession exists from iOS 17", rules: ["LOC-8"])
            return
        }
        let carried = locationServices.takeCarriedBackgroundActivity()
        let reattached = !state.isForeground && (carried || process.sessions.backgroundActivityActive)
        guard state.isForeground || reattached else {
            process.sessions.backgroundActivity = .awaitingUse
            decide(
                "backgroundActivitySessionNotInUse", rules: ["LOC-8", "LOC-31"],
                [Field("why", "created in the background")])
            if policy.location.sessionDiagnostics {
                deliver(.backgroundActivitySessionDiagnostic([.insufficientlyInUse]))
            }
            return
        }
        process.sessions.backgroundActivity = .active
        decide("backgroundActivitySessionStarted", rules: ["LOC-8"], [Field("reattached", .bool(reattached))])
        showSessionIndicator()
        scheduleWorldTick(at: now)  // live updates may go on in the background
    }

    /// `invalidate()`: the session and its indicator end at once (LOC-31).
    mutating func invalidateBackgroundActivitySession() {
        guard process.sessions.backgroundActivity != nil else { return }
        process.sessions.backgroundActivity = nil
        decide("backgroundActivitySessionInvalidated", rules: ["LOC-31"])
        refreshEnergy()
        checkLocationInUse()  // AUTH-4, AUTH-7: the session's updates were what kept it in use
    }

    /// The app left the foreground: live updates go on only with a session (LOC-8), which shows its
    /// indicator.
    mutating func locationSessionsEnteredBackground() {
        guard hasProcess else { return }
        if process.liveUpdates != nil { scheduleWorldTick(at: now) }
        showSessionIndicator()
    }

    /// The indicator of a background activity session, shown whenever the app is in the background
    /// with one in force, Always or not (LOC-8, LOC-31).
    private mutating func showSessionIndicator() {
        guard state == .background, hasProcess, process.sessions.backgroundActivityActive else { return }
        decide(
            "locationIndicatorShown", rules: ["LOC-8", "LOC-31"],
            [Field("authorization", .string(authorization.rawValue))])
    }

    // MARK: CLServiceSession (LOC-9, LOC-32)

    /// `CLServiceSession(authorization:fullAccuracyPurposeKey:)`: in force when created in the
    /// foreground, or after a launch while the last process's may still be recreated (LOC-32);
    /// otherwise suspended until the app is in use (`insufficientlyInUse`, LOC-31). In the
    /// foreground it asks for what it requires, as the request methods would (doc
    /// `CLServiceSession init(authorization:)`; AUTH-1, AUTH-2, AUTH-7).
    mutating func startServiceSession(_ request: ServiceSessionRequest) {
        guard policy.location.serviceSessions else {
            refuse("startServiceSession", "CLServiceSession exists from iOS 18", rules: ["LOC-9"])
            return
        }
        // Recreating keeps what the last process held; a session asking for more is a new one
        // (LOC-9, LOC-32).
        let recreated = locationServices.takeCarriedServiceSession(for: request, at: now)
        let hold: SessionHold = state.isForeground || recreated ? .active : .awaitingUse
        process.sessions.service = (request, hold)
        decide(
            "serviceSessionStarted", rules: recreated ? ["LOC-9", "LOC-32"] : ["LOC-9"],
            [
                Field("authorization", .string(request.authorization.rawValue)), Field("recreated", .bool(recreated)),
                Field("inUse", .bool(hold == .active)),
            ])
        var diagnostics: [LocationDiagnostic] = hold == .active ? [] : [.insufficientlyInUse]
        if authorization == .denied { diagnostics.append(.authorizationDenied) }
        if policy.location.sessionDiagnostics, !diagnostics.isEmpty { deliver(.serviceSessionDiagnostic(diagnostics)) }
        scheduleWorldTick(at: now)  // live updates may have waited for a session (LOC-9)
        guard hasProcess, state.isForeground else { return }
        if permission.status == .notDetermined || (request.authorization == .always && permission.status == .whenInUse)
        {
            requestAuthorization(request.authorization == .always ? .always : .whenInUse)
        }
        if let key = request.fullAccuracyPurposeKey, hasProcess, permission.accuracy == .reduced {
            requestAuthorization(.temporaryFullAccuracy(purposeKey: key))
        }
    }

    /// `invalidate()`.
    mutating func invalidateServiceSession() {
        guard process.sessions.service != nil else { return }
        process.sessions.service = nil
        decide("serviceSessionInvalidated", rules: ["LOC-9"])
    }
}
