import Foundation
import Wakeful

/// Background tasks as the device carries them out (TASK-1 to TASK-15): the process's
/// ``BackgroundTasks`` open and close them and grant their allowance; the device runs the
/// expiration handlers and kills the app for a task left open.
extension SimulatedDevice {
    /// `beginBackgroundTask` (TASK-1). In the foreground the task is dormant until the app enters
    /// the background (TASK-8); in the background it draws on the per-app allowance (TASK-7).
    mutating func beginBackgroundTask(_ id: BackgroundTaskID) {
        guard hasProcess else { return }
        guard process.tasks.begin(id, cap: policy.execution.maxConcurrentTasks) else {
            // TASK-15: about 1000 assertions at once crash the process.
            terminate(.tooManyTasks, code: policy.termination.codes.tooManyTasks, rules: ["TASK-15"])
            return
        }
        guard state == .background else { return }
        grantAllowanceIfNeeded()
        var effects: [DeviceEffect] = []
        let late = process.tasks.begunLate(at: now, policy: policy, into: &effects)
        carryOut(effects)
        if case .pastDeadline(let generation) = late, !lifecycle.runningExpiryHandlers {
            taskDeadline(allowance: generation)
        }
    }

    /// `endBackgroundTask`. Ending a task that is not open changes nothing (iOS logs a warning).
    mutating func endBackgroundTask(_ id: BackgroundTaskID) {
        guard hasProcess else { return }
        guard process.tasks.end(id) else {
            decide("endUnknownTask", rules: ["TASK-1"], [Field("task", .string(id.description))])
            return
        }
    }

    /// Grants background-task time when a task takes effect in the background and none is in
    /// force for the current wake epoch (TASK-7 to TASK-10, see ``BackgroundTasks``).
    mutating func grantAllowanceIfNeeded() {
        guard state == .background else { return }
        var effects: [DeviceEffect] = []
        // A mode that keeps the app running on its own (TASK-10); a wake's window is not one: a
        // wake refreshes the budget by its own rule, which CONF-2 turns off.
        let keptRunning = !runReasons.intersection([.location, .liveUpdates, .audio, .voipCall]).isEmpty
        lifecycle.grantAllowance(
            to: &process.tasks, at: now, keptRunning: keptRunning, policy: policy, into: &effects)
        carryOut(effects)
    }

    /// Whether open tasks still have time: the allowance has not run out (or limits are off).
    var taskTimeHolds: Bool {
        mutating get {  // mutating: see `runReasons`
            guard state == .background else { return true }
            return process.tasks.timeHolds(at: now, limitsEnforced: !policy.debuggerAttached)
        }
    }

    /// `backgroundTimeRemaining` (TASK-11): a real value only in the background with a task whose
    /// countdown is running; DBL_MAX otherwise, including a 7–12 wake window (TASK-9) and, on
    /// 13+, inside `applicationDidEnterBackground` (M391799).
    ///
    /// A mutating getter on purpose: it runs on every delivery, and a plain getter on this large
    /// generic struct made Swift copy the whole device to call it.
    var backgroundTimeRemaining: TimeInterval {
        mutating get {
            guard state == .background, !lifecycle.enteringBackground else { return Context.unlimited }
            return process.tasks.timeRemaining(at: now)
        }
    }

    /// Runs every open task's expiration handler shortly before the time runs out (TASK-12).
    mutating func expiryWarning(allowance generation: Int) {
        guard process.tasks.allowance?.generation == generation, state == .background else { return }
        runExpiryHandlers()
    }

    /// Delivers the expiration handler of each open task that has not had it yet, once per task
    /// and allowance. Tasks begun inside a handler wait for the next pass: the deadline's, which
    /// runs them and then kills the app if anything is still open, so a chain cannot loop.
    mutating func runExpiryHandlers() {
        guard lifecycle.beginExpiryHandlers() else { return }
        defer { lifecycle.endExpiryHandlers() }
        for id in process.tasks.open {
            guard process.tasks.awaitsHandler(id), state == .background else { continue }
            process.tasks.handlerRuns(id)
            deliver(.backgroundTaskExpiring(id))
        }
    }

    /// Kills the app if a task is still open when the time runs out (TASK-13), with the code of
    /// its era (TERM-6).
    mutating func taskDeadline(allowance generation: Int) {
        guard process.tasks.allowance?.generation == generation, state == .background, !process.tasks.open.isEmpty
        else { return }
        // Tasks begun after the warning (inside a handler, TaskChaining) get their handler now.
        runExpiryHandlers()
        guard hasProcess, state == .background, !process.tasks.open.isEmpty else { return }
        tally.tasksLeftOpen += process.tasks.open.map(\.description)
        terminate(
            .taskAssertionTimeout, code: policy.termination.codes.taskAssertionTimeout,
            rules: ["TASK-13", "TERM-6"])
    }
}
