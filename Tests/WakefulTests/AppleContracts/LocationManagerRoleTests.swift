import Testing
import Wakeful
import WakefulTestSupport

@Suite("One-shot fixes against requestLocation's contract", .watchdog)
struct LocationManagerRoleTests {
    /// A `CLLocationManager` as CLLocationManager.h describes `requestLocation`: "There can only be one
    /// outstanding location request … Calling either of those methods [startUpdatingLocation] will
    /// immediately cancel the location request. The method stopUpdatingLocation can be used to
    /// explicitly cancel the request"; "If no location can be determined, the
    /// locationManager:didFailWithError: delegate callback will be delivered with error location unknown".
    final class FakeLocationManager {
        private var outstanding = false
        var didUpdateLocations: ([LocationFix]) -> Void = { _ in }
        var didFailWithError: (LocationRequestFailure) -> Void = { _ in }

        func requestLocation() { outstanding = true }
        func startUpdatingLocation() { outstanding = false }
        func stopUpdatingLocation() { outstanding = false }

        /// Core Location answers the outstanding request, if one is left: a fix, or a failure.
        func answer(_ failure: LocationRequestFailure? = nil) {
            guard outstanding else { return }
            outstanding = false
            if let failure { didFailWithError(failure) } else { didUpdateLocations([Self.fix]) }
        }

        static let fix = LocationFix(
            coordinate: Coordinate(latitude: 48.85, longitude: 2.35), horizontalAccuracy: 65, timestamp: 0)
    }

    /// What `LocationAdapter` and its delegate proxies do: one manager per role, commands routed by
    /// ``LocationManagerRole/carrying(_:)``, callbacks turned into events by the role.
    final class LocationModel {
        let managers: [LocationManagerRole: FakeLocationManager]
        private(set) var delivered: [Event] = []

        init(sharedManager: FakeLocationManager? = nil) {
            var managers: [LocationManagerRole: FakeLocationManager] = [:]
            for role in LocationManagerRole.allCases { managers[role] = sharedManager ?? FakeLocationManager() }
            self.managers = managers
            for (role, manager) in managers where sharedManager == nil || role == .oneShot {
                manager.didUpdateLocations = { [unowned self] in delivered += role.events(forLocations: $0) }
                manager.didFailWithError = { [unowned self] in
                    if let event = role.event(forFailure: $0) { delivered.append(event) }
                }
            }
        }

        func execute(_ command: Command) {
            guard let role = LocationManagerRole.carrying(command), let manager = managers[role] else { return }
            switch command {
            case .requestLocation: manager.requestLocation()
            case .startUpdatingLocation: manager.startUpdatingLocation()
            case .stopUpdatingLocation: manager.stopUpdatingLocation()
            default: break
            }
        }
    }

    @Test("another strategy's stop of updates does not cancel a one-shot fix")
    func oneShotSurvivesStop() throws {
        let app = LocationModel()
        app.execute(.requestLocation)
        app.execute(.stopUpdatingLocation)
        app.execute(.startUpdatingLocation(LocationRequest()))
        try #require(app.managers[.oneShot]).answer()
        #expect(app.delivered == [.locationsUpdated([FakeLocationManager.fix])])
    }

    @Test("one manager for both, as the old adapter had, loses the fix to the stop")
    func sharedManagerIsTheOldBreak() throws {
        let app = LocationModel(sharedManager: FakeLocationManager())
        app.execute(.requestLocation)
        app.execute(.stopUpdatingLocation)
        try #require(app.managers[.oneShot]).answer()
        #expect(app.delivered.isEmpty)
    }

    @Test("a one-shot fix that fails reaches the core as locationRequestFailed")
    func failureReported() throws {
        let app = LocationModel()
        app.execute(.requestLocation)
        try #require(app.managers[.oneShot]).answer(.locationUnknown)
        #expect(app.delivered == [.locationRequestFailed(.locationUnknown)])
    }

    @Test("an empty didFailWithError, as the old proxy had, leaves a waiting strategy holding its task")
    func swallowedFailureIsTheOldBreak() {
        var set = GeofenceSetTests.awaitingFix().set
        // The fix failed and nothing was delivered: the set still waits until its task expires.
        #expect(set.awaitingFix && !set.fallbackRunning)
        _ = set.handle(.locationRequestFailed(.locationUnknown), in: Contexts.background(602))
        #expect(!set.awaitingFix && set.fallbackRunning)
    }

    @Test("failures of standard updates are not one-shot failures; significant changes keep their event")
    func roles() {
        #expect(LocationManagerRole.updates.event(forFailure: .locationUnknown) == nil)
        #expect(LocationManagerRole.monitoring.event(forFailure: .denied) == nil)
        #expect(
            LocationManagerRole.significantChanges.events(forLocations: [FakeLocationManager.fix])
                == [.significantLocationChange(FakeLocationManager.fix)])
        #expect(LocationManagerRole.carrying(.startMonitoringSignificantLocationChanges) == .significantChanges)
        #expect(LocationManagerRole.carrying(.requestState("a")) == .monitoring)
        #expect(LocationManagerRole.carrying(.stopScan) == nil)
    }
}
