import Foundation
import Wakeful

/// Background fetch and `BGTaskScheduler` (BGT-1 to BGT-13, TERM-1): submissions and their limits,
/// launches, run-time limits, expiration handlers and the kill that follows an uncompleted task.
/// When a launch happens is decided in `TaskScheduler+Planning.swift`.
extension SimulatedDevice {
    // MARK: Submitting (BGT-7, BGT-9, BGT-13)

    /// `BGTaskScheduler.submit(_:)`. Refusals come back as `Event.scheduledTaskSubmitFailed(identifier:error:)`.
    mutating func submitTaskRequest(_ request: TaskRequest) {
        let continued = request.kind == .continuedProcessing
        let rules = policy.scheduler
        guard continued ? rules.continuedProcessingAvailable : rules.taskSchedulerAvailable else {
            // The class does not exist on this version: the app's `#available` branch never runs.
            decide("commandRefused", rules: continued ? ["BGT-13"] : ["BGT-4", "BGT-9"], [
                Field("command", "submitTaskRequest"), Field("identifier", .string(request.identifier)),
                Field("why", .string(continued ? "BGContinuedProcessingTask needs iOS 26" : "BGTaskScheduler needs iOS 13")),
            ])
            return
        }
        guard isPermittedTaskIdentifier(request.identifier) else {
            let wildcard = scheduler.permitted.contains { $0.hasSuffix("*") }
            return submitFailed(request, .notPermitted, why: "not in BGTaskSchedulerPermittedIdentifiers", rules: wildcard ? ["BGT-9", "CONF-16"] : ["BGT-9"])
        }
        let mode: BackgroundMode? = switch request.kind {
        case .appRefresh: .fetch
        case .processing: .processing
        case .continuedProcessing: nil
        }
        if let mode, !backgroundModes.contains(mode) {
            return submitFailed(request, .notPermitted, why: "UIBackgroundModes lacks \(mode.rawValue)", rules: ["BGT-9"])
        }
        if continued {
            // BGT-13: only from the foreground, triggered by the user; not a Background App Refresh matter (assumption).
            // The error code is not documented for this case; `unavailable` is an assumption.
            guard state.isForeground else {
                return submitFailed(request, .unavailable, why: "continued processing is submitted from the foreground only", rules: ["BGT-13"])
            }
            return startContinuedProcessing(request)
        }
        guard backgroundRefreshAvailable else {
            // BGT-9: `unavailable` with Background App Refresh off, which Low Power Mode implies (BGT-12).
            return submitFailed(request, .unavailable, why: "Background App Refresh off", rules: lowPowerMode ? ["BGT-9", "BGT-12"] : ["BGT-9"])
        }
        if let index = scheduler.pending.firstIndex(where: { $0.request.identifier == request.identifier }) {
            // BGT-7: a request that has not run yet is replaced.
            scheduler.pending[index].request = request
            scheduler.pending[index].submittedAt = now
            decide("taskRequestReplaced", rules: ["BGT-7"], [Field("identifier", .string(request.identifier))])
            planRequest(at: index)
            return
        }
        let limit = request.kind == .appRefresh ? rules.pendingRefreshLimit : rules.pendingProcessingLimit
        let count = scheduler.pending.lazy.filter { $0.request.kind == request.kind }.count
        guard count < limit else {
            return submitFailed(request, .tooManyPendingTaskRequests, why: "\(count) \(request.kind.rawValue) requests pending, at most \(limit)", rules: ["BGT-7"])
        }
        let jitter = scheduler.random.nextDouble()
        scheduler.pending.append(PendingTaskRequest(request: request, submittedAt: now, jitter: jitter))
        decide("taskRequestAccepted", rules: ["BGT-7"], [
            Field("identifier", .string(request.identifier)), Field("taskKind", .string(request.kind.rawValue)),
            Field("pending", .int(count + 1)),
        ])
        planRequest(at: scheduler.pending.count - 1)
    }

    /// Whether `identifier` is listed in `BGTaskSchedulerPermittedIdentifiers`; a listed `prefix*`
    /// matches by prefix only where wildcards are supported (BGT-9, CONF-16).
    func isPermittedTaskIdentifier(_ identifier: String) -> Bool {
        scheduler.permitted.contains { entry in
            if entry == identifier { return true }
            guard policy.scheduler.wildcardIdentifiers, entry.hasSuffix("*") else { return false }
            return identifier.hasPrefix(entry.dropLast())
        }
    }

    private mutating func submitFailed(_ request: TaskRequest, _ error: TaskSchedulerError, why: String, rules: [String]) {
        decide("taskSubmitFailed", rules: rules, [
            Field("identifier", .string(request.identifier)), Field("error", .string(error.rawValue)), Field("why", .string(why)),
        ])
        deliver(.scheduledTaskSubmitFailed(identifier: request.identifier, error: error))
    }

