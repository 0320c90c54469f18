import Wakeful

/// Core Location's session objects and manager as their headers describe them, recording what a
/// device would do:
///
/// - CLBackgroundActivitySession.h: "A new session may only become active while the app is
///   foregrounded and in direct use."
/// - CLServiceSession.h: "Passing an authorization requirement other than .none will cause Location
///   Services to seek the corresponding level of authorization from the user when possible."
/// - CLLocationManager.h: "Setting this property [allowsBackgroundLocationUpdates] to YES when
///   UIBackgroundModes does not include "location" is a fatal error."
final class FakeLocationSessions {
    var inForeground = true
    var granted: LocationAuthorization = .notDetermined
    let backgroundModes: Set<String>
    /// Activity sessions created, with whether each became active.
    private(set) var activitySessions: [Bool] = []
    private(set) var heldActivitySession: Int?
    private(set) var prompts: [ServiceSessionRequirement] = []
    private(set) var fatalErrors: [String] = []

    init(backgroundModes: Set<String> = []) { self.backgroundModes = backgroundModes }

    /// `CLBackgroundActivitySession()`; returns its index.
    func createActivitySession() -> Int {
        activitySessions.append(inForeground)
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
    }

    /// `allowsBackgroundLocationUpdates = value`.
    func setAllowsBackgroundLocationUpdates(_ value: Bool) {
        if value && !backgroundModes.contains("location") {
            fatalErrors.append("allowsBackgroundLocationUpdates = YES without the location mode")
        }
    }
}
