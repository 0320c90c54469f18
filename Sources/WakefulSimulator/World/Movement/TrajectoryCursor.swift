import Foundation
import Wakeful

/// Amortised O(1) lookups for monotonically increasing times (the simulator's case); falls back to search when time goes back.
///
/// The cursor remembers the segment of its last query. A later time usually falls in the same or
/// the next few segments, which it checks first; any other time (earlier, or far ahead) is found
/// by binary search. Answers are always identical to ``Trajectory``'s own.
///
/// ```swift
/// var cursor = TrajectoryCursor(trajectory)
/// for second in 0..<3_600 { _ = cursor.position(at: TimeInterval(second)) }
/// ```
public struct TrajectoryCursor: Sendable {
    /// How many segments a forward query walks before it gives up and searches.
    private static let forwardScanLimit = 4

    /// The trajectory being followed.
    public let trajectory: Trajectory
    /// The segment index of the last query (see `Trajectory.segmentIndex(at:)`).
    private var segment: Int

    /// Creates a cursor positioned before the trajectory's first knot.
    public init(_ trajectory: Trajectory) {
        self.trajectory = trajectory
        self.segment = -1
    }

    /// Where the user is at `time`; equal to `trajectory.position(at: time)`.
    ///
    /// - Complexity: amortised O(1) for non-decreasing times, O(log n) otherwise; does not allocate.
    public mutating func position(at time: TimeInterval) -> LocalPoint {
        trajectory.position(at: time, segment: seek(time))
    }

    /// Speed in m/s at `time`; equal to `trajectory.speed(at: time)`.
    ///
    /// - Complexity: amortised O(1) for non-decreasing times, O(log n) otherwise; does not allocate.
    public mutating func speed(at time: TimeInterval) -> Double {
        trajectory.speed(segment: seek(time))
    }

    /// Whether the user is moving at `time`; equal to `trajectory.isMoving(at: time)`.
    ///
    /// - Complexity: amortised O(1) for non-decreasing times, O(log n) otherwise; does not allocate.
    public mutating func isMoving(at time: TimeInterval) -> Bool {
        speed(at: time) > 0
    }

    /// Moves the cursor to the segment containing `time` and returns it.
    private mutating func seek(_ time: TimeInterval) -> Int {
        if trajectory.segment(segment, contains: time) { return segment }
        let knots = trajectory.knots
        var candidate = segment
        for _ in 0..<Self.forwardScanLimit {
            let next = candidate + 1
            guard next < knots.count, knots[next].time <= time else { break }
            candidate = next
            if trajectory.segment(candidate, contains: time) {
                segment = candidate
                return candidate
            }
        }
        segment = trajectory.segmentIndex(at: time)
        return segment
    }
}
