import Foundation

/// Equirectangular projection around an origin; accurate to <0.5 % within ~100 km.
///
/// North is exact (metres along the meridian); east is scaled by the cosine of the origin's
/// latitude, so the error grows with the north–south distance from the origin and with latitude.
/// That is ample for a neighbourhood of beacons and geofences (the simulator's world, a polygon
/// fence's plane in ``PolygonContainment``), and cheap: one multiply per axis.
///
/// ```swift
/// let projection = LocalProjection(origin: Coordinate(latitude: 48.8566, longitude: 2.3522))
/// let p = projection.point(for: Coordinate(latitude: 48.8576, longitude: 2.3522)) // north ≈ 111 m
/// projection.coordinate(for: p) // back to the input within a millimetre
/// ```
public struct LocalProjection: Sendable, Hashable {
    /// The coordinate that maps to ``LocalPoint/zero``.
    public var origin: Coordinate {
        didSet { metresPerDegreeEast = Self.metresPerDegreeEast(at: origin.latitude) }
    }

    /// Metres per degree of latitude on the mean-radius sphere.
    static let metresPerDegreeNorth = Coordinate.meanEarthRadius * Double.pi / 180

    /// Metres per degree of longitude at the origin's latitude (never below a micrometre, so the
    /// inverse stays finite at the poles).
    private(set) var metresPerDegreeEast: Double

    /// Creates a projection centred on `origin`.
    public init(origin: Coordinate) {
        self.origin = origin
        self.metresPerDegreeEast = Self.metresPerDegreeEast(at: origin.latitude)
    }

    private static func metresPerDegreeEast(at latitude: Double) -> Double {
        max(metresPerDegreeNorth * cos(latitude * Double.pi / 180), 1e-6)
    }

    /// The local point for a coordinate.
    ///
    /// Longitude differences wrap across the antimeridian, so a point just west of 180° seen from
    /// an origin just east of -180° lands a few metres away, not 40 000 km.
    ///
    /// - Complexity: O(1); does not allocate.
    public func point(for coordinate: Coordinate) -> LocalPoint {
        var deltaLongitude = coordinate.longitude - origin.longitude
        if deltaLongitude > 180 { deltaLongitude -= 360 } else if deltaLongitude < -180 { deltaLongitude += 360 }
        return LocalPoint(
            east: deltaLongitude * metresPerDegreeEast,
            north: (coordinate.latitude - origin.latitude) * Self.metresPerDegreeNorth
        )
    }

    /// The coordinate for a local point; the inverse of ``point(for:)``.
    ///
    /// The longitude is wrapped into -180…180.
    ///
    /// - Complexity: O(1); does not allocate.
    public func coordinate(for point: LocalPoint) -> Coordinate {
        var longitude = origin.longitude + point.east / metresPerDegreeEast
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        return Coordinate(latitude: origin.latitude + point.north / Self.metresPerDegreeNorth, longitude: longitude)
    }
}
