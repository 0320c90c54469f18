import Foundation
import Wakeful

/// Where the user is over time: piecewise-linear between knots, stationary before the first and after the last.
///
/// Between two knots the user moves in a straight line at constant speed. Several knots may share a
/// time (a jump); at that instant the user is at the last of them. Lookups are binary searches over
/// the knots and never allocate; for the simulator's monotonically increasing clock use a
/// ``TrajectoryCursor``, which makes them amortised O(1).
///
/// ```swift
/// let walk = try Trajectory.route(
///     from: .zero, startingAt: 0,
///     legs: [RouteLeg(destination: LocalPoint(east: 100, north: 0), speed: 1, pause: 30)]
/// )
/// walk.knots.map(\.time)            // [0, 100, 130]
/// walk.position(at: 50)             // (east: 50, north: 0)
/// walk.isMoving(at: 110)            // false: pausing
/// walk.nextKnotTime(after: 100)     // 130
/// ```
public struct Trajectory: Sendable, Hashable {
    /// The knots, in non-decreasing time order; never empty.
    public let knots: [TrajectoryKnot]
    /// Total path length in metres.
    public let length: Double

    /// Creates a trajectory through `knots`.
    ///
    /// - Parameter knots: At least one knot; times finite and non-decreasing; points finite.
    /// - Throws: ``TrajectoryError`` naming the first offending knot.
    public init(knots: [TrajectoryKnot]) throws(TrajectoryError) {
        guard !knots.isEmpty else { throw .noKnots }
        var previousTime = -Double.infinity
        for (index, knot) in knots.enumerated() {
            guard knot.time.isFinite else { throw .nonFiniteTime(knot: index, time: knot.time) }
            guard knot.point.isFinite else { throw .nonFinitePoint(knot: index, point: knot.point) }
            guard knot.time >= previousTime else {
                throw .timeGoesBackwards(knot: index, time: knot.time, previousTime: previousTime)
            }
            previousTime = knot.time
        }
        self.init(validated: knots)
    }

    /// Creates a trajectory from knots already known to be valid.
    private init(validated knots: [TrajectoryKnot]) {
        self.knots = knots
        var length = 0.0
        for index in knots.indices.dropFirst() {
            length += knots[index - 1].point.distance(to: knots[index].point)
        }
        self.length = length
    }

    /// A user who stays at `point` forever (one knot at time 0).
    public static func stationary(at point: LocalPoint) -> Trajectory {
        Trajectory(validated: [TrajectoryKnot(time: 0, point: point)])
    }

    /// A hand-written route: starting at `start` at time `startingAt`, each leg travels in a straight
    /// line to its destination at its speed, then pauses.
    ///
    /// Each leg adds a knot on arrival (unless the destination is where the user already is) and,
    /// when it pauses, a knot at the end of the pause.
    ///
    /// - Parameters:
    ///   - start: Where the user is at `startingAt` and before.
    ///   - startingAt: Simulation time in seconds at which the first leg begins.
    ///   - legs: The legs, in order; may be empty for a stationary user.
    /// - Throws: ``TrajectoryError`` naming the first offending leg (speed must be > 0 and finite,
    ///   pause ≥ 0 and finite, destination finite) or a non-finite start.
    public static func route(
        from start: LocalPoint,
        startingAt: TimeInterval,
        legs: [RouteLeg]
    ) throws(TrajectoryError) -> Trajectory {
        guard start.isFinite, startingAt.isFinite else {
            throw .nonFiniteRouteStart(point: start, time: startingAt)
        }
        var knots = [TrajectoryKnot(time: startingAt, point: start)]
        knots.reserveCapacity(1 + 2 * legs.count)
        var time = startingAt
        var here = start
        for (index, leg) in legs.enumerated() {
            guard leg.destination.isFinite else {
                throw .nonFiniteDestination(leg: index, destination: leg.destination)
            }
            guard leg.speed.isFinite, leg.speed > 0 else { throw .invalidSpeed(leg: index, speed: leg.speed) }
            guard leg.pause.isFinite, leg.pause >= 0 else { throw .invalidPause(leg: index, pause: leg.pause) }
            let distance = here.distance(to: leg.destination)
            if distance > 0 {
                time += distance / leg.speed
                here = leg.destination
                knots.append(TrajectoryKnot(time: time, point: here))
            }
            if leg.pause > 0 {
                time += leg.pause
                knots.append(TrajectoryKnot(time: time, point: here))
            }
        }
        return Trajectory(validated: knots)
    }

    /// Time of the first knot: the user is stationary at the first knot's point before it.
    public var startTime: TimeInterval { knots[0].time }

    /// Time of the last knot: the user is stationary at the last knot's point from then on.
    public var endTime: TimeInterval { knots[knots.count - 1].time }

    /// Where the user is at `time`.
    ///
    /// - Complexity: O(log n) in the number of knots; does not allocate.
    public func position(at time: TimeInterval) -> LocalPoint {
        position(at: time, segment: segmentIndex(at: time))
    }

    /// Speed in m/s of the segment containing `time`: 0 before the first knot, at or after the last,
    /// and while pausing.
    ///
    /// Segments are half-open, `[knot i, knot i+1)`: at the instant of arrival the next segment
    /// (often a pause) applies.
    ///
    /// - Complexity: O(log n); does not allocate.
    public func speed(at time: TimeInterval) -> Double {
        speed(segment: segmentIndex(at: time))
    }

    /// Whether the user is moving at `time` (``speed(at:)`` is greater than 0).
    ///
    /// - Complexity: O(log n); does not allocate.
    public func isMoving(at time: TimeInterval) -> Bool {
        speed(at: time) > 0
    }

    /// The next knot time strictly after `time`, or nil: lets the simulator skip ticks while nothing moves.
    ///
    /// - Complexity: O(log n); does not allocate.
    public func nextKnotTime(after time: TimeInterval) -> TimeInterval? {
        let next = segmentIndex(at: time) + 1
        return next < knots.count ? knots[next].time : nil
    }

    // MARK: - Segment arithmetic shared with TrajectoryCursor

    /// The index of the last knot whose time is at or before `time`, or -1 when `time` is before
    /// the first knot (or NaN).
    func segmentIndex(at time: TimeInterval) -> Int {
        var low = 0
        var high = knots.count
        while low < high {
            let middle = (low + high) / 2
            if knots[middle].time <= time { low = middle + 1 } else { high = middle }
        }
        return low - 1
    }

    /// Whether `segment` is the answer ``segmentIndex(at:)`` would give for `time`.
    func segment(_ segment: Int, contains time: TimeInterval) -> Bool {
        let afterStart = segment < 0 ? true : knots[segment].time <= time
        let beforeEnd = segment + 1 >= knots.count ? true : time < knots[segment + 1].time
        return afterStart && beforeEnd
    }

    /// The position at `time`, given its segment index from ``segmentIndex(at:)``.
    func position(at time: TimeInterval, segment: Int) -> LocalPoint {
        if segment < 0 { return knots[0].point }
        let next = segment + 1
        if next >= knots.count { return knots[segment].point }
        let from = knots[segment]
        let to = knots[next]
        // to.time > time >= from.time, so the duration is positive.
        let fraction = (time - from.time) / (to.time - from.time)
        return from.point.interpolated(to: to.point, fraction: fraction)
    }

    /// The speed of a segment index from ``segmentIndex(at:)``.
    func speed(segment: Int) -> Double {
        let next = segment + 1
        guard segment >= 0, next < knots.count else { return 0 }
        let from = knots[segment]
        let to = knots[next]
        return from.point.distance(to: to.point) / (to.time - from.time)
    }
}
