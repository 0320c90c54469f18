import Foundation
import Wakeful

/// What a run's Live Activities showed the user, and why some pushes were not shown (LIVE-1 to
/// LIVE-10): the Lock Screen's side of a run, beside the app's.
public struct LiveActivitySummary: Sendable, Hashable, Codable {
    /// A reason something was not shown, how often, and its rules.
    public struct Miss: Sendable, Hashable, Codable {
        public var why: String
        public var rules: [String]
        public var count: Int
    }

    /// Activities started, by the app or by push.
    public var started = 0
    /// ActivityKit pushes whose content reached the screen.
    public var pushesShown = 0
    /// Of those, the ones shown while the app's code was not running (suspended or not running).
    public var shownWhileAppStopped = 0
    /// Pushes not shown and starts refused, each reason once in the order first met.
    public var misses: [Miss] = []

    /// Whether the run had anything to do with Live Activities.
    var isEmpty: Bool { started == 0 && pushesShown == 0 && misses.isEmpty }

    mutating func note(_ why: String, rules: [String]) {
        if let index = misses.firstIndex(where: { $0.why == why }) {
            misses[index].count += 1
        } else {
            misses.append(Miss(why: why, rules: RuleIDs.sorted(rules), count: 1))
        }
    }

    /// What the Lock Screen showed and why not more, for the report's explanation: the runs of
    /// `setup` on `versions` that share this summary.
    func sentence(setup: String, versions: String) -> String {
        let attempts = pushesShown + misses.reduce(0) { $0 + $1.count }
        var text =
            pushesShown == 0
            ? "With \(setup) on \(versions) the Lock Screen showed no Live Activity content"
            : "With \(setup) on \(versions) the Lock Screen showed \(pushesShown) of \(attempts) Live Activity pushes, "
                + (shownWhileAppStopped == pushesShown ? "every one" : "\(shownWhileAppStopped)")
                + " while the app was suspended: the system draws a Live Activity and runs none of the app's code for it (LIVE-8)"
        if !misses.isEmpty {
            let reasons = misses.map { miss in
                "\(miss.why)\(miss.count > 1 ? " (\(miss.count)×)" : "") (\(miss.rules.joined(separator: ", ")))"
            }
            text += pushesShown == 0 ? ": " : "; not shown: "
            text += reasons.joined(separator: "; ")
        }
        return text + "."
    }
}
