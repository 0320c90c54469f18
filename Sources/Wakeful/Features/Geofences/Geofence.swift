import Foundation

/// One fence of a ``GeofenceSet``: a circle or a polygon, with an optional dwell time.
///
/// iOS monitors circles only (`CLCircularRegion`), so a polygon is monitored as the smallest
/// circle around it that ``PolygonContainment`` finds, and its entry is confirmed with a fix.
///
/// ```swift
/// let shop = Geofence(id: "shop-12", center: Coordinate(latitude: 48.8566, longitude: 2.3522), radius: 100)
/// let yard = Geofence(id: "yard", polygon: [a, b, c, d], dwell: 300)
/// ```
public struct Geofence: Sendable, Hashable, Codable {
    /// The fence's identifier, used in records and as its region's identifier. It must not contain
    /// ``GeofenceDwell/separator``.
    public var id: RegionID
    /// What the fence covers.
    public var shape: Shape {
        didSet { (circleCenter, circleRadius) = Self.monitoredCircle(of: shape) }
    }
    /// Seconds inside after which a `geofenceDwell` record is made; nil for no dwell.
    public var dwell: TimeInterval?
    /// ``monitoredCircle``, worked out once per shape: a polygon's takes a pass over its vertices,
    /// and the circle is read at every fix and every choice of regions.
    private var circleCenter: Coordinate
    private var circleRadius: Double

    /// What a fence covers.
    public enum Shape: Sendable, Hashable, Codable {
        /// A circle of `radius` metres.
        case circle(center: Coordinate, radius: Double)
        /// A simple polygon (convex or not), vertices in order, not closed (the last vertex is not
        /// the first again).
        case polygon([Coordinate])
    }

    /// Creates a fence.
    public init(id: RegionID, shape: Shape, dwell: TimeInterval? = nil) {
        self.id = id
        self.shape = shape
        self.dwell = dwell
        (circleCenter, circleRadius) = Self.monitoredCircle(of: shape)
    }

    /// Creates a circular fence.
    public init(id: RegionID, center: Coordinate, radius: Double, dwell: TimeInterval? = nil) {
        self.init(id: id, shape: .circle(center: center, radius: radius), dwell: dwell)
    }

    /// Creates a polygonal fence.
    public init(id: RegionID, polygon: [Coordinate], dwell: TimeInterval? = nil) {
        self.init(id: id, shape: .polygon(polygon), dwell: dwell)
    }

    /// The circle iOS monitors for the fence: the fence itself, or the circle around the polygon.
    public var monitoredCircle: (center: Coordinate, radius: Double) { (circleCenter, circleRadius) }

    private static func monitoredCircle(of shape: Shape) -> (center: Coordinate, radius: Double) {
        switch shape {
        case .circle(let center, let radius): (center, radius)
        case .polygon(let vertices): PolygonContainment.enclosingCircle(of: vertices)
        }
    }

    /// Whether the fence needs a fix to confirm an entry (a polygon: its circle is larger).
    public var needsConfirmation: Bool {
        if case .polygon = shape { return true }
        return false
    }

    /// Whether `coordinate` lies inside the fence; a point on a polygon's edge is inside.
    public func contains(_ coordinate: Coordinate) -> Bool {
        switch shape {
        case .circle(let center, let radius): center.distance(to: coordinate) <= radius
        case .polygon(let vertices): PolygonContainment.contains(coordinate, in: vertices)
        }
    }

    /// Metres from `coordinate` to the monitored circle's edge; 0 inside it.
    public func distanceToEdge(from coordinate: Coordinate) -> Double {
        let circle = monitoredCircle
        return max(0, circle.center.distance(to: coordinate) - circle.radius)
    }

    /// The region that monitors the fence under `id` (its own, or one carrying a dwell start).
    func region(id: RegionID) -> MonitoredRegion {
        let circle = monitoredCircle
        return MonitoredRegion(id: id, shape: .circle(center: circle.center, radius: circle.radius))
    }
}

// The circle is derived from the shape, so the file form is the id, the shape and the dwell only.
extension Geofence {
    private enum CodingKeys: String, CodingKey {
        case id, shape, dwell
    }

    /// Decodes a fence from its id, shape and dwell.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(RegionID.self, forKey: .id),
            shape: try container.decode(Shape.self, forKey: .shape),
            dwell: try container.decodeIfPresent(TimeInterval.self, forKey: .dwell))
    }
}
