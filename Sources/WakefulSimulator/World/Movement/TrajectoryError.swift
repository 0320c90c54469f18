import Foundation
import Wakeful

/// Why a ``Trajectory`` could not be built: names the knot or leg, what is wrong and the expected form.
///
/// Knot and leg indices are zero-based positions in the array passed in, printed as `knots[3]`
/// and `legs[1]`.
public enum TrajectoryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The knot array was empty.
    case noKnots
    /// A knot's time is NaN or infinite.
    case nonFiniteTime(knot: Int, time: TimeInterval)
    /// A knot's point has a NaN or infinite component.
    case nonFinitePoint(knot: Int, point: LocalPoint)
    /// A knot's time is earlier than the previous knot's.
    case timeGoesBackwards(knot: Int, time: TimeInterval, previousTime: TimeInterval)
    /// A route's start time or start point is not finite.
    case nonFiniteRouteStart(point: LocalPoint, time: TimeInterval)
    /// A route leg's destination has a NaN or infinite component.
    case nonFiniteDestination(leg: Int, destination: LocalPoint)
    /// A route leg's speed is not a finite number greater than 0.
    case invalidSpeed(leg: Int, speed: Double)
    /// A route leg's pause is negative or not finite.
    case invalidPause(leg: Int, pause: TimeInterval)

    /// A one-line explanation naming the knot or leg, the problem and the expected form.
    public var description: String {
        switch self {
        case .noKnots:
            return "trajectory has no knots; expected at least one knot"
        case let .nonFiniteTime(knot, time):
            return "knots[\(knot)]: time is \(time); expected a finite number of seconds"
        case let .nonFinitePoint(knot, point):
            return "knots[\(knot)]: point is \(point); expected finite east and north metres"
        case let .timeGoesBackwards(knot, time, previousTime):
            return "knots[\(knot)]: time \(time) s is before knots[\(knot - 1)]'s \(previousTime) s; "
                + "expected times that never decrease"
        case let .nonFiniteRouteStart(point, time):
            return "route start: point \(point) at time \(time) s; "
                + "expected finite east and north metres and a finite number of seconds"
        case let .nonFiniteDestination(leg, destination):
            return "legs[\(leg)]: destination is \(destination); expected finite east and north metres"
        case let .invalidSpeed(leg, speed):
            return "legs[\(leg)]: speed is \(speed) m/s; expected a finite speed greater than 0 m/s"
        case let .invalidPause(leg, pause):
            return "legs[\(leg)]: pause is \(pause) s; expected a finite number of seconds, 0 or more"
        }
    }
}
