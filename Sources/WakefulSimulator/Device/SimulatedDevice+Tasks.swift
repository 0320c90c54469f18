import Foundation
import Wakeful

extension SimulatedDevice {
    /// `beginBackgroundTask` (TASK-1). In the foreground the task is dormant until the app enters
    /// the background (TASK-8); in the background it draws on the per-app allowance (TASK-7).
    mutating func beginBackgroundTask(_ id: BackgroundTaskID) {
        guard hasProcess else { return }
        if let cap = policy.execution.maxConcurrentTasks, process.openTasks.count >= cap {
            // TASK-15: about 1000 assertions at once crash the process.
            terminate(.tooManyTasks, code: policy.termination.codes.tooManyTasks, rules: ["TASK-15"])
            return
        }
        process.openTasks.append(id)
        guard state == .background else { return }
        grantAllowanceIfNeeded()
        // A task begun with the time already spent (CONF-2, or a chain past the deadline) gets its
        // handler at once and the kill that follows if it stays open (TASK-12, TASK-13).
        guard !policy.debuggerAttached, let allowance = process.allowance else { return }
        if now >= allowance.deadline {
            if !runningExpiryHandlers { taskDeadline(allowance: allowance.generation) }
        } else if now >= allowance.deadline - policy.execution.expiryLeadTime, !process.lateWarningScheduled {
            // Begun after the handlers ran: its own handler comes just before the time is up (TASK-12).
            process.lateWarningScheduled = true
            schedule(.expiryWarning(allowance: allowance.generation), at: allowance.deadline - 0.001)
        }
    }

    /// `endBackgroundTask`. Ending a task that is not open changes nothing (iOS logs a warning).
    mutating func endBackgroundTask(_ id: BackgroundTaskID) {
        guard hasProcess else { return }
        guard let index = process.openTasks.firstIndex(of: id) else {
            decide("endUnknownTask", rules: ["TASK-1"], [Field("task", .string(id.description))])
            return
        }
        process.openTasks.remove(at: index)
    }

    /// Grants background-task time when a task takes effect in the background and none is in
    /// force for the current wake epoch.
    ///
    /// The budget is per app and shared by every open task (TASK-7). Each system wake starts a new
    /// epoch whose first task gets a full budget again (TASK-9, TASK-10) unless CONF-2 turns that
    /// off. On iOS 7–12 the countdown waits until the wake's window is over (remaining time reads
    /// DBL_MAX during it, TASK-9, TASK-11); on 13+ it starts at once.
    mutating func grantAllowanceIfNeeded() {
        guard state == .background, !process.openTasks.isEmpty else { return }
        if let current = process.allowance {
            guard policy.execution.wakeRefreshesTaskBudget, current.epoch < wakeEpoch else { return }
        }
        let inWindow = now < windowUntil
        let start = inWindow && policy.execution.taskClockWaitsForWakeWindow ? windowUntil : now
        let budget = policy.execution.taskBudget
        allowanceCount += 1
        let allowance = TaskAllowance(generation: allowanceCount, start: start, deadline: start + budget, epoch: wakeEpoch)
        self.process.allowance = allowance
        process.warnedTasks = []
        process.lateWarningScheduled = false
        decide("taskAllowance", rules: budgetRules + (inWindow ? ["TASK-9", "TASK-10"] : ["TASK-8"]), [
            Field("budget", .double(budget)),
            Field("countdownFrom", .double(start)),
            Field("deadline", .double(allowance.deadline)),
        ])
        guard !policy.debuggerAttached else { return }  // TASK-14: limits are not enforced
        let warning = max(now, allowance.deadline - policy.execution.expiryLeadTime)
        schedule(.expiryWarning(allowance: allowance.generation), at: warning)
        schedule(.taskDeadline(allowance: allowance.generation), at: allowance.deadline)
    }

    /// The rules that set the budget of this family.
    var budgetRules: [String] {
        switch policy.family {
        case .iOS6: ["TASK-2"]
        case .iOS7to12: ["TASK-3"]
        case .iOS13to18, .iOS26: ["TASK-6"]
        }
    }

    /// Whether open tasks still have time: the allowance has not run out (or limits are off).
    var taskTimeHolds: Bool {
        mutating get {  // mutating: see `runReasons`
            guard state == .background, let allowance = process.allowance else { return true }
            return policy.debuggerAttached || now < allowance.deadline
        }
    }

    /// `backgroundTimeRemaining` (TASK-11): a real value only in the background with a task whose
    /// countdown is running; DBL_MAX otherwise, including a 7–12 wake window (TASK-9).
    ///
    /// A mutating getter on purpose: it runs on every delivery, and a plain getter on this large
    /// generic struct made Swift copy the whole device to call it.
    var backgroundTimeRemaining: TimeInterval {
        mutating get {
            guard state == .background, !process.openTasks.isEmpty, let allowance = process.allowance,
                now >= allowance.start
            else { return Context.unlimited }
            return max(0, allowance.deadline - now)
        }
    }

    /// Runs every open task's expiration handler shortly before the time runs out (TASK-12).
    mutating func expiryWarning(allowance generation: Int) {
        guard process.allowance?.generation == generation, state == .background else { return }
        runExpiryHandlers()
    }

    /// Delivers the expiration handler of each open task that has not had it yet, once per task
    /// and allowance. Tasks begun inside a handler wait for the next pass: the deadline's, which
    /// runs them and then kills the app if anything is still open, so a chain cannot loop.
    mutating func runExpiryHandlers() {
        guard !runningExpiryHandlers else { return }
        runningExpiryHandlers = true
        defer { runningExpiryHandlers = false }
        for id in process.openTasks where !process.warnedTasks.contains(id) {
            guard state == .background, process.openTasks.contains(id) else { continue }
            process.warnedTasks.append(id)
            deliver(.backgroundTaskExpiring(id))
        }
    }

    /// Kills the app if a task is still open when the time runs out (TASK-13), with the code of
    /// its era (TERM-6).
    mutating func taskDeadline(allowance generation: Int) {
        guard process.allowance?.generation == generation, state == .background, !process.openTasks.isEmpty else { return }
        // Tasks begun after the warning (inside a handler, TaskChaining) get their handler now.
        runExpiryHandlers()
        guard hasProcess, state == .background, !process.openTasks.isEmpty else { return }
        tally.tasksLeftOpen += process.openTasks.map(\.description)
        terminate(
            .taskAssertionTimeout, code: policy.termination.codes.taskAssertionTimeout,
            rules: ["TASK-13", "TERM-6"])
    }
}
