import Foundation
import Wakeful

/// The allowance the open tasks share (TASK-2 to TASK-14): when it is granted, when its countdown
/// runs, and the handler pass for a task begun late.
extension BackgroundTasks {
    /// Grants background-task time when a task takes effect in the background and none is in
    /// force for the current wake epoch; the caller checked the app is in the background.
    ///
    /// The budget is per app and shared by every open task (TASK-7). Each system wake starts a new
    /// epoch whose first task gets a full budget again (TASK-9, TASK-10) unless CONF-2 turns that
    /// off. On iOS 7–12 the countdown waits until the wake's window is over (remaining time reads
    /// DBL_MAX during it, TASK-9, TASK-11); on 13+ it starts at once. An app that is still running
    /// for another reason when the allowance is spent gets a fresh budget for the next task it
    /// begins (TASK-10; a 2021 log showed each renewed task reading 28 s, obs:
    /// task-ios14-renewed-task-fresh-28s); tasks open together still share one (TASK-7).
    ///
    /// - Parameters:
    ///   - grants: The device's count of grants, which outlives the process; a grant takes the next.
    ///   - keptRunning: Whether a mode keeps the app running on its own (location updates,
    ///     audio, a call).
    mutating func grantIfNeeded(
        grants: inout Int, epoch: Int, at now: TimeInterval, windowUntil: TimeInterval, keptRunning: Bool,
        policy: BackgroundPolicy, into effects: inout [DeviceEffect]
    ) {
        guard !open.isEmpty else { return }
        var renewed = false
        if let current = allowance {
            let woken = policy.execution.wakeRefreshesTaskBudget && current.epoch < epoch
            renewed = !woken && policy.execution.runningAppRefreshesTaskBudget && keptRunning && now >= current.deadline
            guard woken || renewed else { return }
        }
        let inWindow = now < windowUntil
        let start = inWindow && policy.execution.taskClockWaitsForWakeWindow ? windowUntil : now
        let budget = policy.execution.taskBudget
        grants += 1
        let granted = TaskAllowance(generation: grants, start: start, deadline: start + budget, epoch: epoch)
        allowance = granted
        warned = []
        lateWarningScheduled = false
        effects.append(
            .decide(
                "taskAllowance",
                rules: Self.budgetRules(policy.family)
                    + (inWindow ? ["TASK-9", "TASK-10"] : renewed ? ["TASK-10"] : ["TASK-8"]),
                fields: [
                    Field("budget", .double(budget)),
                    Field("countdownFrom", .double(start)),
                    Field("deadline", .double(granted.deadline)),
                ]))
        guard !policy.debuggerAttached else { return }  // TASK-14: limits are not enforced
        let warning = max(now, granted.deadline - policy.execution.expiryLeadTime)
        effects.append(.schedule(.expiryWarning(allowance: granted.generation), at: warning))
        effects.append(.schedule(.taskDeadline(allowance: granted.generation), at: granted.deadline))
    }

    /// What a task begun in the background with the time nearly or already spent needs.
    enum LateBegin {
        /// Nothing: the allowance's own warning and deadline cover it.
        case nothing
        /// The time is up: run the handlers and kill the app if a task stays open (TASK-12, TASK-13).
        case pastDeadline(allowance: Int)
    }

    /// A task begun with the time already spent (CONF-2, or a chain past the deadline) gets its
    /// handler at once and the kill that follows if it stays open (TASK-12, TASK-13); one begun
    /// after the handlers ran gets its own just before the time is up (TASK-12).
    mutating func begunLate(at now: TimeInterval, policy: BackgroundPolicy, into effects: inout [DeviceEffect])
        -> LateBegin
    {
        guard !policy.debuggerAttached, let allowance else { return .nothing }
        if now >= allowance.deadline { return .pastDeadline(allowance: allowance.generation) }
        if now >= allowance.deadline - policy.execution.expiryLeadTime, !lateWarningScheduled {
            lateWarningScheduled = true
            effects.append(.schedule(.expiryWarning(allowance: allowance.generation), at: allowance.deadline - 0.001))
        }
        return .nothing
    }

    /// Whether open tasks of an app in the background still have time: the allowance has not run
    /// out, or limits are off (TASK-14).
    func timeHolds(at now: TimeInterval, limitsEnforced: Bool) -> Bool {
        guard let allowance else { return true }
        return !limitsEnforced || now < allowance.deadline
    }

    /// `backgroundTimeRemaining` (TASK-11) of an app in the background: a real value only with a
    /// task whose countdown is running; DBL_MAX otherwise, including a 7–12 wake window (TASK-9).
    func timeRemaining(at now: TimeInterval) -> TimeInterval {
        guard !open.isEmpty, let allowance, now >= allowance.start else { return Context.unlimited }
        return max(0, allowance.deadline - now)
    }

    /// The rules that set the budget of a family.
    static func budgetRules(_ family: IOSFamily) -> [String] {
        switch family {
        case .iOS6: ["TASK-2"]
        case .iOS7to12: ["TASK-3"]
        case .iOS13to18, .iOS26: ["TASK-6"]
        }
    }
}
