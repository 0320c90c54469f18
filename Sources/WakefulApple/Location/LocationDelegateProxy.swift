#if canImport(CoreLocation) && canImport(UIKit)
    import CoreLocation
    import Foundation
    import Wakeful

    /// The delegate of one of the ``LocationAdapter``'s managers: converts each callback into an
    /// ``Event`` on the main actor.
    ///
    /// The managers are created on the main thread, so Core Location calls their delegates there;
    /// the methods are `nonisolated` to match the protocol, convert what they receive into the core's
    /// values, and assume the main actor only to deliver them.
    @MainActor
    final class LocationDelegateProxy: NSObject, CLLocationManagerDelegate {
        /// Which manager this proxy serves, and so which callbacks it reports.
        let role: LocationManagerRole
        private let deliver: @MainActor @Sendable (Event) -> Void
        /// What the authorization callbacks reported so far.
        private var permissionChanges = LocationPermissionChanges()

        init(role: LocationManagerRole, deliver: @escaping @MainActor @Sendable (Event) -> Void) {
            self.role = role
            self.deliver = deliver
        }

        private nonisolated func report(_ event: Event) {
            MainActor.assumeIsolated { deliver(event) }
        }

        // MARK: Locations

        /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didupdatelocations:)
        nonisolated func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
            for event in role.events(forLocations: locations.map(LocationFix.init)) { report(event) }
        }

        /// Required with `requestLocation()` ("If you do not implement this method, Core Location
        /// throws an exception"). CLLocationManager.h: "If no location can be determined, the
        /// locationManager:didFailWithError: delegate callback will be delivered with error location
        /// unknown": on the one-shot manager that is ``Event/locationRequestFailed(_:)``, so a
        /// strategy waiting for the fix stops waiting (``LocationManagerRole/event(forFailure:)``).
        /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didfailwitherror:)
        nonisolated func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
            if let event = role.event(forFailure: LocationRequestFailure(error)) { report(event) }
        }

        /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanagerdidpauselocationupdates(_:)
        nonisolated func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {
            if role == .updates { report(.locationUpdatesPaused) }  // LOC-5
        }

        /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanagerdidresumelocationupdates(_:)
        nonisolated func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {
            if role == .updates { report(.locationUpdatesResumed) }
        }

        /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didvisit:)
        nonisolated func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {
            if role == .monitoring { report(.visit(Visit(visit))) }  // LOC-16
        }

        /// Called for every manager at creation and on every change (iOS 14+).
        /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanagerdidchangeauthorization(_:)
        /// The callback does not say which of the status and the accuracy changed: only what did is
        /// reported, as the simulator does (AUTH-5, AUTH-6).
        nonisolated func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
            guard role == .monitoring else { return }
            let status = LocationAuthorization(manager.authorizationStatus)
            let accuracy = AccuracyAuthorization(manager.accuracyAuthorization)
            MainActor.assumeIsolated {
                for event in permissionChanges.events(status: status, accuracy: accuracy) { deliver(event) }
            }
        }

        // MARK: Regions

        /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didenterregion:)
        nonisolated func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
            if role == .monitoring { report(.regionEntered(RegionID(region.identifier))) }
        }

        /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didexitregion:)
        nonisolated func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {
            if role == .monitoring { report(.regionExited(RegionID(region.identifier))) }
        }

        /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:diddeterminestate:for:)
        nonisolated func locationManager(
            _ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion
        ) {
            if role == .monitoring { report(.regionStateDetermined(RegionID(region.identifier), RegionState(state))) }
        }

        /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:monitoringdidfailfor:witherror:)
        nonisolated func locationManager(
            _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error
        ) {
            guard role == .monitoring, let region else { return }
            let failure = RegionMonitoringFailure(error, region: region, manager: manager)
            report(.regionMonitoringFailed(RegionID(region.identifier), failure))
        }

        // MARK: Beacons

        /// The iOS 13 ranging callback: about once a second, with the beacons seen (BEACON-5).
        /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didrange:satisfying:)
        nonisolated func locationManager(
            _ manager: CLLocationManager, didRange beacons: [CLBeacon],
            satisfying beaconConstraint: CLBeaconIdentityConstraint
        ) {
            guard role == .monitoring else { return }
            report(.beaconsRanged(BeaconIdentityConstraint(beaconConstraint), beacons.map(RangedBeacon.init)))
        }

        /// A failed ranging request reports an empty sample, as a missed second does.
        /// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didfailrangingfor:error:)
        nonisolated func locationManager(
            _ manager: CLLocationManager, didFailRangingFor beaconConstraint: CLBeaconIdentityConstraint,
            error: any Error
        ) {
            guard role == .monitoring else { return }
            report(.beaconsRanged(BeaconIdentityConstraint(beaconConstraint), []))
        }
    }
#endif
