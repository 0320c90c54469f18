import Foundation

/// One element of `CLLocationUpdate.liveUpdates(_:)` (iOS 17): a fix, or none, with whether the
/// device is at rest and, from iOS 18, why nothing comes.
///
/// At rest the sequence yields one update with ``isStationary`` set and then nothing until the
/// device moves again (LOC-8); the diagnostics say what holds delivery back (iOS 18).
///
/// ```swift
/// case .liveLocationUpdate(let update):
///     if let fix = update.location { track.append(fix) }
///     if update.diagnostics.contains(.insufficientlyInUse) { /* not in use: no session, LOC-8 */ }
/// ```
public struct LiveLocationUpdate: Sendable, Hashable {
    /// The fix; nil when the update only reports a state (at rest, or a diagnostic).
    public var location: LocationFix?
    /// `isStationary` (17) / `stationary` (18): the device is at rest and delivery stops until it
    /// moves again (LOC-8).
    public var isStationary: Bool
    /// The update's diagnostic properties that are true (iOS 18; always empty on 17).
    public var diagnostics: [LocationDiagnostic]

    /// Creates an update.
    public init(location: LocationFix?, isStationary: Bool = false, diagnostics: [LocationDiagnostic] = []) {
        self.location = location
        self.isStationary = isStationary
        self.diagnostics = diagnostics
    }
}

/// A diagnostic property of a live update, a `CLBackgroundActivitySession` or a `CLServiceSession`
/// (iOS 18): each is a Boolean on the Apple type; Wakeful lists those that are true.
public enum LocationDiagnostic: String, Sendable, Hashable, Codable, CaseIterable {
    /// The user denied this app location.
    case authorizationDenied
    /// Location Services are off for the whole device.
    case authorizationDeniedGlobally
    /// Parental controls or a profile restrict location.
    case authorizationRestricted
    /// The app is not in use enough: in the background without a session, or a session created
    /// from the background (LOC-8, LOC-31).
    case insufficientlyInUse
    /// A session requiring Always, and the user declined Always (service sessions; LOC-9).
    case alwaysAuthorizationDenied
    /// A session asking for full accuracy, and the user kept it reduced (service sessions; AUTH-7).
    case fullAccuracyDenied
    /// The app opted in to explicit sessions and holds none for what it asks (LOC-9).
    case serviceSessionRequired
    /// A prompt is on screen.
    case authorizationRequestInProgress
    /// Core Location has no fix to give (live updates).
    case locationUnavailable
    /// Precise Location is off (live updates; AUTH-6).
    case accuracyLimited
}
