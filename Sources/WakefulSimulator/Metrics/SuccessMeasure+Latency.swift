import Foundation
import Wakeful

extension RunTally {
    /// Scores ``SuccessMeasure/latency(record:within:)``: for each push the scenario gave an id,
    /// the first `record` whose `id` is the push's, no earlier than the send. The largest gap is the
    /// latest push, attributed to what the push went through: throttled, held, force-quit, Low
    /// Power Mode, refused headers (the decisions of ``SimulatedDevice``), or the app's own delay.
    func latencyResult(_ measure: String, record: String, within: TimeInterval, duration: TimeInterval) -> SuccessResult
    {
        let measured = pushes.filter(\.measured)
        var onTime = 0
        var worst: (push: PushOutcome, answeredAt: TimeInterval?, latency: TimeInterval)?
        for push in measured {
            let answer = recordLog.first { $0.kind == record && $0.id == push.id && $0.time >= push.sentAt }
            let latency = (answer?.time ?? duration) - push.sentAt
            if answer != nil && latency <= within {
                onTime += 1
            } else if latency > (worst?.latency ?? -1) {
                worst = (push, answer?.time, latency)
            }
        }
        let score = measured.isEmpty ? 1 : Double(onTime) / Double(measured.count)
        let summary =
            "\(onTime) of \(measured.count) pushes answered within \(Format.duration(within)) (\(Int((score * 100).rounded())) %)"
        let gap = worst.map { worst -> Gap in
            let push = worst.push
            let cause: String
            if let reason = push.cause {
                cause = reason
            } else if let delivered = push.deliveredAt {
                cause =
                    worst.answeredAt == nil
                    ? "delivered after \(Format.duration(delivered - push.sentAt)); the app recorded no \(record)"
                    : "delivered after \(Format.duration(delivered - push.sentAt)); the app answered late"
            } else {
                cause = "never delivered"
            }
            return Gap(
                from: push.sentAt, to: worst.answeredAt ?? duration, cause: cause,
                endedBy: worst.answeredAt == nil ? "end of scenario" : "answered (\(push.id))", rules: push.rules)
        }
        return SuccessResult(measure: measure, score: score, summary: summary, largestGap: gap)
    }
}
