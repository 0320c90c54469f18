import Foundation
import Wakeful

/// The fate of an ActivityKit push as the run's measures read it: shown on the Lock Screen, or
/// not, with the rule (LIVE-4 to LIVE-9).
extension PushSystem {
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
