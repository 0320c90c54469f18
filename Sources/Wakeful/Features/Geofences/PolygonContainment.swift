import Foundation

/// Point-in-polygon and the circle around a polygon, for fences of a city's size.
///
/// Both work on a local plane: an equirectangular projection about the polygon's first vertex
/// (east = Δlongitude·cos(latitude)·R, north = Δlatitude·R). Over a few kilometres it is off by
/// far less than a fix's accuracy, and it keeps the tests exact: no great-circle edges. Polygons
/// that cross the antimeridian or a pole are out of scope.
public enum PolygonContainment {
    /// How close to an edge, in metres, a point counts as on it (and so inside): rounding in the
    /// projection must not turn a point on the boundary into one outside.
    public static let edgeTolerance: Double = 0.01

    /// Whether `point` lies inside `polygon` or on its boundary (even-odd rule, so concave polygons
    /// work).
    ///
    /// - Parameters:
    ///   - point: The position to test.
    ///   - polygon: At least three vertices in order, not closed.
    /// - Returns: false for a polygon of fewer than three vertices.
    /// - Complexity: O(number of vertices).
    public static func contains(_ point: Coordinate, in polygon: [Coordinate]) -> Bool {
        guard polygon.count >= 3 else { return false }
        let plane = Plane(origin: polygon[0])
        let p = plane.project(point)
        var inside = false
        var previous = plane.project(polygon[polygon.count - 1])
        for vertex in polygon {
            let current = plane.project(vertex)
            if distance(from: p, toSegment: previous, current) <= edgeTolerance { return true }
            // A crossing of the horizontal ray to the east; the half-open test counts a vertex once.
            if (current.y > p.y) != (previous.y > p.y) {
                let x = current.x + (p.y - current.y) * (previous.x - current.x) / (previous.y - current.y)
                if p.x < x { inside.toggle() }
            }
            previous = current
        }
        return inside
    }

    /// A circle that contains every vertex: centred on the middle of the vertices' bounding box,
    /// its radius the farthest vertex. Not always the smallest circle, but never more than
    /// √2 times its radius, and it needs no iteration.
    ///
    /// - Parameter polygon: One vertex or more.
    /// - Returns: The centre and the radius in metres.
    public static func enclosingCircle(of polygon: [Coordinate]) -> (center: Coordinate, radius: Double) {
        guard let first = polygon.first else { return (Coordinate(latitude: 0, longitude: 0), 0) }
        let plane = Plane(origin: first)
        let points = polygon.map(plane.project)
        let xs = points.map(\.x)
        let ys = points.map(\.y)
        let middle = PlanePoint(x: (xs.min()! + xs.max()!) / 2, y: (ys.min()! + ys.max()!) / 2)
        let radius = points.map { ($0.x - middle.x).hypot($0.y - middle.y) }.max() ?? 0
        // A little more, so that the vertices stay inside when iOS (or a test) measures great-circle
        // distances instead of the plane's: the two differ by far less than 0.1 %.
        return (plane.coordinate(middle), radius * 1.001 + 0.5)
    }

    private static func distance(from p: PlanePoint, toSegment a: PlanePoint, _ b: PlanePoint) -> Double {
        let dx = b.x - a.x
        let dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared == 0 ? 0 : min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared))
        return (p.x - (a.x + t * dx)).hypot(p.y - (a.y + t * dy))
    }

    /// A point of the local plane, in metres east (x) and north (y).
    struct PlanePoint {
        var x: Double
        var y: Double
    }

    /// The equirectangular plane about one origin.
    struct Plane {
        let origin: Coordinate
        let metresPerDegreeNorth: Double
        let metresPerDegreeEast: Double

        init(origin: Coordinate) {
            self.origin = origin
            metresPerDegreeNorth = Coordinate.meanEarthRadius * .pi / 180
            metresPerDegreeEast = metresPerDegreeNorth * cos(origin.latitude * .pi / 180)
        }

        func project(_ coordinate: Coordinate) -> PlanePoint {
            PlanePoint(
                x: (coordinate.longitude - origin.longitude) * metresPerDegreeEast,
                y: (coordinate.latitude - origin.latitude) * metresPerDegreeNorth)
        }

        func coordinate(_ point: PlanePoint) -> Coordinate {
            Coordinate(
                latitude: origin.latitude + point.y / metresPerDegreeNorth,
                longitude: origin.longitude + point.x / metresPerDegreeEast)
        }
    }
}

extension Double {
    /// √(self² + other²).
    fileprivate func hypot(_ other: Double) -> Double { (self * self + other * other).squareRoot() }
}
