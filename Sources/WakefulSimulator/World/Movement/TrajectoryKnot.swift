import Foundation
import Wakeful

/// One knot of a piecewise-linear path: where the user is at a time.
public struct TrajectoryKnot: Sendable, Hashable {
    /// Simulation time in seconds.
    public var time: TimeInterval
    /// Where the user is at ``time``.
    public var point: LocalPoint

    /// Creates a knot placing the user at `point` at `time`.
    public init(time: TimeInterval, point: LocalPoint) {
        self.time = time
        self.point = point
    }
}
