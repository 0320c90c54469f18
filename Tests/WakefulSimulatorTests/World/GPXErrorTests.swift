import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

@Suite("GPX errors name the file, the element and the expected form", .watchdog, .cpuBound)
struct GPXErrorTests {
    struct BadFile: Sendable, CustomTestStringConvertible {
        let label: String
        let xml: String
        let code: GPXError.Code
        let location: String?
        let message: String
        var testDescription: String { label }
    }

    static let latitudeForm = "expected a decimal number of degrees between -90 and 90"
    static let timeForm = "expected an ISO 8601 date-time such as 2024-05-01T12:00:00Z or 2024-05-01T12:00:00.250+02:00"

    static let badFiles: [BadFile] = [
        BadFile(
            label: "missing lat",
            xml: "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/><trkpt lon=\"2\"/></trkseg></trk></gpx>",
            code: .invalidAttribute, location: "trkpt #2",
            message: "attribute \"lat\" is missing; \(latitudeForm)"),
        BadFile(
            label: "lat is not a number",
            xml: "<gpx><trk><trkseg><trkpt lat=\"abc\" lon=\"2\"/></trkseg></trk></gpx>",
            code: .invalidAttribute, location: "trkpt #1",
            message: "attribute \"lat\" is \"abc\"; \(latitudeForm)"),
        BadFile(
            label: "lat out of range",
            xml: "<gpx><wpt lat=\"1\" lon=\"2\"/><wpt lat=\"1\" lon=\"2\"/><wpt lat=\"91.5\" lon=\"2\"/></gpx>",
            code: .invalidAttribute, location: "wpt #3",
            message: "attribute \"lat\" is \"91.5\"; \(latitudeForm)"),
        BadFile(
            label: "lon out of range",
            xml: "<gpx><rte><rtept lat=\"1\" lon=\"-180.5\"/></rte></gpx>",
            code: .invalidAttribute, location: "rtept #1",
            message: "attribute \"lon\" is \"-180.5\"; expected a decimal number of degrees between -180 and 180"),
        BadFile(
            label: "bad time",
            xml: "<gpx><wpt lat=\"1\" lon=\"2\"><time>yesterday</time></wpt></gpx>",
            code: .invalidElement, location: "wpt #1",
            message: "element <time> is \"yesterday\"; \(timeForm)"),
        BadFile(
            label: "impossible date",
            xml: "<gpx><wpt lat=\"1\" lon=\"2\"><time>2023-02-29T00:00:00Z</time></wpt></gpx>",
            code: .invalidElement, location: "wpt #1",
            message: "element <time> is \"2023-02-29T00:00:00Z\"; \(timeForm)"),
        BadFile(
            label: "date without a time",
            xml: "<gpx><wpt lat=\"1\" lon=\"2\"><time>2024-05-01</time></wpt></gpx>",
            code: .invalidElement, location: "wpt #1",
            message: "element <time> is \"2024-05-01\"; \(timeForm)"),
        BadFile(
            label: "bad elevation",
            xml: "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele>high</ele></trkpt></trkseg></trk></gpx>",
            code: .invalidElement, location: "trkpt #1",
            message: "element <ele> is \"high\"; expected a decimal number of metres"),
        BadFile(
            label: "not GPX",
            xml: "<kml><Placemark/></kml>",
            code: .notGPX, location: nil,
            message: "the root element is <kml>; expected <gpx> (a GPX 1.0 or 1.1 document)"),
        BadFile(
            label: "no points",
            xml: "<gpx version=\"1.1\"><metadata><name>Empty</name></metadata><trk><trkseg/></trk></gpx>",
            code: .noPoints, location: nil,
            message:
                "the file has no points; expected at least one <trkpt>, <rtept> or <wpt> with lat and lon attributes"),
        BadFile(
            label: "empty file", xml: "",
            code: .notXML, location: nil,
            message: "the file is empty; expected a GPX 1.0 or 1.1 document"),
    ]

