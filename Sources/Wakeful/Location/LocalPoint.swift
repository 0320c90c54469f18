import Foundation

/// A point on a local east/north plane, in metres from a projection origin.
///
/// Beacons, geofences and the user's path are placed on this plane; ``LocalProjection`` converts
/// to and from `Coordinate`.
///
/// ```swift
/// let pump = LocalPoint(east: 30, north: 40)
/// pump.distance(to: .zero) // 50
/// ```
public struct LocalPoint: Sendable, Hashable, Codable {
    /// Metres east of the origin (negative is west).
    public var east: Double
    /// Metres north of the origin (negative is south).
    public var north: Double

    /// Creates a point from its east and north offsets in metres.
    ///
    /// - Parameters:
    ///   - east: Metres east of the origin (negative is west).
    ///   - north: Metres north of the origin (negative is south).
    public init(east: Double, north: Double) {
        self.east = east
        self.north = north
    }

    /// The projection origin.
    public static let zero = LocalPoint(east: 0, north: 0)

    /// Straight-line distance to `other` in metres.
    ///
    /// - Complexity: O(1); does not allocate.
    @inlinable
    public func distance(to other: LocalPoint) -> Double {
        let dx = other.east - east
        let dy = other.north - north
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Whether both components are finite numbers.
    @inlinable
    public var isFinite: Bool { east.isFinite && north.isFinite }

    /// The point a fraction `t` of the way from `self` to `other` (0 gives `self`, 1 gives `other`).
    ///
    /// - Complexity: O(1); does not allocate.
    @inlinable
    public func interpolated(to other: LocalPoint, fraction t: Double) -> LocalPoint {
        LocalPoint(east: east + (other.east - east) * t, north: north + (other.north - north) * t)
    }
}

extension LocalPoint: CustomStringConvertible {
    /// The point as `(east: 12.5 m, north: -3.0 m)`.
    public var description: String { "(east: \(east) m, north: \(north) m)" }
}
