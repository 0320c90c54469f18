import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

@Suite("TrajectoryError", .watchdog, .cpuBound)
struct TrajectoryErrorTests {
    struct KnotCase: Sendable, CustomTestStringConvertible {
        let label: String
        let knots: [TrajectoryKnot]
        let error: TrajectoryError
        let message: String
        var testDescription: String { label }
    }

    static let knotCases: [KnotCase] = [
        KnotCase(
            label: "no knots", knots: [], error: .noKnots,
            message: "trajectory has no knots; expected at least one knot"),
        KnotCase(
            label: "NaN time",
            knots: [.init(time: 0, point: .zero), .init(time: .nan, point: .zero)],
            error: .nonFiniteTime(knot: 1, time: .nan),
            message: "knots[1]: time is nan; expected a finite number of seconds"),
        KnotCase(
            label: "infinite time",
            knots: [.init(time: .infinity, point: .zero)],
            error: .nonFiniteTime(knot: 0, time: .infinity),
            message: "knots[0]: time is inf; expected a finite number of seconds"),
        KnotCase(
            label: "infinite point",
            knots: [.init(time: 0, point: .zero), .init(time: 1, point: LocalPoint(east: .infinity, north: 0))],
            error: .nonFinitePoint(knot: 1, point: LocalPoint(east: .infinity, north: 0)),
            message: "knots[1]: point is (east: inf m, north: 0.0 m); expected finite east and north metres"),
        KnotCase(
            label: "time goes backwards",
            knots: [.init(time: 0, point: .zero), .init(time: 10, point: .zero), .init(time: 5, point: .zero)],
            error: .timeGoesBackwards(knot: 2, time: 5, previousTime: 10),
            message: "knots[2]: time 5.0 s is before knots[1]'s 10.0 s; expected times that never decrease"),
    ]

    @Test("invalid knots throw an error naming the knot", arguments: knotCases)
    func invalidKnots(_ testCase: KnotCase) {
        do {
            _ = try Trajectory(knots: testCase.knots)
            Issue.record("accepted \(testCase.knots)")
        } catch {
            #expect(error.description == testCase.message)
            // A NaN payload never compares equal to itself, so match such cases by pattern.
            if case let .nonFiniteTime(knot, time) = testCase.error, time.isNaN {
                guard case let .nonFiniteTime(thrownKnot, thrownTime) = error else {
                    Issue.record("threw \(error)")
                    return
                }
                #expect(thrownKnot == knot && thrownTime.isNaN)
            } else {
                #expect(error == testCase.error)
            }
        }
        #expect(testCase.error.description == testCase.message)
    }

    struct LegCase: Sendable, CustomTestStringConvertible {
        let label: String
        let start: LocalPoint
        let startTime: TimeInterval
        let legs: [RouteLeg]
        let error: TrajectoryError
        let message: String
        var testDescription: String { label }
    }

    static let east = LocalPoint(east: 10, north: 0)

    static let legCases: [LegCase] = [
        LegCase(
            label: "zero speed", start: .zero, startTime: 0,
            legs: [RouteLeg(destination: east, speed: 1), RouteLeg(destination: .zero, speed: 0)],
            error: .invalidSpeed(leg: 1, speed: 0),
            message: "legs[1]: speed is 0.0 m/s; expected a finite speed greater than 0 m/s"),
        LegCase(
            label: "negative speed", start: .zero, startTime: 0,
            legs: [RouteLeg(destination: east, speed: -2)],
            error: .invalidSpeed(leg: 0, speed: -2),
            message: "legs[0]: speed is -2.0 m/s; expected a finite speed greater than 0 m/s"),
        LegCase(
            label: "infinite speed", start: .zero, startTime: 0,
            legs: [RouteLeg(destination: east, speed: .infinity)],
            error: .invalidSpeed(leg: 0, speed: .infinity),
            message: "legs[0]: speed is inf m/s; expected a finite speed greater than 0 m/s"),
        LegCase(
            label: "negative pause", start: .zero, startTime: 0,
            legs: [RouteLeg(destination: east, speed: 1, pause: -3)],
            error: .invalidPause(leg: 0, pause: -3),
            message: "legs[0]: pause is -3.0 s; expected a finite number of seconds, 0 or more"),
        LegCase(
            label: "infinite destination", start: .zero, startTime: 0,
            legs: [RouteLeg(destination: LocalPoint(east: 0, north: -.infinity), speed: 1)],
            error: .nonFiniteDestination(leg: 0, destination: LocalPoint(east: 0, north: -.infinity)),
            message: "legs[0]: destination is (east: 0.0 m, north: -inf m); expected finite east and north metres"),
        LegCase(
            label: "infinite start time", start: .zero, startTime: .infinity,
            legs: [RouteLeg(destination: east, speed: 1)],
            error: .nonFiniteRouteStart(point: .zero, time: .infinity),
            message: "route start: point (east: 0.0 m, north: 0.0 m) at time inf s; "
                + "expected finite east and north metres and a finite number of seconds"),
    ]

    @Test("invalid routes throw an error naming the leg", arguments: legCases)
    func invalidRoutes(_ testCase: LegCase) {
        #expect(throws: testCase.error) {
            _ = try Trajectory.route(from: testCase.start, startingAt: testCase.startTime, legs: testCase.legs)
        }
        #expect(testCase.error.description == testCase.message)
    }
}