    @Test("bad files are rejected with a precise message", arguments: badFiles)
    func badFile(_ bad: BadFile) {
        let file = "bad-\(bad.label.replacingOccurrences(of: " ", with: "-")).gpx"
        let expected = GPXError(file: file, location: bad.location, message: bad.message, code: bad.code)
        #expect(throws: expected) {
            _ = try GPXTrack.parse(Data(bad.xml.utf8), file: file)
        }
        let prefix = bad.location.map { "\(file): \($0): " } ?? "\(file): "
        #expect(expected.description == prefix + bad.message)
    }

    @Test(
        "data that is not XML names the file, the position and the expected form",
        arguments: [
            "this is not xml", "<gpx><trk></gpx>", "<gpx><wpt lat=\"1\" lon=\"2\"></gpx>", "<gpx>",
            "<gpx></gpx><gpx/>", "<?xml version=\"1.0\"?>",
        ])
    func notXML(_ text: String) {
        do {
            _ = try GPXTrack.parse(Data(text.utf8), file: "junk.gpx")
            Issue.record("parsed \(text)")
        } catch {
            #expect(error.code == .notXML)
            #expect(error.file == "junk.gpx")
            #expect(error.location?.hasPrefix("line ") == true, "\(error)")
            #expect(error.description.hasPrefix("junk.gpx: line "))
            #expect(error.message.hasSuffix("expected a GPX 1.0 or 1.1 document"), "\(error)")
        }
    }

    @Test("an XML error's position points at the offending line")
    func xmlErrorLine() {
        let text = "<gpx>\n<wpt lat=\"1\" lon=\"2\">\n</gpx>"
        #expect(
            throws: GPXError(
                file: "lines.gpx", location: "line 3, column 7",
                message: "the file is not well-formed XML (a closing tag does not match the open element, "
                    + "XML parser error 76); expected a GPX 1.0 or 1.1 document",
                code: .notXML
            )
        ) {
            _ = try GPXTrack.parse(Data(text.utf8), file: "lines.gpx")
        }
    }

    @Test("times going backwards are rejected when building the trajectory")
    func timesGoBackwards() throws {
        let gpx = """
            <gpx><trk><trkseg>
            <trkpt lat="1" lon="2"><time>2024-05-01T12:00:00Z</time></trkpt>
            <trkpt lat="1.001" lon="2"/>
            <trkpt lat="1.002" lon="2"><time>2024-05-01T11:59:59.5Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        let track = try GPXTrack.parse(Data(gpx.utf8), file: "backwards.gpx")
        let expected = GPXError(
            file: "backwards.gpx", location: "trkpt #3",
            message: "<time> 2024-05-01T11:59:59.5Z is earlier than trkpt #1's 2024-05-01T12:00:00Z; "
                + "expected times that never go backwards",
            code: .timeGoesBackwards
        )
        #expect(throws: expected) {
            _ = try track.trajectory(
                projection: LocalProjection(origin: Coordinate(latitude: 1, longitude: 2)),
                startTime: 0, fallbackSpeed: 1)
        }
        #expect(expected.description.hasPrefix("backwards.gpx: trkpt #3: <time> 2024-05-01T11:59:59.5Z"))
    }

    @Test("invalid trajectory arguments are rejected", arguments: [(0.0, 1.0), (-1, 1), (.nan, 1), (1, .infinity)])
    func invalidArguments(_ fallbackSpeed: Double, _ startTime: TimeInterval) {
        let track = GPXTrack(points: [GPXTrack.Point(coordinate: Coordinate(latitude: 0, longitude: 0))], file: "a.gpx")
        do {
            _ = try track.trajectory(
                projection: LocalProjection(origin: Coordinate(latitude: 0, longitude: 0)),
                startTime: startTime, fallbackSpeed: fallbackSpeed)
            Issue.record("accepted fallbackSpeed \(fallbackSpeed), startTime \(startTime)")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.description.hasPrefix("a.gpx: "))
            #expect(error.message.contains("expected a finite"), "\(error)")
        }
    }

    @Test("a track built in code with a bad coordinate names the point")
    func badCoordinateInCode() {
        let track = GPXTrack(
            points: [
                GPXTrack.Point(coordinate: Coordinate(latitude: 0, longitude: 0)),
                GPXTrack.Point(coordinate: Coordinate(latitude: 95, longitude: 0)),
            ], pointKind: .waypoint)
        #expect(
            throws: GPXError(
                file: "GPX track", location: "wpt #2",
                message:
                    "coordinate is (95.0, 0.0); expected latitude between -90 and 90 and longitude between -180 and 180",
                code: .invalidAttribute
            )
        ) {
            _ = try track.trajectory(
                projection: LocalProjection(origin: Coordinate(latitude: 0, longitude: 0)),
                startTime: 0, fallbackSpeed: 1)
        }
    }
}
