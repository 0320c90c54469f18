import Foundation

/// One location delivered to the app (a `CLLocation`).
public struct LocationFix: Sendable, Hashable, Codable {
    /// Where.
    public var coordinate: Coordinate
    /// Radius of uncertainty in metres.
    public var horizontalAccuracy: Double
    /// Speed in metres per second; negative when unknown.
    public var speed: Double
    /// When the fix was taken, in the runtime's seconds.
    public var timestamp: TimeInterval

    /// Creates a fix.
    public init(coordinate: Coordinate, horizontalAccuracy: Double, speed: Double = -1, timestamp: TimeInterval) {
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy
        self.speed = speed
        self.timestamp = timestamp
    }
}

/// A place the user arrived at or left (a `CLVisit`).
public struct Visit: Sendable, Hashable, Codable {
    /// Where.
    public var coordinate: Coordinate
    /// Radius of uncertainty in metres.
    public var horizontalAccuracy: Double
    /// When the user arrived.
    public var arrival: TimeInterval
    /// When the user left; nil while the visit is still going on.
    public var departure: TimeInterval?

    /// Creates a visit.
    public init(coordinate: Coordinate, horizontalAccuracy: Double, arrival: TimeInterval, departure: TimeInterval?) {
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy
        self.arrival = arrival
        self.departure = departure
    }
}

/// The user's location authorization for the app.
public enum LocationAuthorization: String, Sendable, Hashable, Codable, CaseIterable {
    /// Not asked yet.
    case notDetermined
    /// Refused, or restricted by policy.
    case denied
    /// While the app is in use (background only if updates started in the foreground, LOC-4).
    case whenInUse
    /// Always: needed for background monitoring and relaunches from iOS 8 (LOC-16, BEACON-1).
    case always
}