    /// `cancel(taskRequestWithIdentifier:)`: forgets a pending or queued request.
    mutating func cancelTaskRequest(_ identifier: String) {
        let before = scheduler.pending.count + scheduler.queuedContinued.count
        scheduler.pending.removeAll { $0.request.identifier == identifier }
        scheduler.queuedContinued.removeAll { $0.identifier == identifier }
        guard scheduler.pending.count + scheduler.queuedContinued.count < before else { return }
        decide("taskRequestCancelled", rules: ["BGT-7"], [Field("identifier", .string(identifier))])
    }

    /// `setMinimumBackgroundFetchInterval(_:)` (BGT-1): nil is "never"; the system treats the value
    /// as a hint, never below 15 min (BGT-3); 0 is `backgroundFetchIntervalMinimum`.
    mutating func setMinimumBackgroundFetchInterval(_ interval: TimeInterval?) {
        let refusal: (why: String, rules: [String])? =
            if !policy.scheduler.fetchAvailable { ("background fetch needs iOS 7", ["BGT-1"]) }
            else if !backgroundModes.contains(.fetch) { ("UIBackgroundModes lacks fetch", ["BGT-1", "BGT-9"]) }
            else if policy.scheduler.fetchDisabledByTaskIdentifiers && !scheduler.permitted.isEmpty {
                ("ignored: the app lists BGTaskSchedulerPermittedIdentifiers", ["BGT-1", "BGT-9"])
            } else { nil }
        if let refusal {
            decide("commandRefused", rules: refusal.rules, [Field("command", "setMinimumBackgroundFetchInterval"), Field("why", .string(refusal.why))])
            return
        }
        let effective = interval.map { max($0, policy.scheduler.fetchMinimumInterval) }
        guard effective != scheduler.fetchInterval else { return }
        if scheduler.fetchInterval == nil {
            scheduler.fetchBase = now
            scheduler.fetchJitter = scheduler.random.nextDouble()
        }
        scheduler.fetchInterval = effective
        scheduler.fetchSummary = ""
        decide("fetchInterval", rules: ["BGT-1", "BGT-3"], [Field("interval", effective.map { .double($0) } ?? "never")])
        planFetch()
    }

    // MARK: Launching

    /// A planned launch fell due: launch if nothing holds it back now, else plan again.
    mutating func scheduledLaunchDue(generation: Int) {
        if generation == scheduler.fetchGeneration {
            scheduler.fetchGeneration = 0
            guard fetchHonoured, scheduler.fetchInterval != nil else { return }
            if let blocker = launchBlocker(kind: .backgroundFetch, requiresPower: false) {
                decide("taskDeferred", rules: blocker.rules, [Field("identifier", .string(ScheduledRefreshIdentifiers.fetch)), Field("waitedFor", .string(blocker.why))])
                scheduler.fetchSummary = ""
                return planFetch()
            }
            scheduler.fetchBase = now
            scheduler.fetchJitter = scheduler.random.nextDouble()
            launchScheduledTask(
                ScheduledTaskLaunch(identifier: ScheduledRefreshIdentifiers.fetch, kind: .backgroundFetch),
                limit: policy.scheduler.fetchTime, rules: ["BGT-2"])
            return
        }
        guard let index = scheduler.pending.firstIndex(where: { $0.generation == generation }) else { return }
        let request = scheduler.pending[index].request
        if let blocker = launchBlocker(kind: request.kind.launchKind, requiresPower: request.requiresExternalPower) {
            decide("taskDeferred", rules: blocker.rules, [Field("identifier", .string(request.identifier)), Field("waitedFor", .string(blocker.why))])
            scheduler.pending[index].summary = ""
            return planRequest(at: index)
        }
        scheduler.pending.remove(at: index)
        let launch = ScheduledTaskLaunch(identifier: request.identifier, kind: request.kind.launchKind)
        if request.kind == .appRefresh {
            // BGT-4: up to 30 s; CONF-10: ends 2–5 s after launch, drawn from stream 20.
            if let early = policy.scheduler.appRefreshEarlyExpiry {
                launchScheduledTask(launch, limit: scheduler.random.uniform(early), rules: ["BGT-4", "CONF-10"])
            } else {
                launchScheduledTask(launch, limit: policy.scheduler.appRefreshTime, rules: ["BGT-4"])
            }
        } else {
            launchScheduledTask(launch, limit: policy.scheduler.processingTime, rules: ["BGT-5"])
        }
    }

