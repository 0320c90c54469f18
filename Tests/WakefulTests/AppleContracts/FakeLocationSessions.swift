import Wakeful

/// Core Location's session objects and manager as their headers describe them, recording what a
/// device would do:
///
/// - CLBackgroundActivitySession.h: "A new session may only become active while the app is
///   foregrounded and in direct use … An active session may be resumed immediately with this method
///   when the app is next run, even in the background. However, such a session which is not resumed
///   immediately on next run will end."
/// - CLServiceSession.h: "Passing an authorization requirement other than .none will cause Location
///   Services to seek the corresponding level of authorization from the user when possible", and an
///   instance "should be created while in-use, or immediately when launched in the background if a
///   matching session was held when previously running", else it is `insufficientlyInUse`.
/// - CLLocationManager.h: "Setting this property [allowsBackgroundLocationUpdates] to YES when
///   UIBackgroundModes does not include "location" is a fatal error."
final class FakeLocationSessions {
    var inForeground = true
    var granted: LocationAuthorization = .notDetermined
    let backgroundModes: Set<String>
    /// Activity sessions created, with whether each became active.
    private(set) var activitySessions: [Bool] = []
    private(set) var heldActivitySession: Int?
    /// Service sessions created, with whether each is in use (no `insufficientlyInUse`).
    private(set) var serviceSessions: [Bool] = []
    private(set) var heldServiceSession: Int?
    private(set) var prompts: [ServiceSessionRequirement] = []
    /// Whether `didFinishLaunching` runs: the moment a held session may be resumed.
    private(set) var launching = false
    private var activeAtTermination = (activity: false, service: false)
    private(set) var fatalErrors: [String] = []

    init(backgroundModes: Set<String> = []) { self.backgroundModes = backgroundModes }

    /// The process ends; what it held and was active stays resumable by the next launch only.
    func terminate() {
        activeAtTermination = (backgroundUpdatesActive, serviceSessionInUse)
        heldActivitySession = nil
        heldServiceSession = nil
    }

    /// The system launches the app again; ``finishLaunching()`` ends the moment to resume sessions.
    func relaunch(inForeground: Bool) {
        self.inForeground = inForeground
        launching = true
    }

    func finishLaunching() {
        launching = false
        activeAtTermination = (false, false)
    }

    /// `CLBackgroundActivitySession()`; returns its index.
    func createActivitySession() -> Int {
        activitySessions.append(inForeground || (launching && activeAtTermination.activity))
        heldActivitySession = activitySessions.count - 1
        return activitySessions.count - 1
    }

    func invalidateActivitySession() { heldActivitySession = nil }

    /// Whether background updates are kept alive now.
    var backgroundUpdatesActive: Bool { heldActivitySession.map { activitySessions[$0] } ?? false }

    /// `CLServiceSession(authorization:)`.
    func createServiceSession(_ requirement: ServiceSessionRequirement) {
        let allowed = ServiceSessionRequirement(granted) ?? .none
        if requirement > allowed { prompts.append(requirement) }
        serviceSessions.append(inForeground || (launching && activeAtTermination.service))
        heldServiceSession = serviceSessions.count - 1
    }

    func invalidateServiceSession() { heldServiceSession = nil }

    /// Whether the held service session is in use.
    var serviceSessionInUse: Bool { heldServiceSession.map { serviceSessions[$0] } ?? false }

    /// `allowsBackgroundLocationUpdates = value`.
    func setAllowsBackgroundLocationUpdates(_ value: Bool) {
        if value && !backgroundModes.contains("location") {
            fatalErrors.append("allowsBackgroundLocationUpdates = YES without the location mode")
        }
    }
}
