import Foundation
import Wakeful

/// Background fetch and `BGTaskScheduler` (BGT-1 to BGT-13, TERM-1) as the device carries them
/// out: the app's requests go to the ``TaskScheduler``, whose effects the device applies; the
/// device launches tasks (waking or relaunching the app), runs their limits and expiration
/// handlers, and kills the app for an uncompleted task.
extension SimulatedDevice {
    // MARK: The app's requests

    /// `BGTaskScheduler.submit(_:)`. Refusals come back as `Event.scheduledTaskSubmitFailed(identifier:error:)`.
    mutating func submitTaskRequest(_ request: TaskRequest) {
        var effects: [DeviceEffect] = []
        let submission = scheduler.submit(
            request, foreground: state.isForeground, backgroundModes: backgroundModes, schedulerConditions,
            into: &effects)
        carryOut(effects)
        switch submission {
        case .done: break
        case .failed(let error): deliver(.scheduledTaskSubmitFailed(identifier: request.identifier, error: error))
        case .continued: startContinuedProcessing(request)
        }
    }

    /// `cancel(taskRequestWithIdentifier:)`.
    mutating func cancelTaskRequest(_ identifier: String) {
        var effects: [DeviceEffect] = []
        scheduler.cancel(identifier, into: &effects)
        carryOut(effects)
    }

