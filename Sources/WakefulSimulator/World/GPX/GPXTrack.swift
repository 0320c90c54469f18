import Foundation
import Wakeful
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// GPX 1.0/1.1 import (the format Xcode uses for simulated locations): <trkpt>, <rtept>, or <wpt> elements with lat/lon attributes and optional <time> (ISO 8601, with or without fractional seconds and zone). Xcode's own GPX files often have only <wpt> with <time>.
///
/// When a file has several kinds, the points come from its tracks (`<trkpt>`, all segments in
/// document order) if it has any, otherwise from its routes (`<rtept>`), otherwise from its
/// waypoints (`<wpt>`). ``name`` is the first `<name>` of the document's `<metadata>` (GPX 1.1),
/// root (GPX 1.0), `<trk>` or `<rte>`.
///
/// ```swift
/// let track = try GPXTrack.parse(data, file: "commute.gpx")
/// let path = try track.trajectory(
///     projection: LocalProjection(origin: track.points[0].coordinate),
///     startTime: 0, fallbackSpeed: 1.4
/// )
/// ```
public struct GPXTrack: Sendable, Hashable {
    /// One position read from the file.
    public struct Point: Sendable, Hashable {
        /// Where the point is.
        public var coordinate: Coordinate
        /// When the point was recorded, in seconds since 1970-01-01T00:00:00Z; nil without `<time>`.
        public var time: TimeInterval?
        /// Elevation in metres from `<ele>`, or nil.
        public var elevation: Double?

        /// Creates a point.
        public init(coordinate: Coordinate, time: TimeInterval? = nil, elevation: Double? = nil) {
            self.coordinate = coordinate
            self.time = time
            self.elevation = elevation
        }
    }

    /// Which GPX element the points were read from.
    public enum PointKind: String, Sendable, Hashable, Codable {
        /// `<trkpt>`: a recorded track.
        case trackPoint = "trkpt"
        /// `<rtept>`: a planned route.
        case routePoint = "rtept"
        /// `<wpt>`: waypoints, as in Xcode's location files.
        case waypoint = "wpt"

        /// The element name, e.g. `trkpt`.
        public var elementName: String { rawValue }
    }

    /// The points, in document order.
    public var points: [Point]
    /// The track's name, if the file gives one.
    public var name: String?
    /// Which element the points were read from; used to name points in errors (`trkpt #12`).
    public var pointKind: PointKind
    /// The file the track was read from (as given to ``parse(_:file:)``), named in the errors of
    /// ``trajectory(projection:startTime:fallbackSpeed:)``.
    public var file: String?

    /// Creates a track from points.
    public init(points: [Point], name: String? = nil, pointKind: PointKind = .trackPoint, file: String? = nil) {
        self.points = points
        self.name = name
        self.pointKind = pointKind
        self.file = file
    }

    /// Parses a GPX 1.0 or 1.1 document.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - file: The name used in error messages, e.g. `"route.gpx"`.
    /// - Returns: The track, with at least one point.
    /// - Throws: ``GPXError`` naming the file, the element (`trkpt #12`, counted from 1 per element
    ///   kind) and the expected form: data that is not XML, a root other than `<gpx>`, a missing or
    ///   out-of-range `lat`/`lon`, an unreadable `<time>` or `<ele>`, or no points at all.
    public static func parse(_ data: Data, file: String) throws(GPXError) -> GPXTrack {
        guard !data.isEmpty else {
            throw GPXError(file: file, message: "the file is empty; expected a GPX 1.0 or 1.1 document", code: .notXML)
        }
        let reader = GPXDocumentReader(file: file)
        let parser = XMLParser(data: data)
        parser.delegate = reader
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let succeeded = parser.parse()
        if let error = reader.error { throw error }
        guard succeeded, parser.parserError == nil else {
            throw GPXError(
                file: file,
                location: "line \(parser.lineNumber), column \(parser.columnNumber)",
                message: GPXDocumentReader.notXMLMessage(parser.parserError),
                code: .notXML
            )
        }
        guard reader.sawRoot else {
            throw GPXError(
                file: file, message: "the file has no XML elements; expected a GPX 1.0 or 1.1 document", code: .notXML)
        }
        let kind: PointKind
        let points: [Point]
        if !reader.trackPoints.isEmpty {
            (kind, points) = (.trackPoint, reader.trackPoints)
        } else if !reader.routePoints.isEmpty {
            (kind, points) = (.routePoint, reader.routePoints)
        } else if !reader.waypoints.isEmpty {
            (kind, points) = (.waypoint, reader.waypoints)
        } else {
            throw GPXError(
                file: file,
                message: "the file has no points; expected at least one <trkpt>, <rtept> or <wpt> "
                    + "with lat and lon attributes",
                code: .noPoints
            )
        }
        return GPXTrack(points: points, name: reader.trackName, pointKind: kind, file: file)
    }

    /// How errors name the point at `index` (zero-based): `trkpt #12` for index 11.
    public func label(ofPointAt index: Int) -> String {
        "\(pointKind.elementName) #\(index + 1)"
    }
}
