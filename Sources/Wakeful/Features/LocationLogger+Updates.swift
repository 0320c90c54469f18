import Foundation

extension LocationLogger {
    /// The updates a ``LocationLogger`` starts when its options ask for them.
    public enum Updates: String, Sendable, Hashable, Codable, CaseIterable {
        /// `startUpdatingLocation()` with Core Location's defaults and background updates allowed,
        /// started while the app is in front: they go on in the background under When-In-Use, with
        /// the indicator (LOC-1, LOC-4), and pause for good at a long stop (LOC-5).
        case standard
        /// `CLLocationUpdate.liveUpdates` with a `CLBackgroundActivitySession` (iOS 17+): a When-In-Use
        /// app gets updates in the background, delivery stops at rest and restarts, resuming the app,
        /// when the device moves (LOC-8). On iOS 18 a `CLServiceSession` is held as well (LOC-9). After
        /// a relaunch into the background both sessions are created again at once: Core Location
        /// lets the app reattach to the activity session (LOC-8) and waits only a few seconds for
        /// the service session (LOC-32). While the activity session is held, region events reach a
        /// When-In-Use app in the background too (LOC-8), so ``RegionMonitor`` or ``GeofenceSet``
        /// beside it hear their fences. Before iOS 17 nothing of this exists.
        case liveSession
    }

    /// The commands that start the logger's own updates: in the foreground, once the user allowed
    /// location (LOC-4, LOC-8: both must start there), or, for live updates, at once after a launch
    /// into the background (LOC-8, LOC-32). Once per process.
    mutating func startingUpdates(_ updates: Updates, on event: Event, in context: Context) -> [Command] {
        guard !started, context.locationPermission.allowsLocation else { return [] }
        let starts =
            switch event {
            case .didBecomeActive: true
            case .authorizationChanged: context.appState == .active
            case .didFinishLaunching: context.isInBackground && updates == .liveSession
            default: false
            }
        guard starts else { return [] }
        started = true
        switch updates {
        case .standard:
            return [.startUpdatingLocation(LocationRequest(allowsBackgroundUpdates: true))]
        case .liveSession:
            return [
                .startServiceSession(ServiceSessionRequest(authorization: .whenInUse)),
                .startBackgroundActivitySession, .startLiveUpdates(.other),
            ]
        }
    }
}
