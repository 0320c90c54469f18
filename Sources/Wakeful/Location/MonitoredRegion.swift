import Foundation

/// Names a monitored region (`CLRegion.identifier`).
public struct RegionID: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
}

/// A region the app asks iOS to monitor: a circle (geofence) or a beacon region.
///
/// Both kinds share the app's 20 slots (LOC-17, BEACON-1).
public struct MonitoredRegion: Sendable, Hashable, Codable {
    /// The region's identifier; monitoring a region with the same identifier replaces it.
    public var id: RegionID
    /// What the region covers.
    public var shape: Shape
    /// `notifyOnEntry`.
    public var notifyOnEntry: Bool
    /// `notifyOnExit`.
    public var notifyOnExit: Bool
    /// `notifyEntryStateOnDisplay` (beacon regions): a state callback when the screen lights up (BEACON-4).
    public var notifyEntryStateOnDisplay: Bool

    /// What a monitored region covers.
    public enum Shape: Sendable, Hashable, Codable {
        /// A `CLCircularRegion`.
        case circle(center: Coordinate, radius: Double)
        /// A `CLBeaconRegion`.
        case beacon(BeaconIdentityConstraint)
    }

    /// Creates a region.
    public init(
        id: RegionID,
        shape: Shape,
        notifyOnEntry: Bool = true,
        notifyOnExit: Bool = true,
        notifyEntryStateOnDisplay: Bool = false
    ) {
        self.id = id
        self.shape = shape
        self.notifyOnEntry = notifyOnEntry
        self.notifyOnExit = notifyOnExit
        self.notifyEntryStateOnDisplay = notifyEntryStateOnDisplay
    }
}

/// Whether the device is inside a region (`CLRegionState`).
public enum RegionState: String, Sendable, Hashable, Codable, CaseIterable {
    case unknown, inside, outside
}

/// Why iOS refused to monitor a region (`CLError.regionMonitoringFailure` and friends).
public enum RegionMonitoringFailure: String, Sendable, Hashable, Codable, CaseIterable {
    /// The app already monitors 20 regions (LOC-17).
    case tooManyRegions
    /// The radius exceeds `maximumRegionMonitoringDistance` (LOC-17).
    case radiusTooLarge
    /// The authorization does not allow monitoring.
    case notAuthorized
    /// Beacon monitoring is not available on this iOS version.
    case unavailable
}
