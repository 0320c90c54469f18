import Foundation
import Wakeful
import WakefulSimulator

/// "Did my task ever run?": the task scheduler as the app sees it on a device — pending requests,
/// the ledger of submissions and launches — the debug launch Xcode's LLDB command gives, and
/// expectations on them.
extension BackgroundTestRun {
    /// The `BGTaskScheduler` requests iOS holds pending now (`getPendingTaskRequests`, SIM-2).
    public var pendingTaskRequests: [TaskRequest] { device.pendingTaskRequests }

    /// Every submission and launch so far: errors, launch reasons, durations, expirations.
    ///
    /// ```swift
    /// let reason = run.taskHistory.launches.first?.reason  // .relaunch: iOS started the app for it
    /// ```
    public var taskHistory: TaskHistory { device.taskHistory }

    /// The task scheduler now, as `WakefulApp.taskSchedulerStatus()` shows it on a phone.
    public var taskSchedulerStatus: TaskSchedulerStatus { device.taskSchedulerStatus }

    /// Launches the pending request of `identifier` now, as
    /// `e -l objc -- (void)[[BGTaskScheduler sharedScheduler] _simulateLaunchForTaskWithIdentifier:@"…"]`
    /// does on a phone in a debug session (BGT-10). As on a phone, nothing launches when no request
    /// of it is pending (BGT-17) or the app is not running to ask; that is reported as a failure.
    ///
    /// ```swift
    /// run.openApp()
    /// run.pressHome()  // ScheduledRefresh submits its refresh
    /// run.simulateTaskLaunch("com.wakeful.refresh")
    /// run.expectTaskRan("com.wakeful.refresh")
    /// ```
    ///
    /// - Returns: Whether the task was launched.
    @discardableResult
    public mutating func simulateTaskLaunch(
        _ identifier: String,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        var decision: DebugTaskLaunch?
        drive("simulateTaskLaunch(\"\(identifier)\")", at: site) { decision = $0.simulateTaskLaunch(identifier) }
        // No decision: the run had ended, which `drive` reported.
        guard let decision else { return false }
        guard case .refused(let refusal) = decision else { return true }
        site.report(
            driving: "simulateTaskLaunch(\"\(identifier)\") launched nothing: \(refusal.message).", at: device.now)
        return false
    }

    /// Expects iOS to hold a request of `identifier` pending now: submitted, accepted, and neither
    /// launched, cancelled nor replaced. A failure says what became of its last submission.
    @discardableResult
    public func expectTaskPending(
        _ identifier: String,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let pending = pendingTaskRequests
        if pending.contains(where: { $0.identifier == identifier }) { return true }
        let history = taskHistory
        let others = pending.map(\.identifier)
        let listed = " (pending: \(others.isEmpty ? "none" : others.joined(separator: ", ")))"
        let expected = "Expected a request of \"\(identifier)\" pending at \(SimulatedTime.describe(device.now))"
        guard let submission = history.lastSubmission(of: identifier) else {
            site.report(
                .taskPending, over: 0...device.now,
                "\(expected), but the app never submitted one\(listed). Its strategies submit requests from "
                    + "their own events: open the app, or advance the run to the wake that submits it.")
            return false
        }
        let submitted = "submitted by \(submission.by) at \(SimulatedTime.describe(submission.at))"
        let fate: String
        var rules: [String] = []
        switch submission.fate {
        case .pending:
            fate = "the app's ledger has it pending, but iOS does not list it"
        case .refused(let error):
            fate = "iOS refused it: \(error.rawValue)"
            rules = ["BGT-7", "BGT-9"]
        case .launched(let at):
            fate = "iOS launched it at \(SimulatedTime.describe(at)); a launched request is no longer pending"
        case .cancelled(let at):
            fate = "the app cancelled it at \(SimulatedTime.describe(at))"
        case .replaced(let at):
            fate = "another submission replaced it at \(SimulatedTime.describe(at))"
            rules = ["BGT-7"]
        }
        let refusal = refusalEntry(for: identifier, after: submission.at)
        site.report(
            .taskPending, over: 0...device.now, "\(expected), but its last one, \(submitted): \(fate)\(listed).",
            entries: refusal.map { [$0] } ?? [], rules: rules)
        return false
    }

