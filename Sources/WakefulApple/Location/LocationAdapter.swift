#if canImport(CoreLocation) && canImport(UIKit)
    import CoreLocation
    import Foundation
    import Wakeful

    /// Carries out the core's location, region and beacon commands with Core Location and reports
    /// what Core Location delivers as ``Event``s.
    ///
    /// Four `CLLocationManager`s, one per ``LocationManagerRole``, so that each delegate callback has
    /// one meaning and no command cancels another's work: `updates` for standard updates, `oneShot`
    /// for `requestLocation` (which any start or stop of updates on the same manager "will
    /// immediately cancel", CLLocationManager.h), `significant` for the significant-change service,
    /// and `monitoring` for regions, beacons, visits and authorization. Regions and visits are shared
    /// by every manager of the app, so only `monitoring`'s delegate reports them. All are created at
    /// launch: a relaunch's event reaches only managers that exist before launch ends (LOC-12, LOC-16).
    @MainActor
    final class LocationAdapter {
        private let deliver: @MainActor @Sendable (Event) -> Void
        private let api: WakefulApp.LocationUpdatesAPI
        private let infoPlist: InfoPlistGuard
        private let updates = CLLocationManager()
        private let oneShot = CLLocationManager()
        private let significant = CLLocationManager()
        let monitoring = CLLocationManager()
        private var proxies: [LocationDelegateProxy] = []
        /// Regions passed to `startMonitoring(for:)` in this process (``RegionRegistry``).
        private var regions = RegionRegistry<CLRegion>()
        /// The iOS 17 live-updates loop, while it runs.
        private var liveUpdates: Task<Void, Never>?
        /// A `CLBackgroundActivitySession` (iOS 17), held while live updates run in the background;
        /// whether one is held is kept in `activityFlag` for the next launch to resume it.
        private var backgroundActivity: Any? {
            didSet { activityFlag.set(backgroundActivity != nil) }
        }
        private let activityFlag: LaunchFlagFile
        /// A `CLServiceSession` (iOS 18), held for the process's life.
        private var serviceSession: Any?

        init(
            api: WakefulApp.LocationUpdatesAPI, infoPlist: InfoPlistGuard, activityFlag: LaunchFlagFile,
            deliver: @escaping @MainActor @Sendable (Event) -> Void
        ) {
            self.api = api
            self.infoPlist = infoPlist
            self.activityFlag = activityFlag
            self.deliver = deliver
            for (manager, role) in [
                (updates, LocationManagerRole.updates), (oneShot, .oneShot), (significant, .significantChanges),
                (monitoring, .monitoring),
            ] {
                let proxy = LocationDelegateProxy(role: role, deliver: deliver)
                manager.delegate = proxy
                proxies.append(proxy)
            }
        }

        /// On iOS 18, at launch, holds a `CLServiceSession` asking for no more than the user has
        /// granted (``LocationSessionPolicy/launchRequirement(needed:granted:)``): CLServiceSession.h:120–122,
        /// "Passing an authorization requirement other than .none will cause Location Services to seek
        /// the corresponding level of authorization from the user when possible", and the app asks only
        /// after explaining why (``WakefulApp/requestLocationAuthorization()``).
        /// https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/init(authorization:)
        func activate(authorization needed: LocationAuthorization?) {
            guard #available(iOS 18.0, *) else { return }
            let granted = LocationAuthorization(monitoring.authorizationStatus)
            guard let requirement = LocationSessionPolicy.launchRequirement(needed: needed, granted: granted) else {
                return
            }
            holdServiceSession(requirement)
        }

        /// At launch, before any event: resumes the `CLBackgroundActivitySession` the previous process
        /// held, when the configuration still runs background live updates
        /// (``LocationSessionPolicy/activitySessionAtLaunch(heldBeforeTermination:backgroundUpdatesWanted:)``).
        /// CLBackgroundActivitySession.h: "the app is responsible for resuming an active session with
        /// this method immediately upon background launch if it wishes the session to remain active";
        /// a strategy's `startUpdatingLocation` later in the process then keeps it rather than creating
        /// one that cannot become active in the background.
        /// https://developer.apple.com/documentation/corelocation/clbackgroundactivitysession-3mzv3
        func resumeActivitySession(backgroundUpdatesWanted: Bool) {
            guard #available(iOS 17.0, *) else { return }
            let wanted = api == .liveUpdates && infoPlist.allowsBackgroundLocationUpdates(backgroundUpdatesWanted)
            switch LocationSessionPolicy.activitySessionAtLaunch(
                heldBeforeTermination: activityFlag.isSet, backgroundUpdatesWanted: wanted)
            {
            case .create: backgroundActivity = CLBackgroundActivitySession()
            case .keep, .invalidate, .nothing: activityFlag.set(false)
            }
        }

        /// Asks the user for the authorization the strategies need (the app calls it from its UI). On
        /// iOS 18 the held session then takes the full requirement, so Core Location asks again after
        /// a temporary grant lapses.
        /// https://developer.apple.com/documentation/corelocation/cllocationmanager/requestalwaysauthorization()
        func requestAuthorization(_ authorization: LocationAuthorization?) {
            switch authorization {
            case .always: monitoring.requestAlwaysAuthorization()
            case .whenInUse: monitoring.requestWhenInUseAuthorization()
            case .notDetermined, .denied, nil: break
            }
            if #available(iOS 18.0, *),
                let requirement = LocationSessionPolicy.requestedRequirement(needed: authorization)
            {
                holdServiceSession(requirement)
            }
        }

        /// Replaces the held `CLServiceSession`, ending the old one.
        /// https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/invalidate()
        @available(iOS 18.0, *)
        private func holdServiceSession(_ requirement: ServiceSessionRequirement) {
            (serviceSession as? CLServiceSession)?.invalidate()
            serviceSession = CLServiceSession(authorization: CLServiceSession.AuthorizationRequirement(requirement))
        }

        /// ``Command/requestWhenInUseAuthorization`` (AUTH-1).
        /// https://developer.apple.com/documentation/corelocation/cllocationmanager/requestwheninuseauthorization()
        func requestWhenInUse() { monitoring.requestWhenInUseAuthorization() }

        /// ``Command/requestAlwaysAuthorization`` (AUTH-2, AUTH-3).
        /// https://developer.apple.com/documentation/corelocation/cllocationmanager/requestalwaysauthorization()
        func requestAlways() { monitoring.requestAlwaysAuthorization() }

        /// ``Command/requestTemporaryFullAccuracy(purposeKey:)`` (AUTH-7). The completion's error (no
        /// such key, app in the background, already full) is not an event: the core hears of a
        /// grant through `locationManagerDidChangeAuthorization`, and of none by hearing nothing.
        /// https://developer.apple.com/documentation/corelocation/cllocationmanager/requesttemporaryfullaccuracyauthorization(withpurposekey:completion:)
        func requestTemporaryFullAccuracy(purposeKey: String) {
            monitoring.requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey, completion: nil)
        }

        /// What the user allows now, for ``Context/locationPermission``. Allow Once and provisional
        /// Always are not visible through the API, so they read as When-In-Use and Always.
        /// https://developer.apple.com/documentation/corelocation/cllocationmanager/accuracyauthorization-swift.property
        var permission: LocationPermission {
            LocationPermission(
                status: LocationAuthorization(monitoring.authorizationStatus),
                accuracy: AccuracyAuthorization(monitoring.accuracyAuthorization))
        }

        // MARK: Standard updates

        /// ``Command/startUpdatingLocation(_:)``: the request's properties, then `startUpdatingLocation()`,
        /// or on iOS 17+ with ``WakefulApp/LocationUpdatesAPI/liveUpdates``, `CLLocationUpdate.liveUpdates(_:)`.
        /// https://developer.apple.com/documentation/corelocation/cllocationmanager/startupdatinglocation()
        func startUpdating(_ request: LocationRequest) {
            if api == .liveUpdates, #available(iOS 17.0, *) {
                startLiveUpdates(request)
                return
            }
            request.apply(to: updates, infoPlist: infoPlist)
            updates.startUpdatingLocation()
        }

        /// ``Command/stopUpdatingLocation``: stops whichever API runs.
        /// https://developer.apple.com/documentation/corelocation/cllocationmanager/stopupdatinglocation()
        func stopUpdating() {
            updates.stopUpdatingLocation()
            liveUpdates?.cancel()
            liveUpdates = nil
            endBackgroundActivity()
        }

        /// https://developer.apple.com/documentation/corelocation/clbackgroundactivitysession-3mzv3/invalidate()
        private func endBackgroundActivity() {
            if #available(iOS 17.0, *) {
                (backgroundActivity as? CLBackgroundActivitySession)?.invalidate()
            }
            backgroundActivity = nil
        }

        /// ``Command/requestLocation``: one fix, or ``Event/locationRequestFailed(_:)``, on the manager
        /// ``LocationManagerRole/carrying(_:)`` gives it, which no start or stop of updates cancels.
        /// https://developer.apple.com/documentation/corelocation/cllocationmanager/requestlocation()
        func requestLocation() {
            manager(carrying: .requestLocation).requestLocation()
        }

        /// The manager of a command's role.
        private func manager(carrying command: Command) -> CLLocationManager {
            switch LocationManagerRole.carrying(command) {
            case .updates: updates
            case .oneShot: oneShot
            case .significantChanges: significant
            case .monitoring, nil: monitoring
            }
        }

        /// Live updates (iOS 17): the async sequence replaces the delegate; a
        /// `CLBackgroundActivitySession` keeps them coming in the background, with the system's
        /// indicator, even under When-In-Use authorization (LOC-4). `desiredAccuracy` and
        /// `distanceFilter` have no counterpart here; the activity type picks the configuration.
        /// https://developer.apple.com/documentation/corelocation/cllocationupdate/liveupdates(_:)
        /// https://developer.apple.com/documentation/corelocation/clbackgroundactivitysession-3mzv3
        @available(iOS 17.0, *)
        private func startLiveUpdates(_ request: LocationRequest) {
            updates.stopUpdatingLocation()
            liveUpdates?.cancel()
            // CLBackgroundActivitySession.h:105–112: "A new session may only become active while the app
            // is foregrounded and in direct use", so a held session is kept across restarts.
            let wanted = infoPlist.allowsBackgroundLocationUpdates(request.allowsBackgroundUpdates)
            switch LocationSessionPolicy.activitySession(held: backgroundActivity != nil, wanted: wanted) {
            case .keep, .nothing: break
            case .create: backgroundActivity = CLBackgroundActivitySession()
            case .invalidate: endBackgroundActivity()
            }
            let deliver = deliver
            liveUpdates = LocationSessionsAdapter.loop(request.activityType) { update in
                guard let location = update.location else { return }
                deliver(.locationsUpdated([LocationFix(location)]))
            }
        }

        // MARK: Significant changes and visits

        /// https://developer.apple.com/documentation/corelocation/cllocationmanager/startmonitoringsignificantlocationchanges()
        func startSignificantChanges() { significant.startMonitoringSignificantLocationChanges() }
        /// https://developer.apple.com/documentation/corelocation/cllocationmanager/stopmonitoringsignificantlocationchanges()
        func stopSignificantChanges() { significant.stopMonitoringSignificantLocationChanges() }
        /// https://developer.apple.com/documentation/corelocation/cllocationmanager/startmonitoringvisits()
        func startVisits() { monitoring.startMonitoringVisits() }
        /// https://developer.apple.com/documentation/corelocation/cllocationmanager/stopmonitoringvisits()
        func stopVisits() { monitoring.stopMonitoringVisits() }

        // MARK: Regions and beacons

        /// ``Command/startMonitoring(_:)``; a region with the same identifier replaces the old one.
        /// https://developer.apple.com/documentation/corelocation/cllocationmanager/startmonitoring(for:)
        func startMonitoring(_ region: MonitoredRegion) {
            let clRegion = region.clRegion
            regions.started(region.id.rawValue, clRegion)
            monitoring.startMonitoring(for: clRegion)
        }

        /// ``Command/stopMonitoring(_:)``: the region this process started, else one of the monitored
        /// regions, which survive relaunches. CLLocationManager.h:720: a start "may not be immediately
        /// reflected in monitoredRegions", so a stop right after a start must not depend on it.
        /// https://developer.apple.com/documentation/corelocation/cllocationmanager/stopmonitoring(for:)
        func stopMonitoring(_ id: RegionID) {
            guard let region = regions.stop(id.rawValue, monitored: monitoredRegions) else { return }
            monitoring.stopMonitoring(for: region)
        }

        /// ``Command/requestState(_:)``, answered by `didDetermineState` (LOC-18); the core issues it
        /// in the same list as the start.
        /// https://developer.apple.com/documentation/corelocation/cllocationmanager/requeststate(for:)
        func requestState(_ id: RegionID) {
            guard let region = regions.region(id.rawValue, monitored: monitoredRegions) else { return }
            monitoring.requestState(for: region)
        }

        /// ``Command/startRangingBeacons(_:)`` with the iOS 13 constraint API (BEACON-9).
        /// https://developer.apple.com/documentation/corelocation/cllocationmanager/startrangingbeacons(satisfying:)
        func startRanging(_ constraint: BeaconIdentityConstraint) {
            monitoring.startRangingBeacons(satisfying: CLBeaconIdentityConstraint(constraint))
        }

        /// ``Command/stopRangingBeacons(_:)``.
        /// https://developer.apple.com/documentation/corelocation/cllocationmanager/stoprangingbeacons(satisfying:)
        func stopRanging(_ constraint: BeaconIdentityConstraint) {
            monitoring.stopRangingBeacons(satisfying: CLBeaconIdentityConstraint(constraint))
        }

        /// The regions Core Location monitors for the app, by identifier.
        /// https://developer.apple.com/documentation/corelocation/cllocationmanager/monitoredregions
        private var monitoredRegions: [String: CLRegion] {
            Dictionary(monitoring.monitoredRegions.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }
#endif
