import Foundation
import Wakeful
import WakefulSimulator

/// Expectations that something reached the app: a silent push iOS delivered, a job that ran to
/// completion. Like the others, each returns whether it held and, when it did not, reports at the
/// caller's line what happened instead, from the timeline, with the rules behind it.
extension BackgroundTestRun {
    /// Expects iOS to have delivered the silent push `id` to the app (any push when nil), within
    /// `window` or the run so far.
    ///
    /// A push the server sent is not always delivered: iOS drops it without the
    /// `remote-notification` background mode or after a force-quit, and holds it back in Low Power
    /// Mode or over the hourly budget (PUSH-1 to PUSH-9). The failure gives each push's fate as
    /// the timeline records it.
    ///
    /// ```swift
    /// run.sendSilentPush(id: "start")
    /// run.expectPushDelivered("start")
    /// ```
    ///
    /// - Parameters:
    ///   - id: The push's id, as given to ``sendSilentPush(id:userInfo:fileID:filePath:line:column:)``
    ///     or in the scenario; any push when nil.
    ///   - window: The stretch of simulated time since the start in which it must have been
    ///     delivered; the whole run so far when nil. It must not reach past the run's current time.
    ///   - fileID: The calling file, for the failure report; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    @discardableResult
    public func expectPushDelivered(
        _ id: String? = nil, during window: ClosedRange<Duration>? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let window = self.window(window, for: .pushDelivered, "expectPushDelivered", at: site) else {
            return false
        }
        let decisions = self.decisions.filter { id == nil || $0.decision.fields["id"]?.description == id }
        if decisions.contains(where: { $0.decision.name == "pushDelivered" && window.contains($0.entry.time) }) {
            return true
        }
        let what = id.map { "push \"\($0)\"" } ?? "a push"
        let sent = decisions.filter { $0.decision.name == "pushSent" && $0.entry.time <= window.end }
        guard !sent.isEmpty else {
            let all = self.decisions.filter { $0.decision.name == "pushSent" }.compactMap {
                $0.decision.fields["id"]?.description
            }
            site.report(
                .pushDelivered, over: window.range,
                "Expected \(what) to be delivered to the app\(window.phrase), but no \(id == nil ? "push" : what) was sent by "
                    + "\(SimulatedTime.describe(window.end)) (sent: \(all.isEmpty ? "none" : all.joined(separator: ", "))). "
                    + "Send one with sendSilentPush(id:userInfo:) or send(_:).")
            return false
        }
        var lines: [String] = []
        var cited: [TimelineEntry] = []
        for push in sent.prefix(5) {
            let pushID = push.decision.fields["id"]?.description ?? ""
            let fate = decisions.filter {
                $0.decision.fields["id"]?.description == pushID && Self.pushFates.contains($0.decision.name)
            }
            cited += fate.map(\.entry)
            let story = fate.map { "at \(SimulatedTime.describe($0.entry.time)) \(TimelineReasons.describe($0.entry))" }
            lines.append(
                "- \(pushID), sent at \(SimulatedTime.describe(push.entry.time)): "
                    + (story.isEmpty
                        ? "not delivered by \(SimulatedTime.describe(window.end))" : story.joined(separator: "; then "))
            )
        }
        if sent.count > 5 { lines.append("- and \(sent.count - 5) more") }
        site.report(
            .pushDelivered, over: window.range,
            "Expected \(what) to be delivered to the app\(window.phrase), but \(sent.count == 1 ? "it was not" : "none was"):\n"
                + lines.joined(separator: "\n"),
            entries: cited)
        return false
    }

