import Foundation

/// When Core Location's session objects are taken, kept or replaced.
///
/// - CLServiceSession.h: "Passing an authorization requirement other than .none will cause Location
///   Services to seek the corresponding level of authorization from the user when possible." A
///   session taken at launch therefore asks for no more than the user has granted, so the prompt
///   comes only when the app asks, after explaining why.
/// - CLBackgroundActivitySession.h: "A new session may only become active while the app is
///   foregrounded and in direct use." A held session is kept across restarts of updates; replacing
///   it from the background would leave none active. "An active session may be resumed immediately
///   with this method when the app is next run, even in the background. However, such a session which
///   is not resumed immediately on next run will end", and "the app is responsible for resuming an
///   active session with this method immediately upon background launch": whether one was held is
///   kept in a file, and a launch resumes it before anything else.
/// - CLServiceSession.h: "a CLServiceSession instance should be created while in-use, or immediately
///   when launched in the background if a matching session was held when previously running. If an
///   instance is created that does not meet either requirement, it will yield the
///   .insufficientlyInUse diagnostic until the app returns to the foreground": a held session is
///   replaced only then.
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

    /// What to do with the `CLBackgroundActivitySession` at launch, before any event is delivered.
    ///
    /// - Parameters:
    ///   - heldBeforeTermination: The previous process held one when it ended (the flag file).
    ///   - backgroundUpdatesWanted: The configuration still runs background updates on live updates;
    ///     otherwise the session would show the indicator with nothing running.
    /// - Returns: ``ActivitySessionAction/create`` to resume it, ``ActivitySessionAction/nothing`` otherwise.
    public static func activitySessionAtLaunch(heldBeforeTermination: Bool, backgroundUpdatesWanted: Bool)
        -> ActivitySessionAction
    {
        heldBeforeTermination && backgroundUpdatesWanted ? .create : .nothing
    }

    /// What to do with the held `CLServiceSession` when a new one is asked for.
    ///
    /// - Parameters:
    ///   - held: Whether one is held.
    ///   - inUse: Whether the app is in the foreground.
    ///   - launching: Whether the request comes while the launch is delivered (a relaunch in the
    ///     background retakes its session then).
    public static func serviceSession(held: Bool, inUse: Bool, launching: Bool) -> ServiceSessionAction {
        guard held else { return .create }
        return inUse || launching ? .replace : .keep
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

/// What the adapter does with the `CLServiceSession` when the core asks for one.
public enum ServiceSessionAction: Sendable, Hashable {
    /// None is held: create it (created in the background outside a launch, it reports
    /// `insufficientlyInUse` until the foreground, which is still better than none).
    case create
    /// Replace the held one: the app is in use, or launching.
    case replace
    /// Keep the held one: a replacement from the background would not be in use; the next request in
    /// the foreground replaces it.
    case keep
}
