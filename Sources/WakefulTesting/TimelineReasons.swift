import Foundation
import Wakeful
import WakefulSimulator

/// What the timeline itself says iOS refused, held back or deferred. Failures name these beside
/// the gap attribution, so that a push dropped for a missing background mode reads
/// `pushNotDelivered (push-1): UIBackgroundModes lacks remote-notification [PUSH-1]`, not only
/// "suspended after leaving the foreground".
enum TimelineReasons {
    /// A refusal in the timeline, with who issued the command it refuses, when it refuses one.
    struct Refusal {
        var entry: TimelineEntry
        var decision: SystemDecision
        /// The strategy, `JobScheduler` or `Uploader` that issued the refused command.
        var issuer: String?
    }

    /// The decisions in which iOS refused, held back or deferred something the app needed.
    static let refusals: Set<String> = [
        "pushNotDelivered", "pushHeld", "heldPushReplaced", "heldPushDiscarded", "wakeSuppressed", "relaunchSuppressed",
        "commandRefused", "regionRefused", "taskSubmitFailed", "taskDeferred", "backgroundLocationUnavailable",
        "backgroundAudioUnavailable", "scanRestricted", "transferDeferred", "uploadNotStarted", "outboxUnavailable",
    ]

    /// The refusals among `entries` from `start` to `end` that bear on `concern`, in time order.
    static func refusals(
        in entries: [TimelineEntry], from start: TimeInterval, to end: TimeInterval, bearingOn concern: Concern
    ) -> [Refusal] {
        var issuers: [String: String] = [:]  // the last owner of each command name
        var found: [Refusal] = []
        for entry in entries {
            guard entry.time <= end else { break }
            switch entry.body {
            case .command(let command, let owner):
                issuers[command.name] = owner
            case .decision(let decision) where entry.time >= start && refusals.contains(decision.name):
                let issuer = decision.fields["command"].flatMap { issuers[$0.description] }
                if concern.isBorne(by: decision, issuer: issuer) {
                    found.append(Refusal(entry: entry, decision: decision, issuer: issuer))
                }
            default:
                break
            }
        }
        return found
    }

    /// What a failure says about `refusals`: one line per kind of refusal (name, reason and rules),
    /// in the order they first happened, at most `limit`
    /// (`- at 5 min 00 s: pushNotDelivered (push-1): … [PUSH-1] (3 times, the last at 9 min 00 s)`),
    /// and the first entry of each kind, for ``ExpectationFailure/entries``.
    static func summary(of refusals: [Refusal], limit: Int = 4) -> (lines: [String], cited: [TimelineEntry]) {
        var groups: [(key: String, first: Refusal, last: TimelineEntry, count: Int)] = []
        for refusal in refusals {
            let key = "\(refusal.decision.name)|\(reason(refusal.decision.fields) ?? "")|\(refusal.decision.rules)"
            if let index = groups.firstIndex(where: { $0.key == key }) {
                groups[index].last = refusal.entry
                groups[index].count += 1
            } else {
                groups.append((key, refusal, refusal.entry, 1))
            }
        }
        var lines = groups.prefix(limit).map { group in
            let repeats =
                group.count == 1
                ? "" : " (\(group.count) times, the last at \(SimulatedTime.describe(group.last.time)))"
            return "- at \(SimulatedTime.describe(group.first.entry.time)): \(describe(group.first))\(repeats)"
        }
        if groups.count > limit { lines.append("- and \(groups.count - limit) more kinds of refusal") }
        return (lines, groups.prefix(limit).map(\.first.entry))
    }

    /// `pushNotDelivered (push-1): UIBackgroundModes lacks remote-notification [PUSH-1]`.
    static func describe(_ entry: TimelineEntry) -> String {
        guard case .decision(let decision) = entry.body else { return entry.kind }
        return describe(decision)
    }

    /// A refusal in words; the job scheduler's fetch interval, which iOS 13+ ignores by design,
    /// says so instead of pointing at the Info.plist.
    static func describe(_ refusal: Refusal) -> String {
        guard isSupersededFetchInterval(refusal.decision, issuer: refusal.issuer) else {
            return describe(refusal.decision)
        }
        return "setMinimumBackgroundFetchInterval (JobScheduler) ignored, as iOS 13 and later do for an app that lists "
            + "BGTaskSchedulerPermittedIdentifiers: the job scheduler sets it for iOS 12 and earlier and asks "
            + "BGTaskScheduler for its wakes here\(citation(refusal.decision.rules))"
    }

    /// Whether `decision` is iOS 13+ ignoring the fetch interval the job scheduler set beside its
    /// task requests: expected, and nothing to change in the Info.plist (BGT-1, BGT-9).
    static func isSupersededFetchInterval(_ decision: SystemDecision, issuer: String?) -> Bool {
        decision.name == "commandRefused" && issuer == JobScheduler.ownerName
            && decision.fields["command"] == "setMinimumBackgroundFetchInterval"
            && decision.fields["why"]?.description.hasPrefix("ignored:") == true
    }

    private static func describe(_ decision: SystemDecision) -> String {
        let subject = ["id", "source", "command", "region", "identifier", "session", "job"].lazy.compactMap {
            decision.fields[$0]
        }.first
        return decision.name + (subject.map { " (\($0))" } ?? "") + (reason(decision.fields).map { ": \($0)" } ?? "")
            + citation(decision.rules)
    }

    /// ` [BGT-1, BGT-9]`, or nothing without rules.
    static func citation(_ rules: [String]) -> String {
        rules.isEmpty ? "" : " [\(rules.joined(separator: ", "))]"
    }

    /// The reason a decision gives, under whichever key its rule uses.
    private static func reason(_ fields: [Field]) -> String? {
        (fields["why"] ?? fields["waitedFor"] ?? fields["error"] ?? fields["reason"])?.description
    }

    /// The paragraph a failure adds about the refusals in a stretch (`In that gap the timeline
    /// shows:` and a line each), and the entries it cites; nothing when there are none.
    static func paragraph(_ refusals: [Refusal], in stretch: String) -> (text: String, cited: [TimelineEntry]) {
        guard !refusals.isEmpty else { return ("", []) }
        let summary = summary(of: refusals)
        return ("\n\(stretch) the timeline shows:\n" + summary.lines.joined(separator: "\n"), summary.cited)
    }
}
