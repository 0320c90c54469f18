import Foundation
import Wakeful

extension RunTally {
    /// Scores ``SuccessMeasure/shown(within:)``: for each push the scenario gave an id, whether what
    /// it carried reached the screen (an ActivityKit push shown on the Lock Screen, LIVE-8) within
    /// `within` seconds of sending. The largest gap is the latest push, with what held it back:
    /// no token, the budget, grouping while the phone lay idle, an ended activity.
    func shownResult(_ measure: String, within: TimeInterval, duration: TimeInterval) -> SuccessResult {
        let measured = pushes.filter(\.measured)
        var onTime = 0
        var worst: (push: PushOutcome, latency: TimeInterval)?
        for push in measured {
            let latency = (push.deliveredAt ?? duration) - push.sentAt
            if push.deliveredAt != nil && latency <= within {
                onTime += 1
            } else if latency > (worst?.latency ?? -1) {
                worst = (push, latency)
            }
        }
        let score = measured.isEmpty ? 1 : Double(onTime) / Double(measured.count)
        let summary =
            "\(onTime) of \(measured.count) pushes shown within \(Format.duration(within)) (\(Int((score * 100).rounded())) %)"
        let gap = worst.map { worst -> Gap in
            let push = worst.push
            let cause =
                push.cause ?? push.deliveredAt.map { "shown after \(Format.duration($0 - push.sentAt))" }
                ?? "never shown"
            return Gap(
                from: push.sentAt, to: push.deliveredAt ?? duration, cause: cause,
                endedBy: push.deliveredAt == nil ? "end of scenario" : "shown (\(push.id))", rules: push.rules)
        }
        return SuccessResult(measure: measure, score: score, summary: summary, largestGap: gap)
    }
}
