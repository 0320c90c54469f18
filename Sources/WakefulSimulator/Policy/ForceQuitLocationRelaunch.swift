import Foundation

/// Whether significant-location-change (SLC), visit and region events relaunch an app the user
/// force-quit (reference §3.4, LOC-25 to LOC-29, CONF-5).
public enum ForceQuitLocationRelaunch: Sendable, Hashable, Codable {
    /// The event relaunches the app as usual: 7.1–26.3 (LOC-25, LOC-29, a 26.2.1 log); iOS 6
    /// (inference from LOC-25).
    case relaunch
    /// The event does not relaunch the app: 7.0.x (LOC-25) and 26.4+ (LOC-28); CONF-5a everywhere.
    case noRelaunch
    /// The app is relaunched, then killed again after the given delay (CONF-5b: iOS 10 report, 180 s, LOC-26).
    case relaunchThenTerminate(after: TimeInterval)
    /// The app is relaunched immediately after the force-quit, without waiting for an event
    /// (CONF-5c: the 15.3–15.3.1 bug, LOC-27).
    case relaunchImmediately

    /// Whether an SLC, visit or region event relaunches a force-quit app at all.
    public var relaunchesOnEvent: Bool {
        switch self {
        case .noRelaunch: false
        case .relaunch, .relaunchThenTerminate, .relaunchImmediately: true
        }
    }

    /// The rule's version map: before 7 relaunch; 7.0.x no; 7.1 up to 26.3 relaunch; 26.4+ no.
    ///
    /// - Parameter version: The simulated iOS release.
    /// - Returns: The CONF-5 default for that release.
    public static func defaults(for version: IOSVersion) -> ForceQuitLocationRelaunch {
        if version.major < 7 { return .relaunch }  // iOS 4–6: inference from LOC-25 ("as it had before 7.0")
        if version < IOSVersion(7, 1) { return .noRelaunch }  // LOC-25: 7.0.x did not relaunch (observed)
        // LOC-25, LOC-28: 7.1 up to 18 relaunch (observed). 26.2.1 still relaunched a terminated
        // app on a region exit (loc-ios26-2-forcequit-relaunched-by-region, TSRN#2661, a log) and
        // 26.4.2 did not (loc-ios26-4-forcequit-never-relaunched, LOC-28): the change is placed
        // at 26.4 (assumption: 26.3 was not reported either way).
        if version < IOSVersion(26, 4) { return .relaunch }
        return .noRelaunch  // LOC-28: 26.4.2 no relaunch (observed), later releases carried over
    }
}
