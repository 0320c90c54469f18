import Foundation
import Wakeful

extension RunTally {
    /// Tracking coverage: the run cut into `interval`-long slots; a slot in which the user travels
    /// more than `accuracy` metres (less would not move the track beyond a fix's own uncertainty)
    /// must hold a `record` whose accuracy is at most `accuracy` metres. The score is the share of
    /// moving slots met, the summary adds the median accuracy of all the records (a cell-only fix is
    /// kilometres wide); the gap is the longest moving stretch without such a record.
    func trackedResult(
        _ measure: String, record: String, interval: TimeInterval, accuracy: Double, movement: Trajectory,
        duration: TimeInterval
    ) -> SuccessResult {
        let all = recordLog.filter { $0.kind == record }
        let fixes = all.filter { ($0.accuracy ?? .infinity) <= accuracy }.map(\.time)
        var cursor = TrajectoryCursor(movement)
        var moving = 0
        var met = 0
        var missed: [(from: TimeInterval, to: TimeInterval)] = []
        var next = 0
        let slots = Int((duration / interval).rounded(.up))
        for slot in 0..<slots {
            let start = Double(slot) * interval
            let end = min(start + interval, duration)
            guard Self.travelled(&cursor, from: start, to: end) > accuracy else { continue }
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
        var summary = "\(met) of \(moving) moving slots (\(Int((score * 100).rounded())) %)"
        let accuracies = all.compactMap(\.accuracy).sorted()
        if !accuracies.isEmpty { summary += ", median \(Format.meters(accuracies[accuracies.count / 2]))" }
        let worst = missed.max { $0.to - $0.from < $1.to - $1.from }
        return SuccessResult(
            measure: measure, score: score, summary: summary,
            largestGap: worst.map { attributeGap(from: $0.from, to: $0.to, end: duration) })
    }

    /// How far the user travels in `[from, to)`: the path is piecewise linear, so the distance is
    /// that between its position at `from`, at every knot inside and at `to`.
    private static func travelled(_ cursor: inout TrajectoryCursor, from: TimeInterval, to: TimeInterval) -> Double {
        var time = from
        var here = cursor.position(at: from)
        var distance = 0.0
        while time < to {
            let next = min(cursor.trajectory.nextKnotTime(after: time) ?? to, to)
            let there = cursor.position(at: next)
            distance += here.distance(to: there)
            here = there
            time = next
        }
        return distance
    }
}
