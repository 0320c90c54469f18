import Foundation
import Wakeful
import WakefulSimulator

/// What the timeline itself says iOS refused, held back or deferred. Failures name these beside
/// the gap attribution, so that a push dropped for a missing background mode reads
/// `pushNotDelivered (push-1): UIBackgroundModes lacks remote-notification [PUSH-1]`, not only
/// "suspended after leaving the foreground".
enum TimelineReasons {
    /// The decisions in which iOS refused, held back or deferred something the app needed.
    static let refusals: Set<String> = [
        "pushNotDelivered", "pushHeld", "heldPushReplaced", "heldPushDiscarded", "wakeSuppressed", "relaunchSuppressed",
        "commandRefused", "regionRefused", "taskSubmitFailed", "taskDeferred", "backgroundLocationUnavailable",
        "backgroundAudioUnavailable", "scanRestricted", "transferDeferred", "uploadNotStarted", "outboxUnavailable",
    ]

    /// The refusals among `entries` from `start` to `end`, in time order.
    static func refusals(in entries: [TimelineEntry], from start: TimeInterval, to end: TimeInterval) -> [TimelineEntry]
    {
        entries.filter { entry in
            guard entry.time >= start, entry.time <= end, case .decision(let decision) = entry.body else {
                return false
            }
            return refusals.contains(decision.name)
        }
    }

    /// What a failure says about the refusals among `entries`: one line per kind of refusal (name,
    /// reason and rules), in the order they first happened, at most `limit`
    /// (`- at 5 min 00 s: pushNotDelivered (push-1): … [PUSH-1] (3 times, the last at 9 min 00 s)`),
    /// and the first entry of each kind, for ``ExpectationFailure/entries``.
    static func summary(of entries: [TimelineEntry], limit: Int = 4) -> (lines: [String], cited: [TimelineEntry]) {
        var groups: [(key: String, first: TimelineEntry, last: TimelineEntry, count: Int)] = []
        for entry in entries {
            guard case .decision(let decision) = entry.body else { continue }
            let key = "\(decision.name)|\(reason(decision.fields) ?? "")|\(decision.rules)"
            if let index = groups.firstIndex(where: { $0.key == key }) {
                groups[index].last = entry
                groups[index].count += 1
            } else {
                groups.append((key, entry, entry, 1))
            }
        }
        var lines = groups.prefix(limit).map { group in
            let repeats =
                group.count == 1
                ? "" : " (\(group.count) times, the last at \(SimulatedTime.describe(group.last.time)))"
            return "- at \(SimulatedTime.describe(group.first.time)): \(describe(group.first))\(repeats)"
        }
        if groups.count > limit { lines.append("- and \(groups.count - limit) more kinds of refusal") }
        return (lines, groups.prefix(limit).map(\.first))
    }

    /// `pushNotDelivered (push-1): UIBackgroundModes lacks remote-notification [PUSH-1]`.
    static func describe(_ entry: TimelineEntry) -> String {
        guard case .decision(let decision) = entry.body else { return entry.kind }
        let subject = ["id", "source", "command", "region", "identifier", "session", "job"].lazy.compactMap {
            decision.fields[$0]
        }.first
        let rules = decision.rules.isEmpty ? "" : " [\(decision.rules.joined(separator: ", "))]"
        return decision.name + (subject.map { " (\($0))" } ?? "") + (reason(decision.fields).map { ": \($0)" } ?? "")
            + rules
    }

    /// The reason a decision gives, under whichever key its rule uses.
    private static func reason(_ fields: [Field]) -> String? {
        (fields["why"] ?? fields["waitedFor"] ?? fields["error"] ?? fields["reason"])?.description
    }

    /// The paragraph a failure adds about the refusals in a stretch (`In that gap the timeline
    /// shows:` and a line each), and the entries it cites; nothing when there are none.
    static func paragraph(_ entries: [TimelineEntry], in stretch: String) -> (text: String, cited: [TimelineEntry]) {
        guard !entries.isEmpty else { return ("", []) }
        let summary = summary(of: entries)
        return ("\n\(stretch) the timeline shows:\n" + summary.lines.joined(separator: "\n"), summary.cited)
    }
}
