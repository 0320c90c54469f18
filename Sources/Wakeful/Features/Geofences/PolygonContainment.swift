import Foundation

/// Point-in-polygon and the circle around a polygon, for fences of a city's size.
///
/// Both work on a local plane: a ``LocalProjection`` about the polygon's first vertex. Over a few
/// kilometres it is off by far less than a fix's accuracy, and it keeps the tests exact: no
/// great-circle edges. Polygons that cross the antimeridian or a pole are out of scope.
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
        let plane = LocalProjection(origin: polygon[0])
        let p = plane.point(for: point)
        var inside = false
        var previous = plane.point(for: polygon[polygon.count - 1])
        for vertex in polygon {
            let current = plane.point(for: vertex)
            if distance(from: p, toSegment: previous, current) <= edgeTolerance { return true }
            // A crossing of the horizontal ray to the east; the half-open test counts a vertex once.
            if (current.north > p.north) != (previous.north > p.north) {
                let east =
                    current.east + (p.north - current.north) * (previous.east - current.east)
                    / (previous.north - current.north)
                if p.east < east { inside.toggle() }
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
        let plane = LocalProjection(origin: first)
        let points = polygon.map(plane.point(for:))
        let easts = points.map(\.east)
        let norths = points.map(\.north)
        let middle = LocalPoint(
            east: (easts.min()! + easts.max()!) / 2, north: (norths.min()! + norths.max()!) / 2)
        let radius = points.map { $0.distance(to: middle) }.max() ?? 0
        // A little more, so that the vertices stay inside when iOS (or a test) measures great-circle
        // distances instead of the plane's: the two differ by far less than 0.1 %.
        return (plane.coordinate(for: middle), radius * 1.001 + 0.5)
    }

    private static func distance(from p: LocalPoint, toSegment a: LocalPoint, _ b: LocalPoint) -> Double {
        let dx = b.east - a.east
        let dy = b.north - a.north
        let lengthSquared = dx * dx + dy * dy
        let t =
            lengthSquared == 0 ? 0 : min(1, max(0, ((p.east - a.east) * dx + (p.north - a.north) * dy) / lengthSquared))
        return p.distance(to: LocalPoint(east: a.east + t * dx, north: a.north + t * dy))
    }
}
