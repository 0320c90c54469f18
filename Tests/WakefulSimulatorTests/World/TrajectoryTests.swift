import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

@Suite("Trajectory", .watchdog, .cpuBound)
struct TrajectoryTests {
    /// 100 m east at 1 m/s, a 30 s pause, then 40 m north at 2 m/s: knots at 0, 100, 130, 150.
    static func walk() throws -> Trajectory {
        try Trajectory.route(
            from: .zero,
            startingAt: 0,
            legs: [
                RouteLeg(destination: LocalPoint(east: 100, north: 0), speed: 1, pause: 30),
                RouteLeg(destination: LocalPoint(east: 100, north: 40), speed: 2),
            ]
        )
    }

    @Test("route timing: 100 m at 1 m/s plus a 30 s pause gives knots at 0, 100, 130")
    func routeTiming() throws {
        let trajectory = try Trajectory.route(
            from: .zero, startingAt: 0,
            legs: [RouteLeg(destination: LocalPoint(east: 100, north: 0), speed: 1, pause: 30)]
        )
        #expect(trajectory.knots.map(\.time) == [0, 100, 130])
        #expect(
            trajectory.knots.map(\.point) == [.zero, LocalPoint(east: 100, north: 0), LocalPoint(east: 100, north: 0)])
        #expect(trajectory.endTime == 130)
        #expect(trajectory.length == 100)
    }

    @Test("a route starts at its start time and skips zero-length travel")
    func routeOffsetsAndZeroLegs() throws {
        let trajectory = try Trajectory.route(
            from: LocalPoint(east: 5, north: 5), startingAt: 1_000,
            legs: [
                RouteLeg(destination: LocalPoint(east: 5, north: 5), speed: 1, pause: 10),
                RouteLeg(destination: LocalPoint(east: 5, north: 25), speed: 4),
            ]
        )
        #expect(trajectory.knots.map(\.time) == [1_000, 1_010, 1_015])
        #expect(trajectory.startTime == 1_000)
        #expect(
            try Trajectory.route(from: .zero, startingAt: 7, legs: []).knots
                == [TrajectoryKnot(time: 7, point: .zero)])
    }

    struct PositionCase: Sendable {
        let time: TimeInterval
        let east: Double
        let north: Double
        let speed: Double
    }

    static let positions: [PositionCase] = [
        .init(time: -50, east: 0, north: 0, speed: 0),  // before the first knot: stationary at it
        .init(time: 0, east: 0, north: 0, speed: 1),  // the walk starts
        .init(time: 25, east: 25, north: 0, speed: 1),
        .init(time: 99.5, east: 99.5, north: 0, speed: 1),
        .init(time: 100, east: 100, north: 0, speed: 0),  // arrival: the pause segment applies
        .init(time: 129, east: 100, north: 0, speed: 0),
        .init(time: 130, east: 100, north: 0, speed: 2),
        .init(time: 140, east: 100, north: 20, speed: 2),
        .init(time: 150, east: 100, north: 40, speed: 0),  // the last knot: stationary from here on
        .init(time: 1e9, east: 100, north: 40, speed: 0),
    ]

    @Test("position and speed interpolate and clamp", arguments: positions)
    func positionAndSpeed(_ expected: PositionCase) throws {
        let trajectory = try Self.walk()
        let point = trajectory.position(at: expected.time)
        #expect(
            abs(point.east - expected.east) < 1e-9 && abs(point.north - expected.north) < 1e-9,
            "at \(expected.time) s: \(point)")
        #expect(trajectory.speed(at: expected.time) == expected.speed)
        #expect(trajectory.isMoving(at: expected.time) == (expected.speed > 0))
    }

    @Test(
        "nextKnotTime returns the first knot strictly after the time",
        arguments: [
            (-1.0, 0.0 as Double?), (0, 100), (50, 100), (100, 130), (130, 150), (149.99, 150), (150, nil), (500, nil),
        ])
    func nextKnotTime(_ time: TimeInterval, _ expected: TimeInterval?) throws {
        #expect(try Self.walk().nextKnotTime(after: time) == expected)
    }

    @Test("a stationary trajectory never moves")
    func stationary() {
        let point = LocalPoint(east: -3, north: 8)
        let trajectory = Trajectory.stationary(at: point)
        for time in [-1e6, 0, 1, 1e6] {
            #expect(trajectory.position(at: time) == point)
            #expect(trajectory.speed(at: time) == 0)
            #expect(!trajectory.isMoving(at: time))
        }
        #expect(trajectory.nextKnotTime(after: 0) == nil)
        #expect(trajectory.length == 0)
        #expect(trajectory.endTime == 0)
    }

    @Test("knots sharing a time are a jump: the later knot wins at that instant")
    func jump() throws {
        let trajectory = try Trajectory(knots: [
            TrajectoryKnot(time: 0, point: .zero),
            TrajectoryKnot(time: 10, point: LocalPoint(east: 10, north: 0)),
            TrajectoryKnot(time: 10, point: LocalPoint(east: 500, north: 0)),
            TrajectoryKnot(time: 20, point: LocalPoint(east: 510, north: 0)),
        ])
        #expect(trajectory.position(at: 9.999).east < 10)
        #expect(trajectory.position(at: 10) == LocalPoint(east: 500, north: 0))
        #expect(trajectory.speed(at: 10) == 1)
        #expect(trajectory.nextKnotTime(after: 5) == 10)
        #expect(trajectory.nextKnotTime(after: 10) == 20)
        #expect(trajectory.length == 10 + 490 + 10)
    }

    @Test("a diagonal segment has the speed of its length over its duration")
    func diagonalSpeed() throws {
        let trajectory = try Trajectory(knots: [
            TrajectoryKnot(time: 0, point: .zero),
            TrajectoryKnot(time: 5, point: LocalPoint(east: 30, north: 40)),
        ])
        #expect(trajectory.speed(at: 2) == 10)
        #expect(trajectory.position(at: 2.5) == LocalPoint(east: 15, north: 20))
        #expect(trajectory.length == 50)
    }
}
