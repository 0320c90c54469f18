import Foundation
import Wakeful

extension RunTally {
    /// Scores ``SuccessMeasure/switches(within:expected:)``: each moment the schedule switched counts
    /// once, by the first switch that answered it (a relaunched process records its switch again).
    func switchesResult(_ measure: String, within: TimeInterval, expected: Int) -> SuccessResult {
        var first: [TimeInterval: (late: TimeInterval, on: Bool)] = [:]
        for change in scheduleSwitches where first[change.boundary] == nil {
            first[change.boundary] = (change.time - change.boundary, change.on)
        }
        let moments = first.sorted { $0.key < $1.key }
        let inTime = moments.count { $0.value.late <= within }
        let score = min(1, Double(inTime) / Double(expected))
        let each = moments.prefix(4).map { moment in
            let late = moment.value.late
            return "\(moment.value.on ? "on" : "off") \(late < 1 ? "at once" : Format.duration(late) + " late")"
        }
        let missed = max(0, expected - moments.count)
        var summary = "\(inTime) of \(expected) in time"
        if !each.isEmpty { summary += " (\(each.joined(separator: ", "))\(moments.count > 4 ? ", …" : ""))" }
        if missed > 0 { summary += ", \(missed) never" }
        return SuccessResult(measure: measure, score: score, summary: summary, largestGap: nil)
    }
}