    /// What holds a due launch back now, standing or time-dependent.
    private func launchBlocker(kind: ScheduledTaskKind, requiresPower: Bool) -> (why: String, rules: [String])? {
        standingBlockers(fetch: kind == .backgroundFetch).first ?? timeBlocker(at: now, kind: kind, requiresPower: requiresPower)
    }

    /// Launches a fetch or a task: wakes a suspended app or relaunches a terminated one straight
    /// into the background (STATE-2), gives it the `scheduledTask` run reason until it completes or
    /// `limit` is up, and delivers the launch.
    mutating func launchScheduledTask(_ scheduled: ScheduledTaskLaunch, limit: TimeInterval, rules: [String]) {
        let launched = scheduled
        var rules = rules
        let monitored = launched.kind == .processing && policy.scheduler.processingCPUMonitor
        if launched.kind == .processing { rules += monitored ? ["BGT-6", "CONF-6"] : [] }
        var fields: [Field] = [
            Field("identifier", .string(launched.identifier)), Field("taskKind", .string(launched.kind.rawValue)),
            Field("limit", .double((limit * 1000).rounded() / 1000)),
        ]
        if launched.kind == .processing { fields.append(Field("cpuMonitor", .bool(monitored))) }
        decide("scheduledTaskLaunch", rules: rules, fields)
        if launched.kind != .continuedProcessing {
            let day = scenario.world.day(at: now)
            if day != scheduler.launchDay {
                scheduler.launchDay = day
                scheduler.launchesToday = 0
            }
            scheduler.launchesToday += 1
        }
        if launched.kind == .appRefresh || launched.kind == .backgroundFetch { scheduler.lastRefreshLaunch = now }
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
            setState(.background, cause: "scheduledTaskWake", rules: wakeRules)
            grantAllowanceIfNeeded()
        case .notRunning:
            wakeEpoch += 1
            lastWakeSource = .scheduledTask
            tally.countWake(.scheduledTask)
            launch(.scheduledTask, cause: "scheduledTaskRelaunch", rules: wakeRules)
        }
        guard hasProcess else { return }
        let generation = scheduler.nextGeneration()
        process.scheduledTasks.append(RunningScheduledTask(
            identifier: launched.identifier, kind: launched.kind, launchedAt: now, generation: generation, deadline: now + limit))
        scheduleExpiry(generation: generation, kind: launched.kind, deadline: now + limit)
        if monitored, let cpu = policy.termination.cpuLimit, scenario.app.processingCPULoad > cpu.fraction {
            schedule(.scheduledTaskCPULimit(generation: generation), at: now + cpu.window)
        }
        deliver(.scheduledTaskLaunched(launched))
        if launched.kind != .continuedProcessing { replanScheduledWork(because: "launch") }
    }

    private mutating func scheduleExpiry(generation: Int, kind: ScheduledTaskKind, deadline: TimeInterval) {
        // BGT-2: a fetch has no expiration handler, only the kill. BGTasks get theirs just before
        // the time is up, with the lead time of TASK-12 (cfg).
        if kind != .backgroundFetch {
            schedule(.scheduledTaskExpiry(generation: generation), at: max(now, deadline - policy.execution.expiryLeadTime))
        }
        schedule(.scheduledTaskDeadline(generation: generation), at: deadline)
    }

    // MARK: Running tasks

    /// The expiration handler of a running BGTask.
    mutating func scheduledTaskExpiryDue(generation: Int) {
        guard let task = process.scheduledTasks.first(where: { $0.generation == generation }), state.isExecuting else { return }
        deliver(.scheduledTaskExpiring(identifier: task.identifier))
    }

    /// The time is up: an uncompleted task gets the app killed (BGT-2, BGT-4, BGT-5, BGT-13, TASK-13, TERM-6).
    mutating func scheduledTaskDeadlineDue(generation: Int) {
        guard let index = process.scheduledTasks.firstIndex(where: { $0.generation == generation }) else { return }
        let task = process.scheduledTasks[index]
        let limitRule = Self.limitRule(task.kind)
        guard !state.isForeground else {
            // On screen the app runs anyway; the task object is gone (assumption: no kill in the foreground).
            process.scheduledTasks.remove(at: index)
            decide("scheduledTaskExpired", rules: [limitRule], [Field("identifier", .string(task.identifier)), Field("inForeground", .bool(true))])
            return
        }
        if task.kind == .backgroundFetch {
            terminate(.backgroundFetchTimeout, code: policy.termination.codes.fetchTimeout, rules: ["BGT-2", "TERM-6"])
        } else {
            // BGTasks run under a RunningBoard assertion; the background-task code is assumed (TERM-6, TASK-13).
            terminate(.scheduledTaskTimeout, code: policy.termination.codes.taskAssertionTimeout, rules: [limitRule, "TASK-13", "TERM-6"])
        }
    }

    /// CONF-6: the CPU monitor stays on during a processing task and the work keeps the CPU above its limit.
    mutating func scheduledTaskCPULimitDue(generation: Int) {
        guard process.scheduledTasks.contains(where: { $0.generation == generation }), state == .background else { return }
        terminate(.cpuLimit, code: "EXC_RESOURCE CPU_FATAL", rules: ["TERM-4", "BGT-6", "CONF-6"])
    }

    /// `setTaskCompleted(success:)`.
    mutating func completeScheduledTask(_ identifier: String, success: Bool) {
        guard let index = process.scheduledTasks.firstIndex(where: { $0.identifier == identifier && $0.kind != .backgroundFetch }) else {
            decide("commandRefused", rules: ["BGT-4"], [Field("command", "completeScheduledTask"), Field("why", .string("no running task \(identifier)"))])
            return
        }
        let task = process.scheduledTasks.remove(at: index)
        decide("scheduledTaskCompleted", rules: [Self.limitRule(task.kind)], [
            Field("identifier", .string(identifier)), Field("success", .bool(success)), Field("ran", .double(now - task.launchedAt)),
        ])
        if task.kind == .continuedProcessing, !scheduler.queuedContinued.isEmpty {
            startContinuedProcessing(scheduler.queuedContinued.removeFirst())
        }
    }

    /// The fetch completion handler (BGT-2).
    mutating func completeBackgroundFetch(_ result: BackgroundFetchResult) {
        guard let index = process.scheduledTasks.firstIndex(where: { $0.kind == .backgroundFetch }) else {
            decide("commandRefused", rules: ["BGT-2"], [Field("command", "completeBackgroundFetch"), Field("why", .string("no fetch running"))])
            return
        }
        let task = process.scheduledTasks.remove(at: index)
        decide("scheduledTaskCompleted", rules: ["BGT-2"], [
            Field("identifier", .string(task.identifier)), Field("result", .string(result.rawValue)), Field("ran", .double(now - task.launchedAt)),
        ])
    }

    // MARK: Continued processing (BGT-13)

    /// Starts a continued-processing task at once, or queues it behind the one running (`.queue`).
    private mutating func startContinuedProcessing(_ request: TaskRequest) {
        guard !process.scheduledTasks.contains(where: { $0.kind == .continuedProcessing }) else {
            scheduler.queuedContinued.append(request)
            decide("taskRequestQueued", rules: ["BGT-13"], [Field("identifier", .string(request.identifier))])
            return
        }
        launchScheduledTask(
            ScheduledTaskLaunch(identifier: request.identifier, kind: .continuedProcessing),
            limit: policy.scheduler.continuedProcessingNoProgressTimeout, rules: ["BGT-13"])
    }

    /// Progress keeps a continued-processing task alive for another ≈30 s (BGT-13).
    mutating func reportTaskProgress(_ identifier: String, fraction: Double) {
        guard let index = process.scheduledTasks.firstIndex(where: { $0.identifier == identifier && $0.kind == .continuedProcessing }) else { return }
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

    /// After every user action: learn usage from foreground sessions (BGT-11 factor 3), cancel
    /// queued continued processing on a swipe-away (BGT-13), and plan again.
    mutating func schedulerAfterUserAction(_ action: UserAction.Kind) {
        switch action {
        case .open where state.isForeground:
            scheduler.inSession = true
            scheduler.lastUse = now
            let hour = (scenario.world.hourOfDay(at: now) * 4).rounded() / 4
            if !scheduler.typicalHours.contains(where: { abs($0 - hour) < 0.5 || abs($0 - hour) > 23.5 }) {
                scheduler.typicalHours.append(hour)
            }
        case .home, .lock, .forceQuit, .reboot:
            if scheduler.inSession, !state.isForeground {
                scheduler.inSession = false
                scheduler.lastUse = now
            }
            if case .forceQuit = action, !scheduler.queuedContinued.isEmpty {
                decide("taskRequestsCancelled", rules: ["BGT-13"], [Field("identifiers", .string(scheduler.queuedContinued.map(\.identifier).joined(separator: ",")))])
                scheduler.queuedContinued = []
            }
        default:
            break
        }
        guard !scheduler.pending.isEmpty || scheduler.fetchInterval != nil else { return }
        replanScheduledWork(because: action.name)
    }

    private static func limitRule(_ kind: ScheduledTaskKind) -> String {
        switch kind {
        case .backgroundFetch: "BGT-2"
        case .appRefresh: "BGT-4"
        case .processing: "BGT-5"
        case .continuedProcessing: "BGT-13"
        }
    }
}
