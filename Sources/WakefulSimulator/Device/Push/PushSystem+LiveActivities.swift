import Foundation
import Wakeful

/// ActivityKit pushes in the push system: the rules of their sending, and their fate as the run's
/// measures read it: shown on the Lock Screen, or not, with the rule (LIVE-4 to LIVE-9).
extension PushSystem {
    /// The rules of the server's sending the push at `index`: a silent push's (PUSH-1), or an
    /// ActivityKit push's, sent to the push-to-start token (LIVE-4) or an update token (LIVE-5).
    func sentRules(_ index: Int) -> [String] {
        guard let payload = sends[index].push.liveActivity else { return ["PUSH-1"] }
        return payload.event == .start ? ["LIVE-4"] : ["LIVE-5"]
    }

    /// The push at `index` changed what the Lock Screen shows at `time`.
    mutating func noteShown(_ index: Int, at time: TimeInterval) {
        outcomes[index].deliveredAt = time
    }

    /// The push at `index` changed nothing on screen.
    mutating func noteNotShown(_ index: Int, why: String, rules: [String]) {
        outcomes[index].cause = "not shown: \(why)"
        outcomes[index].rules = RuleIDs.sorted(rules)
    }
}
