import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

@Suite("TrajectoryCursor", .watchdog, .cpuBound)
struct TrajectoryCursorTests {
    /// A zig-zag with pauses, jumps and a long stretch, so the cursor crosses many kinds of segment.
    static func zigzag() throws -> Trajectory {
        var knots: [TrajectoryKnot] = []
        var time = 10.0
        for index in 0..<60 {
            let point = LocalPoint(east: Double(index * 7 % 23), north: Double(index * 3))
            knots.append(TrajectoryKnot(time: time, point: point))
            switch index % 4 {
            case 0: time += 0  // next knot is a jump at the same time
            case 1: time += 0.25
            case 2: time += 30  // pause-like long segment
            default: time += 1
            }
        }
        return try Trajectory(knots: knots)
    }

    static let monotonicTimes: [TimeInterval] = Array(stride(from: 0.0, through: 600, by: 0.125))

    static let jumpingTimes: [TimeInterval] = {
        var generator = SeededGenerator(seed: 99)
        return (0..<2_000).map { _ in generator.uniform(-20...650) }
    }()

    @Test("the cursor matches position(at:) and speed(at:) for increasing times")
    func monotonic() throws {
        let trajectory = try Self.zigzag()
        var cursor = TrajectoryCursor(trajectory)
        for time in Self.monotonicTimes {
            #expect(cursor.position(at: time) == trajectory.position(at: time), "at \(time)")
            #expect(cursor.speed(at: time) == trajectory.speed(at: time), "at \(time)")
            #expect(cursor.isMoving(at: time) == trajectory.isMoving(at: time), "at \(time)")
        }
    }

    @Test("the cursor matches position(at:) when time goes back and forth")
    func nonMonotonic() throws {
        let trajectory = try Self.zigzag()
        var cursor = TrajectoryCursor(trajectory)
        let knotTimes = trajectory.knots.map(\.time)
        for time in Self.jumpingTimes + knotTimes.reversed() + knotTimes {
            #expect(cursor.position(at: time) == trajectory.position(at: time), "at \(time)")
            #expect(cursor.speed(at: time) == trajectory.speed(at: time), "at \(time)")
        }
    }

    @Test("the cursor follows a single-knot trajectory")
    func singleKnot() {
        let point = LocalPoint(east: 1, north: 2)
        var cursor = TrajectoryCursor(.stationary(at: point))
        for time in [-5.0, 0, 5, -1, 100] {
            #expect(cursor.position(at: time) == point)
            #expect(cursor.speed(at: time) == 0)
        }
    }
}