    /// Expects a run of `job` (one of the app's declared jobs) to have completed, within `window`
    /// or the run so far.
    ///
    /// Jobs run only on the wakes iOS grants and only while the app executes: a suspension freezes
    /// a run, a kill loses it, a job that needs the network fails without one. The failure lists
    /// each run and how it ended, or, when none started, what the timeline shows iOS refusing or
    /// deferring meanwhile.
    ///
    /// ```swift
    /// run.expectJobRan("sync", during: .minutes(0) ... .minutes(30))
    /// ```
    ///
    /// - Parameters:
    ///   - job: The job's id, as declared in the app's agent configuration.
    ///   - window: The stretch of simulated time since the start in which a run must have
    ///     completed; the whole run so far when nil. It must not reach past the run's current time.
    ///   - fileID: The calling file, for the failure report; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    @discardableResult
    public func expectJobRan(
        _ job: String, during window: ClosedRange<Duration>? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let window = self.window(window, for: .jobRan, "expectJobRan", at: site) else { return false }
        let runs = decisions.filter { $0.decision.fields["job"]?.description == job && window.contains($0.entry.time) }
        let finished = runs.filter { $0.decision.name == "jobFinished" }
        if finished.contains(where: { $0.decision.fields["outcome"]?.description == JobOutcome.completed.rawValue }) {
            return true
        }
        let expected = "Expected job \"\(job)\" to run to completion\(window.phrase)"
        let declared = device.scenario.app.jobs.map(\.id)
        guard declared.contains(job) else {
            site.report(
                .jobRan, over: window.range,
                "\(expected), but the app declares no job \"\(job)\" (its jobs: \(declared.isEmpty ? "none" : declared.joined(separator: ", "))). "
                    + "Declare it in the app's agent configuration: `AgentConfiguration(jobs: JobScheduler.Options(jobs: [Job(id: \"\(job)\", …)]))`."
            )
            return false
        }
        let started = runs.filter { $0.decision.name == "jobStarted" }
        guard !started.isEmpty else {
            // What kept the job from running may have happened before the window: a refresh
            // request refused at launch leaves nothing to wake the app in it.
            let all = TimelineReasons.refusals(in: timeline, from: 0, to: window.end, bearingOn: .jobs)
            let before = TimelineReasons.paragraph(
                all.filter { $0.entry.time < window.start }, in: "Before the window")
            let meanwhile = TimelineReasons.paragraph(
                all.filter { $0.entry.time >= window.start }, in: window.isExplicit ? "In the window" : "Meanwhile")
            let next =
                lastRequestRefused(by: window.end).map { refused in
                    ", and none was coming: iOS refused the job scheduler's last request for one (\(refused.identifier)) "
                        + "at \(SimulatedTime.describe(refused.time)), for the reason below."
                } ?? ": open the app, or advance the run to the app's next wake."
            site.report(
                .jobRan, over: window.range,
                "\(expected), but no run of it started by \(SimulatedTime.describe(window.end)). Jobs run on the wakes iOS grants"
                    + next + before.text + meanwhile.text,
                entries: before.cited + meanwhile.cited)
            return false
        }
        var cited: [TimelineEntry] = []  // how each run ended, or its start when it has not
        let lines = started.map { start -> String in
            let run = start.decision.fields["run"]?.description ?? "?"
            let head = "- run \(run), started at \(SimulatedTime.describe(start.entry.time))"
            guard let end = finished.first(where: { $0.decision.fields["run"]?.description == run }) else {
                cited.append(start.entry)
                return head + ": not finished by \(SimulatedTime.describe(window.end))"
            }
            cited.append(end.entry)
            let outcome = end.decision.fields["outcome"]?.description ?? "ended"
            let reason = end.decision.fields["reason"].map { " (\($0))" } ?? ""
            let rules = end.decision.rules.isEmpty ? "" : " [\(end.decision.rules.joined(separator: ", "))]"
            return head + ": \(outcome) at \(SimulatedTime.describe(end.entry.time))\(reason)\(rules)"
        }
        site.report(
            .jobRan, over: window.range,
            "\(expected), but \(started.count == 1 ? "its one run did not complete" : "none of its \(started.count) runs completed"):\n"
                + lines.joined(separator: "\n"),
            entries: cited)
        return false
    }

    /// The job scheduler's last request for a wake by `end`, when iOS refused it: no
    /// `BGTaskScheduler` request of its is pending then.
    private func lastRequestRefused(by end: TimeInterval) -> (identifier: String, time: TimeInterval)? {
        var submitted: String?
        var refused: (identifier: String, time: TimeInterval)?
        for entry in timeline {
            guard entry.time <= end else { break }
            switch entry.body {
            case .command(.submitTaskRequest(let request), JobScheduler.ownerName):
                submitted = request.identifier
            case .decision(let decision) where decision.fields["identifier"]?.description == submitted:
                switch decision.name {
                case "taskSubmitFailed", "commandRefused": refused = (submitted ?? "", entry.time)
                case "taskRequestAccepted", "taskRequestReplaced": refused = nil
                default: break
                }
            default:
                break
            }
        }
        return refused
    }

    /// The system's decisions so far, with their entries.
    private var decisions: [(entry: TimelineEntry, decision: SystemDecision)] {
        timeline.compactMap { entry in
            guard case .decision(let decision) = entry.body else { return nil }
            return (entry, decision)
        }
    }

    /// The decisions that tell what became of a push the server sent.
    private static let pushFates: Set<String> = [
        "pushDelivered", "pushNotDelivered", "pushHeld", "heldPushReleased", "heldPushHandedOver", "heldPushReplaced",
        "heldPushDiscarded",
    ]
}
