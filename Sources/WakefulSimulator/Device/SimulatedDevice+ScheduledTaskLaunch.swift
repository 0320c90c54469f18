import Foundation
import Wakeful

/// Launching a background fetch or a `BGTask` the ``TaskScheduler`` planned, or a
/// continued-processing task at once (BGT-2 to BGT-13): the launch wakes a suspended app or
/// relaunches a terminated one straight into the background (STATE-2).
extension SimulatedDevice {
    // MARK: Launching

    /// A planned launch fell due: launch if nothing holds it back now, else plan again.
    mutating func scheduledLaunchDue(generation: Int) {
        var effects: [DeviceEffect] = []
        let launch = scheduler.launchDue(generation: generation, schedulerConditions, into: &effects)
        carryOut(effects)
        if let launch {
            launchScheduledTask(
                launch.task, limit: launch.limit, rules: launch.rules, cellularAllowed: launch.cellularAllowed)
        }
    }

    /// Launches a fetch or a task: wakes a suspended app or relaunches a terminated one straight
    /// into the background (STATE-2), gives it the `scheduledTask` run reason until it completes or
    /// `limit` is up, and delivers the launch. Without `cellularAllowed` the app's in-process
    /// requests get no cellular data while the task runs (BGT-15).
    mutating func launchScheduledTask(
        _ scheduled: ScheduledTaskLaunch, limit: TimeInterval, rules: [String], cellularAllowed: Bool = true
    ) {
        let launched = scheduled
        var rules = rules
        let monitored = launched.kind == .processing && policy.scheduler.processingCPUMonitor
        if launched.kind == .processing { rules += monitored ? ["BGT-6", "CONF-6"] : [] }
        var fields: [Field] = [
            Field("identifier", .string(launched.identifier)), Field("taskKind", .string(launched.kind.rawValue)),
            Field("limit", .double((limit * 1000).rounded() / 1000)),
        ]
        if launched.kind == .processing { fields.append(Field("cpuMonitor", .bool(monitored))) }
        if !cellularAllowed { fields.append(Field("cellular", .bool(false))) }
        decide("scheduledTaskLaunch", rules: rules, fields)
        scheduler.noteLaunch(launched, at: now)
        let wakeRules = launched.kind == .backgroundFetch ? rules : ["BGT-8"] + rules
        switch state {
        case .active, .inactive:
            break
        case .background:
            lifecycle.startWakeEpoch()
            grantAllowanceIfNeeded()
        case .suspended:
            lifecycle.wake(by: .scheduledTask)
            tally.countWake(.scheduledTask)
            guard resume(cause: "scheduledTaskWake", rules: wakeRules) else { return }
            grantAllowanceIfNeeded()
        case .notRunning:
            lifecycle.wake(by: .scheduledTask)
            tally.countWake(.scheduledTask)
            launch(.scheduledTask, cause: "scheduledTaskRelaunch", rules: wakeRules)
        }
        guard hasProcess else { return }
        let generation = scheduler.nextGeneration()
        process.scheduledTasks.append(
            RunningScheduledTask(
                identifier: launched.identifier, kind: launched.kind, launchedAt: now, generation: generation,
                deadline: now + limit, cellularAllowed: cellularAllowed))
        scheduleExpiry(generation: generation, kind: launched.kind, deadline: now + limit)
        // TERM-4, BGT-6: the monitor kills once 80 % of the window's CPU time is used, so a task at
        // 97 % dies about 49.5 s in (see checkCPU). An app with jobs runs them as its processing
        // work: their cost sets the load the monitor watches instead.
        let load = scenario.app.processingCPULoad
        if monitored, scenario.app.jobs.isEmpty, let cpu = policy.termination.cpuLimit, load > cpu.fraction {
            schedule(.scheduledTaskCPULimit(generation: generation), at: now + cpu.fraction * cpu.window / load)
        }
        deliver(.scheduledTaskLaunched(launched))
        if launched.kind != .continuedProcessing { replanScheduledWork(because: "launch") }
    }

    /// Schedules a running task's expiration handler and the end of its time.
    mutating func scheduleExpiry(generation: Int, kind: ScheduledTaskKind, deadline: TimeInterval) {
        // BGT-2: a fetch has no expiration handler, only the kill. BGTasks get theirs just before
        // the time is up, with the lead time of TASK-12 (cfg).
        if kind != .backgroundFetch {
            schedule(
                .scheduledTaskExpiry(generation: generation), at: max(now, deadline - policy.execution.expiryLeadTime))
        }
        schedule(.scheduledTaskDeadline(generation: generation), at: deadline)
    }

    // MARK: Continued processing (BGT-13)

    /// Starts a continued-processing task at once, or, while another one runs, queues it (`.queue`)
    /// or fails the submission (`.fail`) (BGT-13).
    mutating func startContinuedProcessing(_ request: TaskRequest) {
        guard !process.scheduledTasks.contains(where: { $0.kind == .continuedProcessing }) else {
            var effects: [DeviceEffect] = []
            let error = scheduler.queueContinued(request, into: &effects)
            carryOut(effects)
            if let error { deliver(.scheduledTaskSubmitFailed(identifier: request.identifier, error: error)) }
            return
        }
        launchScheduledTask(
            ScheduledTaskLaunch(identifier: request.identifier, kind: .continuedProcessing),
            limit: policy.scheduler.continuedProcessingNoProgressTimeout, rules: ["BGT-13"])
    }

    /// Progress keeps a continued-processing task alive for another ≈30 s (BGT-13).
    mutating func reportTaskProgress(_ identifier: String, fraction: Double) {
        guard
            let index = process.scheduledTasks.firstIndex(where: {
                $0.identifier == identifier && $0.kind == .continuedProcessing
            })
        else { return }
        let generation = scheduler.nextGeneration()
        let deadline = now + policy.scheduler.continuedProcessingNoProgressTimeout
        process.scheduledTasks[index].generation = generation
        process.scheduledTasks[index].deadline = deadline
        scheduleExpiry(generation: generation, kind: .continuedProcessing, deadline: deadline)
    }
}
