import Foundation

/// Which beacons a region or a ranging request matches (`CLBeaconIdentityConstraint`, BEACON-9).
public struct BeaconIdentityConstraint: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The proximity UUID.
    public var uuid: UUID
    /// The major value, or nil for any.
    public var major: UInt16?
    /// The minor value, or nil for any.
    public var minor: UInt16?

    /// Creates a constraint.
    public init(uuid: UUID, major: UInt16? = nil, minor: UInt16? = nil) {
        self.uuid = uuid
        self.major = major
        self.minor = minor
    }

    /// Whether a beacon with these identifiers matches.
    public func matches(uuid: UUID, major: UInt16, minor: UInt16) -> Bool {
        uuid == self.uuid && (self.major ?? major) == major && (self.minor ?? minor) == minor
    }

    /// `UUID[/major[/minor]]`.
    public var description: String {
        var text = uuid.uuidString
        if let major { text += "/\(major)" }
        if let minor { text += "/\(minor)" }
        return text
    }
}

/// One beacon in a ranging callback (a `CLBeacon`).
public struct RangedBeacon: Sendable, Hashable, Codable {
    /// The proximity UUID.
    public var uuid: UUID
    /// The major value.
    public var major: UInt16
    /// The minor value.
    public var minor: UInt16
    /// Estimated distance in metres; -1 when iOS has no estimate (a missed sample).
    public var accuracy: Double
    /// Received signal strength in dBm; 0 when the sample was missed.
    public var rssi: Int
    /// Coarse proximity class.
    public var proximity: Proximity

    /// `CLProximity`.
    public enum Proximity: String, Sendable, Hashable, Codable, CaseIterable {
        case unknown, immediate, near, far
    }

    /// Creates a ranged beacon.
    public init(uuid: UUID, major: UInt16, minor: UInt16, accuracy: Double, rssi: Int, proximity: Proximity) {
        self.uuid = uuid
        self.major = major
        self.minor = minor
        self.accuracy = accuracy
        self.rssi = rssi
        self.proximity = proximity
    }
}
