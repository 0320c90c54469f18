import Foundation

/// Which of the adapter's `CLLocationManager`s carries a command, and what each one's callbacks mean.
///
/// CLLocationManager.h, `requestLocation`: "There can only be one outstanding location request and
/// this method can not be used concurrently with startUpdatingLocation or
/// allowDeferredLocationUpdates. Calling either of those methods will immediately cancel the location
/// request. The method stopUpdatingLocation can be used to explicitly cancel the request." On one
/// manager, any strategy's start or stop of updates would cancel another strategy's one-shot fix,
/// which then never comes, so one-shot fixes have a manager of their own. Significant changes
/// deliver `didUpdateLocations` too and get one as well, so each callback has one meaning; regions,
/// visits and authorization belong to the app, not to a manager, and one manager reports them.
public enum LocationManagerRole: String, Sendable, Hashable, CaseIterable {
    /// Standard updates (`startUpdatingLocation`, `stopUpdatingLocation`).
    case updates
    /// One-shot fixes (`requestLocation`).
    case oneShot
    /// The significant-change service.
    case significantChanges
    /// Regions, beacons, visits and authorization.
    case monitoring

    /// The manager that carries `command`; nil for a command that is not Core Location's.
    public static func carrying(_ command: Command) -> Self? {
        switch command {
        case .startUpdatingLocation, .stopUpdatingLocation: .updates
        case .requestLocation: .oneShot
        case .startMonitoringSignificantLocationChanges, .stopMonitoringSignificantLocationChanges: .significantChanges
        case .startMonitoringVisits, .stopMonitoringVisits, .startMonitoring, .stopMonitoring, .requestState,
            .startRangingBeacons, .stopRangingBeacons, .requestWhenInUseAuthorization, .requestAlwaysAuthorization,
            .requestTemporaryFullAccuracy:
            .monitoring
        default: nil
        }
    }

    /// What `didUpdateLocations` on this role's manager means.
    public func events(forLocations fixes: [LocationFix]) -> [Event] {
        switch self {
        case .updates, .oneShot: [.locationsUpdated(fixes)]
        case .significantChanges: fixes.map(Event.significantLocationChange)
        case .monitoring: []
        }
    }

    /// What `didFailWithError` on this role's manager means: the end of a one-shot fix, which will
    /// not come. On the others nothing: for updates `kCLErrorLocationUnknown` means "location is
    /// currently unknown, but CL will keep trying" (CLError.h), and a denial arrives as an
    /// authorization change.
    public func event(forFailure failure: LocationRequestFailure) -> Event? {
        self == .oneShot ? .locationRequestFailed(failure) : nil
    }
}
