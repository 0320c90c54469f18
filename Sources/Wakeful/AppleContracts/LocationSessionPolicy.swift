import Foundation

/// When Core Location's session objects are taken, kept or replaced.
///
/// - CLServiceSession.h: "Passing an authorization requirement other than .none will cause Location
///   Services to seek the corresponding level of authorization from the user when possible." A
///   session taken at launch therefore asks for no more than the user has granted, so the prompt
///   comes only when the app asks, after explaining why.
/// - CLBackgroundActivitySession.h: "A new session may only become active while the app is
///   foregrounded and in direct use." A held session is kept across restarts of updates; replacing
///   it from the background would leave none active.
public enum LocationSessionPolicy {
    /// The requirement of the `CLServiceSession` taken at launch: nil for none (no strategy needs
    /// location), otherwise what the strategies need capped at what the user has granted;
    /// ``ServiceSessionRequirement/none`` while nothing is granted.
    public static func launchRequirement(
        needed: LocationAuthorization?, granted: LocationAuthorization
    ) -> ServiceSessionRequirement? {
        guard let needed, let wanted = ServiceSessionRequirement(needed) else { return nil }
        let allowed = ServiceSessionRequirement(granted) ?? .none
        return min(wanted, allowed)
    }

    /// The requirement once the app asks the user (``LocationAuthorization`` the strategies need):
    /// this one may prompt.
    public static func requestedRequirement(needed: LocationAuthorization?) -> ServiceSessionRequirement? {
        needed.flatMap(ServiceSessionRequirement.init)
    }

    /// What to do with the `CLBackgroundActivitySession` when updates (re)start.
    ///
    /// - Parameters:
    ///   - held: Whether the adapter holds one now.
    ///   - wanted: Whether the new updates run in the background.
    public static func activitySession(held: Bool, wanted: Bool) -> ActivitySessionAction {
        switch (held, wanted) {
        case (true, true): .keep
        case (false, true): .create
        case (true, false): .invalidate
        case (false, false): .nothing
        }
    }
}

/// `CLServiceSession.AuthorizationRequirement`, ordered from weakest to strongest.
public enum ServiceSessionRequirement: Int, Sendable, Hashable, Comparable {
    /// Asks for nothing; keeps the session's relaunch behaviour.
    case none
    /// When-In-Use.
    case whenInUse
    /// Always.
    case always

    /// The requirement matching an authorization; nil for `notDetermined` and `denied`.
    public init?(_ authorization: LocationAuthorization) {
        switch authorization {
        case .whenInUse: self = .whenInUse
        case .always: self = .always
        case .notDetermined, .denied: return nil
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What the adapter does with the `CLBackgroundActivitySession` when updates (re)start.
public enum ActivitySessionAction: Sendable, Hashable {
    /// Keep the held session: a new one would not become active in the background.
    case keep
    /// Create one (the app should be in front: a new session becomes active only there).
    case create
    /// End the held one: the new updates do not run in the background.
    case invalidate
    /// Nothing held, nothing wanted.
    case nothing
}
