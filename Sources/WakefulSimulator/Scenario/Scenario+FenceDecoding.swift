import Foundation
import Wakeful

/// `app.fences`: the fences the app registers, for a setup's `GeofenceSet` whose options list none.
///
/// Each entry is a fence, `{"id": "depot", "center": {"lat": …, "lon": …}, "radius": 100, "dwell": 300}`
/// or `{"id": "yard", "polygon": [{"lat": …, "lon": …}, …]}`, or a generator of many,
/// `{"along": {"path": [{"lat": …, "lon": …}, …], "count": 300, "radius": 100, "offset": 25, "prefix": "drop-", "dwell": 180}}`,
/// which spaces `count` circles evenly along the path, alternately `offset` metres left and right of it.
/// Positions are geographic only: the fences travel in the run header, which `wakeful replay`
/// reads without the world's origin.
struct FenceEntryDocument: Decodable {
    var fences: [Geofence]

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["id", "center", "radius", "polygon", "dwell", "along"])
        if c.contains(AnyKey("along")) {
            guard c.allKeys.count == 1 else {
                throw c.failure("along", "a generator stands alone; expected {\"along\": {…}} without other fields")
            }
            fences = try c.value("along", as: FenceGeneratorDocument.self).fences
            return
        }
        let id: String = try c.value("id")
        let dwell = try c.optional("dwell", as: Double.self)
        switch (c.contains(AnyKey("center")), c.contains(AnyKey("polygon"))) {
        case (true, false):
            let radius: Double = try c.value("radius")
            let center = try Self.coordinate(c.value("center", as: PositionDocument.self), c, "center")
            fences = [Geofence(id: RegionID(id), center: center, radius: radius, dwell: dwell)]
        case (false, true):
            if c.contains(AnyKey("radius")) { throw c.failure("radius", "a polygon has no radius; remove it") }
            let vertices = try c.value("polygon", as: [PositionDocument].self).map {
                try Self.coordinate($0, c, "polygon")
            }
            fences = [Geofence(id: RegionID(id), polygon: vertices, dwell: dwell)]
        default:
            throw c.failure("center", "expected exactly one of center (with radius) or polygon")
        }
        try Self.checkRanges(fences, c)
    }

    /// The fences' own range checks (``Geofence/rangeViolations``), reported on the entry's field;
    /// identifiers are checked over the whole list (``GeofenceSet/Options/identifierProblems``).
    static func checkRanges(_ fences: [Geofence], _ c: KeyedDecodingContainer<AnyKey>) throws {
        if let violation = fences.lazy.flatMap(\.rangeViolations).first {
            throw c.failure(violation.key, violation.message)
        }
    }

    static func coordinate(_ position: PositionDocument, _ c: KeyedDecodingContainer<AnyKey>, _ key: String) throws
        -> Coordinate
    {
        guard case .geographic(let coordinate) = position.form else {
            throw c.failure(key, "expected {\"lat\": …, \"lon\": …}: fences are read without the world's origin")
        }
        return coordinate
    }
}

/// `{"path": [...], "count": 300, "radius": 100, "offset": 25, "prefix": "drop-", "dwell": 180}`.
private struct FenceGeneratorDocument: Decodable {
    var fences: [Geofence]

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["path", "count", "radius", "offset", "prefix", "dwell"])
        let path = try c.value("path", as: [PositionDocument].self).map {
            try FenceEntryDocument.coordinate($0, c, "path")
        }
        guard path.count >= 2 else { throw c.failure("path", "expected at least 2 positions") }
        let count: Int = try c.value("count")
        guard count >= 1 else { throw c.failure("count", "expected a number of fences, 1 or more") }
        let radius: Double = try c.value("radius")
        let offset = try c.optional("offset", as: Double.self) ?? 0
        guard offset >= 0, offset.isFinite else { throw c.failure("offset", "expected metres, zero or more") }
        let prefix = try c.optional("prefix", as: String.self) ?? "fence-"
        let dwell = try c.optional("dwell", as: Double.self)
        let plane = LocalProjection(origin: path[0])
        let points = path.map(plane.point(for:))
        let legs = zip(points, points.dropFirst()).map { ($0, $1, $0.distance(to: $1)) }
        let length = legs.reduce(0) { $0 + $1.2 }
        guard length > 0 else { throw c.failure("path", "the positions are all the same; expected a path with length") }
        var fences: [Geofence] = []
        var legIndex = 0
        var travelled = 0.0
        for index in 0..<count {
            // Evenly spaced, half a spacing from either end.
            let target = (Double(index) + 0.5) * length / Double(count)
            while legIndex < legs.count - 1 && travelled + legs[legIndex].2 < target {
                travelled += legs[legIndex].2
                legIndex += 1
            }
            let (from, to, legLength) = legs[legIndex]
            let fraction = legLength == 0 ? 0 : (target - travelled) / legLength
            let onPath = from.interpolated(to: to, fraction: fraction)
            // Left of the direction of travel for even fences, right for odd ones.
            let side = index.isMultiple(of: 2) ? 1.0 : -1.0
            let normal =
                legLength == 0
                ? LocalPoint(east: 0, north: 0)
                : LocalPoint(east: -(to.north - from.north) / legLength, north: (to.east - from.east) / legLength)
            let center = LocalPoint(
                east: onPath.east + side * offset * normal.east, north: onPath.north + side * offset * normal.north)
            fences.append(
                Geofence(
                    id: RegionID("\(prefix)\(index + 1)"), center: plane.coordinate(for: center), radius: radius,
                    dwell: dwell))
        }
        try FenceEntryDocument.checkRanges(fences, c)
        self.fences = fences
    }
}
