import Foundation

/// How the app configures standard location updates (`CLLocationManager` properties).
public struct LocationRequest: Sendable, Hashable, Codable {
    /// `desiredAccuracy` in metres. 3000 is `kCLLocationAccuracyThreeKilometers` (cell only, LOC-6);
    /// 0 stands for `kCLLocationAccuracyBest`.
    public var desiredAccuracy: Double
    /// `distanceFilter` in metres; 0 means every update (`kCLDistanceFilterNone`).
    public var distanceFilter: Double
    /// `pausesLocationUpdatesAutomatically` (default true on iOS, LOC-5).
    public var pausesAutomatically: Bool
    /// `allowsBackgroundLocationUpdates`, needed from iOS 9 (LOC-1).
    public var allowsBackgroundUpdates: Bool
    /// `showsBackgroundLocationIndicator` (LOC-4).
    public var showsBackgroundIndicator: Bool
    /// `activityType`, which guides automatic pausing (LOC-5).
    public var activityType: ActivityType

    /// `CLActivityType`.
    public enum ActivityType: String, Sendable, Hashable, Codable, CaseIterable {
        case other, automotiveNavigation, fitness, otherNavigation, airborne
    }

    /// Creates a request; the defaults are `CLLocationManager`'s own.
    public init(
        desiredAccuracy: Double = 0,
        distanceFilter: Double = 0,
        pausesAutomatically: Bool = true,
        allowsBackgroundUpdates: Bool = false,
        showsBackgroundIndicator: Bool = false,
        activityType: ActivityType = .other
    ) {
        self.desiredAccuracy = desiredAccuracy
        self.distanceFilter = distanceFilter
        self.pausesAutomatically = pausesAutomatically
        self.allowsBackgroundUpdates = allowsBackgroundUpdates
        self.showsBackgroundIndicator = showsBackgroundIndicator
        self.activityType = activityType
    }

    /// Whether the request uses GPS (better than 100 m) rather than cell and Wi-Fi positioning.
    public var usesGPS: Bool { desiredAccuracy < 100 }
}
