import Foundation

/// Seed 003's bike-rental trick: keep one geofence centred on the user and re-centre it every time
/// they leave it, so that movement keeps producing region exits, and each exit wakes the app.
///
/// Each exit needs the device ≈200 m past the edge for ≥20 s (LOC-19), so the app wakes roughly
/// every radius + 200 m of travel plus the dwell, for ≈10 s each time (LOC-21), in which it takes a
/// fix, records it and moves the fence. Region events relaunch a terminated app (LOC-16) and, on
/// 7.1–18, one the user force-quit (CONF-5); Background App Refresh off stops them (LOC-22).
/// Regions are cheap (ENERGY-3) and need no background mode; App Review risk is low.
///
/// What it loses: under When-In-Use (or a provisional Always) region events neither wake nor
/// relaunch it, so it stops after the first fence (LOC-16, AUTH-3); with Precise Location off
/// geofences are not monitored at all and its fixes are kilometres off (AUTH-6). It starts again
/// when the authorization changes (AUTH-5).
public struct MovingGeofence: Strategy {
    /// Configuration.
    public struct Options: Sendable, Hashable, Codable {
        /// The fence's radius in metres (≥100 m recommended, LOC-20).
        public var radius: Double

        /// Creates options.
        public init(radius: Double = 100) {
            self.radius = radius
        }
    }

    /// The fence's region identifier.
    public static let regionID: RegionID = "MovingGeofence"

    /// The configuration.
    public var options: Options
    /// Whether it waits for a fix to centre the fence on.
    public private(set) var awaitingFix = false

    /// Creates the strategy.
    public init(options: Options = Options()) {
        self.options = options
    }

    public var name: String { "MovingGeofence" }
    public var requirements: Requirements {
        Requirements(
            locationAuthorization: .always, locationCapabilities: [.relaunch, .regionMonitoring, .preciseFixes])
    }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .didFinishLaunching, .regionExited(Self.regionID), .authorizationChanged(.always),
            .authorizationChanged(.whenInUse), .accuracyAuthorizationChanged(.full):
            // AUTH-5: a new authorization or full accuracy restarts it, as a launch does.
            // The seed reads the last known location; a short burst of updates gets a fresh one.
            awaitingFix = true
            return [.startUpdatingLocation(LocationRequest(desiredAccuracy: 10, pausesAutomatically: false))]
        case .locationsUpdated(let fixes) where awaitingFix:
            guard let fix = fixes.last else { return [] }
            awaitingFix = false
            let fence = MonitoredRegion(
                id: Self.regionID, shape: .circle(center: fix.coordinate, radius: options.radius))
            return [.stopUpdatingLocation, .startMonitoring(fence)]
        default:
            return []
        }
    }
}

extension MovingGeofence.Options: RangeCheckedOptions {
    public var rangeViolations: [OptionRangeViolation] {
        [
            OptionRange.positive("radius", radius, unit: "metres")
        ].compactMap { $0 }
    }
}
