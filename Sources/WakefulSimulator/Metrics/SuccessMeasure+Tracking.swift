import Foundation
import Wakeful

extension RunTally {
    /// Tracking coverage: the run cut into `interval`-long slots; a slot in which the user moves at
    /// all must hold a `record` whose accuracy is at most `accuracy` metres. The score is the share
    /// of moving slots met; the gap is the longest moving stretch without such a record.
    func trackedResult(
        _ measure: String, record: String, interval: TimeInterval, accuracy: Double, movement: Trajectory,
        duration: TimeInterval
    ) -> SuccessResult {
        let fixes = recordLog.filter { $0.kind == record && ($0.accuracy ?? .infinity) <= accuracy }.map(\.time)
        var cursor = TrajectoryCursor(movement)
        var moving = 0
        var met = 0
        var missed: [(from: TimeInterval, to: TimeInterval)] = []
        var next = 0
        let slots = Int((duration / interval).rounded(.up))
        for slot in 0..<slots {
            let start = Double(slot) * interval
            let end = min(start + interval, duration)
            guard Self.moves(&cursor, from: start, to: end) else { continue }
            moving += 1
            while next < fixes.count && fixes[next] < start { next += 1 }
            if next < fixes.count && fixes[next] < end {
                met += 1
            } else if let last = missed.last, last.to == start {
                missed[missed.count - 1].to = end
            } else {
                missed.append((start, end))
            }
        }
        let score = moving == 0 ? 1 : Double(met) / Double(moving)
        let summary = "\(met) of \(moving) moving slots (\(Int((score * 100).rounded())) %)"
        let worst = missed.max { $0.to - $0.from < $1.to - $1.from }
        return SuccessResult(
            measure: measure, score: score, summary: summary,
            largestGap: worst.map { attributeGap(from: $0.from, to: $0.to, end: duration) })
    }

    /// Whether the user moves at any moment of `[from, to)`: the path is piecewise linear, so it is
    /// enough to look at the segment at `from` and at every knot inside.
    private static func moves(_ cursor: inout TrajectoryCursor, from: TimeInterval, to: TimeInterval) -> Bool {
        var time = from
        while time < to {
            if cursor.speed(at: time) > 0 { return true }
            guard let knot = cursor.trajectory.nextKnotTime(after: time) else { return false }
            time = knot
        }
        return false
    }
}
