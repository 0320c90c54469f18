import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

@Suite("GPXTrack parsing and trajectories", .watchdog, .cpuBound)
struct GPXTrackTests {
    /// Loads a checked-in GPX fixture from `Fixtures/`.
    func loadFixture(_ name: String) throws -> Data {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: "gpx", subdirectory: "Fixtures"),
            "missing fixture \(name).gpx")
        return try Data(contentsOf: url)
    }

    @Test("an Xcode-style file of timed waypoints")
    func xcodeWaypoints() throws {
        let track = try GPXTrack.parse(try loadFixture("xcode-waypoints"), file: "xcode-waypoints.gpx")
        #expect(track.pointKind == .waypoint)
        #expect(track.file == "xcode-waypoints.gpx")
        #expect(track.name == nil, "a waypoint's <name> is not the track's name")
        #expect(
            track.points.map(\.coordinate) == [
                Coordinate(latitude: 37.331705, longitude: -122.030237),
                Coordinate(latitude: 37.331975, longitude: -122.030237),
                Coordinate(latitude: 37.332245, longitude: -122.029900),
            ])
        // 2014-09-24T14:55:37Z
        #expect(track.points.map(\.time) == [1_411_570_537, 1_411_570_567, 1_411_570_627])
        #expect(track.points.allSatisfy { $0.elevation == nil })

        let projection = LocalProjection(origin: track.points[0].coordinate)
        let trajectory = try track.trajectory(projection: projection, startTime: 100, fallbackSpeed: 1)
        #expect(trajectory.knots.map(\.time) == [100, 130, 190])
        #expect(trajectory.knots[0].point == .zero)
        #expect(abs(trajectory.knots[1].point.north - 30.02) < 0.01)
        #expect(abs(trajectory.speed(at: 115) - 30.02 / 30) < 1e-3)
    }

    @Test("a GPX 1.1 track with segments, elevations and fractional-second UTC times")
    func fractionalTrack() throws {
        let track = try GPXTrack.parse(try loadFixture("walk-track"), file: "walk-track.gpx")
        #expect(track.pointKind == .trackPoint, "track points win over the file's waypoint")
        #expect(track.name == "Morning walk")
        #expect(track.points.count == 4)
        #expect(track.points.map(\.elevation) == [35.2, 35.4, 35.9, 36.0])
        let base = 1_714_543_200.0  // 2024-05-01T06:00:00Z
        let offsets = track.points.map { ($0.time ?? .nan) - base }
        #expect(offsets == [0.25, 10.75, 25, 40.125])

        let trajectory = try track.trajectory(
            projection: LocalProjection(origin: Coordinate(latitude: 48.8566, longitude: 2.3522)),
            startTime: 0, fallbackSpeed: 1.4
        )
        let times = trajectory.knots.map(\.time)
        for (time, expected) in zip(times, [0, 10.5, 24.75, 39.875]) {
            #expect(abs(time - expected) < 1e-6, "\(times)")
        }
        #expect(trajectory.isMoving(at: 5))
    }

    @Test("an untimed GPX 1.0 route is traversed at the fallback speed")
    func untimedRoute() throws {
        let track = try GPXTrack.parse(try loadFixture("untimed-route"), file: "untimed-route.gpx")
        #expect(track.pointKind == .routePoint)
        #expect(track.name == "Drive to the pump")
        #expect(track.points.count == 3)
        #expect(track.points.allSatisfy { $0.time == nil })

        let projection = LocalProjection(origin: track.points[0].coordinate)
        let trajectory = try track.trajectory(projection: projection, startTime: 50, fallbackSpeed: 10)
        let legs = zip(trajectory.knots, trajectory.knots.dropFirst()).map { $0.point.distance(to: $1.point) }
        #expect(trajectory.knots[0].time == 50)
        #expect(abs(trajectory.knots[1].time - (50 + legs[0] / 10)) < 1e-9)
        #expect(abs(trajectory.knots[2].time - (50 + (legs[0] + legs[1]) / 10)) < 1e-9)
        #expect(abs(legs[0] - 111.2) < 0.1)
        #expect(abs(trajectory.speed(at: 55) - 10) < 1e-9)
    }

    @Test("mixed timed and untimed points: timed spacing kept, gaps spread by distance, ends at the fallback speed")
    func mixedTimes() throws {
        let projection = LocalProjection(origin: Coordinate(latitude: 0, longitude: 0))
        func point(north: Double, time: TimeInterval?) -> GPXTrack.Point {
            GPXTrack.Point(coordinate: projection.coordinate(for: LocalPoint(east: 0, north: north)), time: time)
        }
        let track = GPXTrack(points: [
            point(north: 0, time: nil),  // lead-in: 10 m at 2 m/s
            point(north: 10, time: 1_000),
            point(north: 40, time: nil),  // 30 of the 40 m to the next timed point
            point(north: 50, time: 1_100),
            point(north: 54, time: nil),  // tail: 4 m at 2 m/s
        ])
        let trajectory = try track.trajectory(projection: projection, startTime: 0, fallbackSpeed: 2)
        let expected: [TimeInterval] = [0, 5, 80, 105, 107]
        for (knot, time) in zip(trajectory.knots, expected) {
            #expect(abs(knot.time - time) < 1e-6, "\(trajectory.knots.map(\.time))")
        }
    }

    static let isoTimes: [(String, TimeInterval)] = [
        ("2024-05-01T12:00:00Z", 1_714_564_800),
        ("2024-05-01T12:00:00.250Z", 1_714_564_800.25),
        ("2024-05-01T14:00:00+02:00", 1_714_564_800),
        ("2024-05-01T07:30:00.5-0430", 1_714_564_800.5),
        ("2024-05-01T13:00:00+01", 1_714_564_800),
        ("2024-05-01T12:00:00", 1_714_564_800),
        ("2024-05-01 12:00:00z", 1_714_564_800),
        ("  2024-05-01T12:00:00,125Z\n", 1_714_564_800.125),
        ("2024-02-29T00:00:00Z", 1_709_164_800),
        ("1969-12-31T23:59:59Z", -1),
    ]

    @Test("ISO 8601 times with and without fractions and zones", arguments: isoTimes)
    func isoTime(_ text: String, _ expected: TimeInterval) throws {
        let gpx = "<gpx><wpt lat=\"1\" lon=\"2\"><time>\(text)</time></wpt></gpx>"
        let track = try GPXTrack.parse(Data(gpx.utf8), file: "t.gpx")
        #expect(track.points.first?.time == expected)
    }

    @Test("namespace prefixes are ignored and lat/lon may carry whitespace")
    func prefixedElements() throws {
        let gpx = """
            <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1"><g:trk><g:trkseg>
            <g:trkpt lat=" -33.5 " lon="151"><g:ele>-2</g:ele></g:trkpt>
            </g:trkseg></g:trk></g:gpx>
            """
        let track = try GPXTrack.parse(Data(gpx.utf8), file: "p.gpx")
        #expect(
            track.points == [GPXTrack.Point(coordinate: Coordinate(latitude: -33.5, longitude: 151), elevation: -2)])
    }
}