    /// `setMinimumBackgroundFetchInterval(_:)` (BGT-1, BGT-3).
    mutating func setMinimumBackgroundFetchInterval(_ interval: TimeInterval?) {
        var effects: [DeviceEffect] = []
        scheduler.setFetchInterval(interval, schedulerConditions, into: &effects)
        carryOut(effects)
    }

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
        scheduler.noteLaunch(launched.kind, at: now)
        let wakeRules = launched.kind == .backgroundFetch ? rules : ["BGT-8"] + rules
        switch state {
        case .active, .inactive:
            break
        case .background:
            wakeEpoch += 1
            grantAllowanceIfNeeded()
        case .suspended:
            wakeEpoch += 1
            lastWakeSource = .scheduledTask
            tally.countWake(.scheduledTask)
            guard resume(cause: "scheduledTaskWake", rules: wakeRules) else { return }
            grantAllowanceIfNeeded()
        case .notRunning:
            wakeEpoch += 1
            lastWakeSource = .scheduledTask
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

    private mutating func scheduleExpiry(generation: Int, kind: ScheduledTaskKind, deadline: TimeInterval) {
        // BGT-2: a fetch has no expiration handler, only the kill. BGTasks get theirs just before
        // the time is up, with the lead time of TASK-12 (cfg).
        if kind != .backgroundFetch {
            schedule(
                .scheduledTaskExpiry(generation: generation), at: max(now, deadline - policy.execution.expiryLeadTime))
        }
        schedule(.scheduledTaskDeadline(generation: generation), at: deadline)
    }

    // MARK: Running tasks

    /// The expiration handler of a running BGTask.
    mutating func scheduledTaskExpiryDue(generation: Int) {
        guard let task = process.scheduledTasks.first(where: { $0.generation == generation }), state.isExecuting else {
            return
        }
        deliver(.scheduledTaskExpiring(identifier: task.identifier))
    }

    /// The time is up: an uncompleted task gets the app killed (BGT-2, BGT-4, BGT-5, BGT-13, TASK-13, TERM-6).
    mutating func scheduledTaskDeadlineDue(generation: Int) {
        guard let index = process.scheduledTasks.firstIndex(where: { $0.generation == generation }) else { return }
        let task = process.scheduledTasks[index]
        let limitRule = TaskScheduler.limitRule(task.kind)
        guard !state.isForeground else {
            // On screen the app runs anyway; the task object is gone (assumption: no kill in the foreground).
            process.scheduledTasks.remove(at: index)
            decide(
                "scheduledTaskExpired", rules: [limitRule],
                [Field("identifier", .string(task.identifier)), Field("inForeground", .bool(true))])
            return
        }
        if task.kind == .backgroundFetch {
            terminate(.backgroundFetchTimeout, code: policy.termination.codes.fetchTimeout, rules: ["BGT-2", "TERM-6"])
        } else {
            // BGTasks run under a RunningBoard assertion; the background-task code is assumed (TERM-6, TASK-13).
            terminate(
                .scheduledTaskTimeout, code: policy.termination.codes.taskAssertionTimeout,
                rules: [limitRule, "TASK-13", "TERM-6"])
        }
    }

    /// CONF-6: the CPU monitor stays on during a processing task and the work keeps the CPU above its limit.
    mutating func scheduledTaskCPULimitDue(generation: Int) {
        guard process.scheduledTasks.contains(where: { $0.generation == generation }), state == .background else {
            return
        }
        terminate(.cpuLimit, code: "EXC_RESOURCE CPU_FATAL", rules: ["TERM-4", "BGT-6", "CONF-6"])
    }

    /// `setTaskCompleted(success:)`.
    mutating func completeScheduledTask(_ identifier: String, success: Bool) {
        guard
            let index = process.scheduledTasks.firstIndex(where: {
                $0.identifier == identifier && $0.kind != .backgroundFetch
            })
        else {
            refuse("completeScheduledTask", "no running task \(identifier)", rules: ["BGT-4"])
            return
        }
        let task = process.scheduledTasks.remove(at: index)
        decide(
            "scheduledTaskCompleted", rules: [TaskScheduler.limitRule(task.kind)],
            [
                Field("identifier", .string(identifier)), Field("success", .bool(success)),
                Field("ran", .double(now - task.launchedAt)),
            ])
        if task.kind == .continuedProcessing, let next = scheduler.dequeueContinued() {
            startContinuedProcessing(next)
        }
    }

    /// The fetch completion handler (BGT-2).
    mutating func completeBackgroundFetch(_ result: BackgroundFetchResult) {
        guard let index = process.scheduledTasks.firstIndex(where: { $0.kind == .backgroundFetch }) else {
            refuse("completeBackgroundFetch", "no fetch running", rules: ["BGT-2"])
            return
        }
        let task = process.scheduledTasks.remove(at: index)
        decide(
            "scheduledTaskCompleted", rules: ["BGT-2"],
            [
                Field("identifier", .string(task.identifier)), Field("result", .string(result.rawValue)),
                Field("ran", .double(now - task.launchedAt)),
            ])
    }

    // MARK: Continued processing (BGT-13)

    /// Starts a continued-processing task at once, or, while another one runs, queues it (`.queue`)
    /// or fails the submission (`.fail`) (BGT-13).
    private mutating func startContinuedProcessing(_ request: TaskRequest) {
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

    // MARK: The world and the user

    /// Plans again whenever the charger is plugged in or out (`world.power`).
    mutating func schedulePowerChanges() {
        for time in scenario.world.power.changeTimes where time > 0 && time < scenario.duration {
            schedule(.powerChange, at: time)
        }
    }

    /// After every user action: running processing tasks end if the user starts using the device
    /// (BGT-14); the scheduler learns usage and plans again (BGT-11, BGT-13).
    mutating func schedulerAfterUserAction(_ action: UserAction.Kind) {
        switch action {
        case .open, .unlock: endProcessingTasksForUse()
        default: break
        }
        var effects: [DeviceEffect] = []
        scheduler.learn(from: action, foreground: state.isForeground, schedulerConditions, into: &effects)
        carryOut(effects)
    }

    /// BGT-14: the system terminates running processing tasks when the user starts using the
    /// device. Modelled as their time being up now: the expiration handler runs, and a task still
    /// open after the lead time (TASK-12, cfg) gets the app killed, as at the end of BGT-5's time.
    /// Assumption: unlocking or opening the app is "using the device"; a glance at the lock screen is not.
    private mutating func endProcessingTasksForUse() {
        guard policy.scheduler.processingEndsWhenUserStarts else { return }
        for index in process.scheduledTasks.indices where process.scheduledTasks[index].kind == .processing {
            let task = process.scheduledTasks[index]
            let deadline = min(task.deadline, now + policy.execution.expiryLeadTime)
            guard deadline < task.deadline else { continue }
            let generation = scheduler.nextGeneration()
            process.scheduledTasks[index].generation = generation
            process.scheduledTasks[index].deadline = deadline
            decide(
                "processingTaskEnding", rules: ["BGT-14"],
                [Field("identifier", .string(task.identifier)), Field("deadline", .double(deadline))])
            scheduleExpiry(generation: generation, kind: .processing, deadline: deadline)
        }
    }

    /// Plans every pending request and the fetch again.
    mutating func replanScheduledWork(because reason: String) {
        var effects: [DeviceEffect] = []
        scheduler.replan(schedulerConditions, into: &effects)
        carryOut(effects)
    }
}
