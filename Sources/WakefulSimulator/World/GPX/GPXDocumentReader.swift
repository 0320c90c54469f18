import Foundation
import Wakeful
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The `XMLParser` delegate behind ``GPXTrack/parse(_:file:)``: collects points of each kind,
/// validates them as they are read and stops at the first error.
///
/// Used synchronously by one parse call and never shared, so it needs no synchronisation.
final class GPXDocumentReader: NSObject, XMLParserDelegate {
    private static let latitudeForm = "a decimal number of degrees between -90 and 90"
    private static let longitudeForm = "a decimal number of degrees between -180 and 180"
    private static let elevationForm = "a decimal number of metres"

    let file: String
    private(set) var error: GPXError?
    private(set) var sawRoot = false
    private(set) var trackPoints: [GPXTrack.Point] = []
    private(set) var routePoints: [GPXTrack.Point] = []
    private(set) var waypoints: [GPXTrack.Point] = []
    private(set) var trackName: String?

    /// Local names of the open elements, outermost first.
    private var openElements: [String] = []
    /// The point being read, with the label errors use.
    private var current: (kind: GPXTrack.PointKind, label: String, point: GPXTrack.Point)?
    /// Text of the innermost element.
    private var text = ""

    init(file: String) {
        self.file = file
    }

    private func fail(_ parser: XMLParser, location: String?, _ message: String, code: GPXError.Code) {
        guard error == nil else { return }
        error = GPXError(file: file, location: location, message: message, code: code)
        parser.abortParsing()
    }

    /// The element name without a namespace prefix (`gpx:trkpt` → `trkpt`).
    private static func localName(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    func parser(
        _ parser: XMLParser,
        didStartElement elementName: String,
        namespaceURI: String?,
        qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        guard error == nil else { return }
        let name = Self.localName(elementName)
        if openElements.isEmpty {
            sawRoot = true
            guard name == "gpx" else {
                fail(
                    parser, location: nil, "the root element is <\(name)>; expected <gpx> (a GPX 1.0 or 1.1 document)",
                    code: .notGPX)
                return
            }
        }
        openElements.append(name)
        text = ""
        guard let kind = GPXTrack.PointKind(rawValue: name) else { return }
        let count: Int
        switch kind {
        case .trackPoint: count = trackPoints.count
        case .routePoint: count = routePoints.count
        case .waypoint: count = waypoints.count
        }
        let label = "\(name) #\(count + 1)"
        guard let latitude = angle(parser, attributes, "lat", label: label, limit: 90, form: Self.latitudeForm),
            let longitude = angle(parser, attributes, "lon", label: label, limit: 180, form: Self.longitudeForm)
        else { return }
        current = (kind, label, GPXTrack.Point(coordinate: Coordinate(latitude: latitude, longitude: longitude)))
    }

    /// Reads a `lat`/`lon` attribute, failing with a message in the house form when it is missing or bad.
    private func angle(
        _ parser: XMLParser, _ attributes: [String: String], _ key: String,
        label: String, limit: Double, form: String
    ) -> Double? {
        guard let raw = attributes[key] else {
            fail(parser, location: label, "attribute \"\(key)\" is missing; expected \(form)", code: .invalidAttribute)
            return nil
        }
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let value = Double(trimmed), value.isFinite, (-limit...limit).contains(value) else {
            fail(
                parser, location: label, "attribute \"\(key)\" is \"\(raw)\"; expected \(form)", code: .invalidAttribute
            )
            return nil
        }
        return value
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        // On Linux `XMLParser.parse()` can return true after a syntax error (an unmatched closing
        // tag, say), so errors are caught here rather than from its result.
        fail(
            parser, location: "line \(parser.lineNumber), column \(parser.columnNumber)",
            Self.notXMLMessage(parseError), code: .notXML)
    }

    /// The message for an XML syntax error.
    static func notXMLMessage(_ error: (any Error)?) -> String {
        let code = (error as? NSError)?.code ?? -1
        // Codes from NSXMLParserError, which every XMLParser implementation uses.
        let hint: String
        switch code {
        case 4: hint = "no element where the document should start, "
        case 5: hint = "the document ends early or has content after its root element, "
        case 76: hint = "a closing tag does not match the open element, "
        default: hint = ""
        }
        return "the file is not well-formed XML (\(hint)XML parser error \(code)); expected a GPX 1.0 or 1.1 document"
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(
        _ parser: XMLParser,
        didEndElement elementName: String,
        namespaceURI: String?,
        qualifiedName: String?
    ) {
        guard error == nil, !openElements.isEmpty else { return }
        let name = openElements.removeLast()
        let parent = openElements.last
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        text = ""

        if let kind = GPXTrack.PointKind(rawValue: name) {
            guard let finished = current, finished.kind == kind else { return }
            switch kind {
            case .trackPoint: trackPoints.append(finished.point)
            case .routePoint: routePoints.append(finished.point)
            case .waypoint: waypoints.append(finished.point)
            }
            current = nil
            return
        }

        if let point = current, parent == point.kind.rawValue {
            switch name {
            case "time":
                guard let time = ISO8601Timestamp.secondsSince1970(value) else {
                    fail(
                        parser, location: point.label,
                        "element <time> is \"\(value)\"; expected \(ISO8601Timestamp.expectedForm)",
                        code: .invalidElement)
                    return
                }
                current?.point.time = time
            case "ele":
                guard let elevation = Double(value), elevation.isFinite else {
                    fail(
                        parser, location: point.label,
                        "element <ele> is \"\(value)\"; expected \(Self.elevationForm)", code: .invalidElement)
                    return
                }
                current?.point.elevation = elevation
            default:
                break
            }
            return
        }

        if name == "name", trackName == nil, !value.isEmpty,
            let parent, ["metadata", "gpx", "trk", "rte"].contains(parent)
        {
            trackName = value
        }
    }
}
