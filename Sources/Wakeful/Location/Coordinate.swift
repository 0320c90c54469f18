import Foundation

/// A WGS-84 position in degrees.
///
/// Latitude is positive north of the equator, longitude positive east of Greenwich.
///
/// ```swift
/// let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
/// let london = Coordinate(latitude: 51.5074, longitude: -0.1278)
/// paris.distance(to: london) // ≈ 343_500 m
/// ```
public struct Coordinate: Sendable, Hashable, Codable {
    /// Degrees north of the equator, from -90 to 90.
    public var latitude: Double
    /// Degrees east of the prime meridian, from -180 to 180.
    public var longitude: Double

    /// Creates a coordinate from latitude and longitude in degrees.
    ///
    /// - Parameters:
    ///   - latitude: Degrees north of the equator, from -90 to 90.
    ///   - longitude: Degrees east of the prime meridian, from -180 to 180.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

extension Coordinate {
    /// The mean Earth radius (IUGG R₁) in metres, used for great-circle distances.
    public static let meanEarthRadius: Double = 6_371_008.8

    /// Great-circle distance in metres (haversine, mean Earth radius 6_371_008.8 m).
    ///
    /// - Parameter other: The other end of the arc.
    /// - Returns: The distance along the surface of a sphere of radius ``meanEarthRadius``, in metres.
    /// - Complexity: O(1); does not allocate.
    public func distance(to other: Coordinate) -> Double {
        let radiansPerDegree = Double.pi / 180
        let phi1 = latitude * radiansPerDegree
        let phi2 = other.latitude * radiansPerDegree
        let deltaPhi = phi2 - phi1
        let deltaLambda = (other.longitude - longitude) * radiansPerDegree
        let sinHalfPhi = sin(deltaPhi / 2)
        let sinHalfLambda = sin(deltaLambda / 2)
        let h = sinHalfPhi * sinHalfPhi + cos(phi1) * cos(phi2) * sinHalfLambda * sinHalfLambda
        // Clamp: rounding can push h a hair above 1 for antipodal points.
        let centralAngle = 2 * asin(min(1, h.squareRoot()))
        return Self.meanEarthRadius * centralAngle
    }
}