    /// Expects a scheduled task of `identifier` to have launched at least `count` times, up to now
    /// or within `window`. A failure says whether it was pending and what the scheduler waited for.
    @discardableResult
    public func expectTaskRan(
        _ identifier: String, atLeast count: Int = 1, during window: ClosedRange<Duration>? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let window = self.window(window, for: .taskRan, "expectTaskRan", at: site) else { return false }
        let launches = taskHistory.launches.filter { $0.identifier == identifier && window.contains($0.at) }
        guard launches.count < count else { return true }
        let expected =
            "Expected \"\(identifier)\" to launch \(count == 1 ? "at least once" : "at least \(count) times")\(window.phrase)"
        let ran =
            launches.isEmpty
            ? "it never did"
            : "it launched \(launches.count == 1 ? "once" : "\(launches.count) times"), at "
                + launches.map { "\(SimulatedTime.describe($0.at)) (\($0.reason.rawValue))" }.joined(separator: ", ")
        let pending =
            pendingTaskRequests.contains { $0.identifier == identifier }
            ? "A request of it is pending now." : "No request of it is pending now."
        let deferred = lastPlan(of: identifier, by: window.end)
        let why =
            deferred.map { " The scheduler's last word on it, at \(SimulatedTime.describe($0.time)): \($0.text)." }
            ?? ""
        site.report(
            .taskRan, over: window.range, "\(expected), but \(ran). \(pending)\(why)",
            entries: deferred.map { [$0.entry] } ?? [])
        return false
    }

    /// What the device would have posted as debug notifications so far under `policy`, in a DEBUG
    /// build: the same decisions `WakefulApp` takes on a phone (``DebugNotifications``), in
    /// simulated time.
    ///
    /// ```swift
    /// let notes = run.debugNotifications(.fieldDebugging)
    /// #expect(notes.contains { $0.trigger == .relaunch })
    /// ```
    public func debugNotifications(_ policy: DebugNotificationPolicy) -> [DebugNotification] {
        var notifications = DebugNotifications(policy: policy, debugBuild: true)
        return timeline.compactMap { notifications.admit($0) }
    }

    /// The decision that refused a submission of `identifier` made at or after `time`.
    private func refusalEntry(for identifier: String, after time: TimeInterval) -> TimelineEntry? {
        timeline.first { entry in
            guard entry.time >= time, case .decision(let decision) = entry.body,
                decision.name == "taskSubmitFailed" || decision.name == "commandRefused"
            else { return false }
            return decision.fields["identifier"]?.description == identifier
        }
    }

    /// The scheduler's last plan for `identifier` by `end` (`taskPlanned`, `taskDeferred`), as words.
    private func lastPlan(of identifier: String, by end: TimeInterval) -> (
        time: TimeInterval, text: String, entry: TimelineEntry
    )? {
        let plan = timeline.last { entry in
            guard entry.time <= end, case .decision(let decision) = entry.body,
                decision.name == "taskPlanned" || decision.name == "taskDeferred"
            else { return false }
            return decision.fields["identifier"]?.description == identifier
        }
        guard let plan, case .decision(let decision) = plan.body else { return nil }
        var words: [String] = []
        if let at = decision.fields["plannedAt"]?.number {
            words.append("planned for \(SimulatedTime.describe(at))")
        } else {
            words.append("no launch planned")
        }
        if let waited = decision.fields["waitedFor"] { words.append("waiting for \(waited)") }
        let rules = decision.rules.isEmpty ? "" : " [\(decision.rules.joined(separator: ", "))]"
        return (plan.time, words.joined(separator: ", ") + rules, plan)
    }
}
