import Foundation

/// Which jobs are due, how much time the wake gives, and starting, cancelling and finishing runs.
extension JobScheduler {
    /// How much time the current wake leaves, as far as the app can tell.
    enum Available: Equatable {
        /// No limit: the foreground, a location keep-alive, a processing task.
        case unlimited
        /// Until this time.
        case until(TimeInterval)
        /// Not known until the scheduler's own task has been granted (TASK-11).
        case unknown
    }

    /// When a job falls due, and when it may start (``times(of:)``).
    typealias JobTimes = (due: TimeInterval, eligible: TimeInterval)

    /// What trying to start a run led to.
    enum Start {
        case started([Command])
        case waiting([Command])
        case idle
    }

    // MARK: Due jobs

    /// When job `job` falls due (or fell due): at launch if it never completed, else a full
    /// interval after its last completion; nil for a one-shot job already done. And when it may
    /// start next: its due time, but not before `minimumInterval` after its last start.
    ///
    /// Read through ``jobTimes``, which keeps them for every job.
    func times(of job: Job) -> JobTimes? {
        let state = states[job.id]
        let due: TimeInterval
        if let completed = state?.lastCompleted {
            guard let interval = job.interval else { return nil }
            due = completed + interval
        } else {
            due = epoch ?? 0
        }
        return (due, max(due, (state?.lastStarted ?? -.infinity) + job.minimumInterval))
    }

    /// Recomputes ``jobTimes``.
    mutating func refreshTimes() {
        jobTimes = options.jobs.map { times(of: $0) }
    }

    /// Whether job `job` may start now: eligible, and not failed within ``recheckInterval``.
    func isDue(_ job: Job, eligible: TimeInterval, at now: TimeInterval) -> Bool {
        guard eligible <= now else { return false }
        // Most wakes follow no failure: skip hashing the ID then.
        guard !failedAt.isEmpty, let failed = failedAt[job.id] else { return true }
        return now >= failed + Self.recheckInterval
    }

    /// The jobs that may start now, by priority, then due time, then declaration order.
    func dueJobs(at now: TimeInterval) -> [Job] {
        var due: [(job: Job, dueAt: TimeInterval, index: Int)] = []
        for (index, job) in options.jobs.enumerated() {
            guard let times = jobTimes[index], isDue(job, eligible: times.eligible, at: now) else { continue }
            due.append((job, times.due, index))
        }
        // The index breaks every tie, so any sort gives this order.
        due.sort { lhs, rhs in
            if lhs.job.priority != rhs.job.priority { return lhs.job.priority > rhs.job.priority }
            if lhs.dueAt != rhs.dueAt { return lhs.dueAt < rhs.dueAt }
            return lhs.index < rhs.index
        }
        return due.map(\.job)
    }

    /// Whether any job may start now: ``dueJobs(at:)`` without sorting them.
    func hasDueJob(at now: TimeInterval) -> Bool {
        zip(options.jobs, jobTimes).contains { job, times in
            guard let times else { return false }
            return isDue(job, eligible: times.eligible, at: now)
        }
    }

    // MARK: The wake's time

    /// Whether something keeps the app running without limit in the background (a location
    /// keep-alive, LOC-2): seen within ``keepAliveEvidenceWindow``.
    func keptAlive(_ context: Context) -> Bool {
        guard context.isInBackground, launch == nil, let seen = keepAliveSeen else { return false }
        return context.now - seen <= Self.keepAliveEvidenceWindow
    }

    /// The time the current wake leaves.
    func available(_ context: Context) -> Available {
        if !context.isInBackground { return .unlimited }
        if let launch { return launch.end.map { .until($0) } ?? .unlimited }
        if keptAlive(context) { return .unlimited }
        if context.backgroundTimeRemaining < Context.unlimited {
            return .until(context.now + context.backgroundTimeRemaining)
        }
        // TASK-11: DBL_MAX outside a running task, so the task is begun and its time read on the
        // next event. Still DBL_MAX then: a 7–12 wake window (TASK-9); the expiration handler is the limit.
        return task.openTask != nil && budgetRead ? .unlimited : .unknown
    }

    // MARK: Starting

    /// Starts the first due job that the wake can hold, or begins the task whose time it needs to know.
    mutating func startNext(_ context: Context) -> Start {
        let ready = dueJobs(at: context.now).filter { job in
            guard let unmet = unmetNeed(job, context) else { return true }
            note(job.id, blocker: unmet)
            return false
        }
        guard !ready.isEmpty else { return .idle }
        let deadline: TimeInterval?
        switch available(context) {
        case .unlimited: deadline = nil
        case .until(let end): deadline = end - options.safetyMargin
        case .unknown:
            guard !awaitingBudget else { return .waiting([]) }
            guard !outOfTime else {
                noteBlocker(Self.tooShort, forDue: context)
                return .idle
            }
            // Begin the task first; its time is readable on the next event (TASK-11).
            awaitingBudget = true
            budgetRead = false
            return .waiting(task.begin() + [.setTimer(TimerRequest(id: Self.fitTimer, interval: 0.001))])
        }
        let budget = deadline.map { $0 - context.now } ?? Context.unlimited
        let fitting = ready.filter { job in
            let fits = job.checkpointable ? budget > 0 : job.expectedDuration <= budget
            if !fits { note(job.id, blocker: Self.tooShort) }
            return fits
        }
        guard let job = fitting.first else { return .idle }
        // One at a time: the others wait for this run, and may find the wake over.
        for waiting in fitting.dropFirst() { note(waiting.id, blocker: "preempted by higher priority") }
        return .started(start(job, budget: budget, deadline: deadline, context))
    }

    /// The need of job `job` the device does not meet now: the network or external power.
    func unmetNeed(_ job: Job, _ context: Context) -> String? {
        if job.requiresNetwork && !context.network.mayBeReachable { return "no network" }
        if job.requiresExternalPower && context.externalPower != true { return "no power" }
        return nil
    }

    private mutating func start(_ job: Job, budget: TimeInterval, deadline: TimeInterval?, _ context: Context)
        -> [Command]
    {
        serial += 1
        var state = state(of: job.id)
        state.lastStarted = context.now
        update(state)
        let run = JobRun(
            job: job.id, run: serial, budget: budget, progress: state.progress, checkpoint: state.checkpoint)
        running = Running(run: run, deadline: deadline)
        // Outside its own launches the scheduler holds a task while the run lasts; begun in the
        // foreground it takes effect when the app leaves it (TASK-8).
        let hold = launch == nil && !keptAlive(context) ? task.begin() : []
        var timer: [Command] =
            deadline.map { [.setTimer(TimerRequest(id: Self.budgetTimer, interval: max(0.001, $0 - context.now)))] }
            ?? []
        if deadline == nil, budgetRead, context.isInBackground {
            // TASK-9: DBL_MAX inside a 7–12 wake window; the real figure comes when it closes.
            timer.append(.setTimer(TimerRequest(id: Self.fitTimer, interval: Self.rereadInterval)))
        }
        return hold + [.runJob(run)] + timer
    }

    /// Tightens the running run's deadline when the app's time became limited (the app left the
    /// foreground, location updates stopped), holding a task for it; lifts it on screen.
    mutating func refit(_ context: Context) -> [Command] {
        guard let current = running, !current.cancelling, launch == nil else { return [] }
        guard context.isInBackground else {
            // Back on screen: no limit any more.
            guard current.deadline != nil else { return [] }
            running?.deadline = nil
            return [.cancelTimer(Self.budgetTimer)]
        }
        if keptAlive(context) { return [] }
        if task.openTask == nil {
            awaitingBudget = true
            budgetRead = false
            return task.begin() + [.setTimer(TimerRequest(id: Self.fitTimer, interval: 0.001))]
        }
        guard case .until(let end) = available(context) else {
            if !budgetRead, !awaitingBudget, current.deadline == nil {
                // TASK-11: on 13+ the time reads DBL_MAX inside applicationDidEnterBackground even
                // with the task open (M391799); the countdown shows right after, so read it then.
                awaitingBudget = true
                return [.setTimer(TimerRequest(id: Self.fitTimer, interval: 0.001))]
            }
            // TASK-9: DBL_MAX inside a 7–12 wake window; the countdown starts when it closes, so read again.
            guard budgetRead, current.deadline == nil else { return [] }
            return [.setTimer(TimerRequest(id: Self.fitTimer, interval: Self.rereadInterval))]
        }
        let deadline = end - options.safetyMargin
        guard current.deadline.map({ deadline < $0 - 0.5 }) ?? true else { return [] }
        running?.deadline = deadline
        guard deadline > context.now else { return cancelRunning(because: Self.tooShort) }
        return [.setTimer(TimerRequest(id: Self.budgetTimer, interval: deadline - context.now))]
    }

    // MARK: Stopping and finishing

    /// Asks the run in progress to stop at once, noting why for a missed deadline.
    mutating func cancelRunning(because reason: String) -> [Command] {
        guard let current = running, !current.cancelling else { return [] }
        running?.cancelling = true
        note(current.run.job, blocker: reason)
        return [.cancelJob(job: current.run.job, run: current.run.run), .cancelTimer(Self.budgetTimer)]
    }

    /// A run ended: the job's new state, and its records for the agent to commit with that state.
    mutating func finished(_ result: JobResult, _ context: Context) -> [Command] {
        let wasCancelling = running?.cancelling ?? false
        running = nil
        var state = state(of: result.job)
        switch result.outcome {
        case .completed:
            state.lastCompleted = context.now
            state.progress = 0
            state.checkpoint = result.checkpoint  // kept: a job may carry a counter across runs in it
            state.completedRuns += 1
            launch?.completedRuns += 1
        case .checkpointed:
            state.progress = result.progress
            state.checkpoint = result.checkpoint
        case .failed:
            failedAt[result.job] = context.now
            launch?.failed = true
            if !wasCancelling { note(result.job, blocker: "run failed: \(result.reason ?? "no reason given")") }
        }
        update(state)
        let timer: [Command] = wasCancelling ? [] : [.cancelTimer(Self.budgetTimer)]
        return result.records.map(Command.record) + timer
    }

    /// Nothing more to run on this wake: release the task, complete the launch and the push, ask
    /// for the next wake, and keep a timer for the next due time.
    mutating func finishWake(_ context: Context) -> [Command] {
        var commands = task.endOpen()
        awaitingBudget = false
        budgetRead = false
        commands += completeLaunch()
        commands += completePush()
        if context.isInBackground { commands += requestWakes(context) }
        commands += scheduleNextTimer(context)
        return commands
    }

    /// Completes the scheduler's own scheduled launch (BGT-2, BGT-4, BGT-5).
    mutating func completeLaunch() -> [Command] {
        guard let current = launch else { return [] }
        launch = nil
        if current.kind == .backgroundFetch {
            return [
                .completeBackgroundFetch(
                    result: current.failed ? .failed : current.completedRuns > 0 ? .newData : .noData)
            ]
        }
        return [.completeScheduledTask(identifier: current.identifier, success: !current.failed)]
    }

    /// Calls the silent push's completion handler once (PUSH-6).
    mutating func completePush() -> [Command] {
        guard let pending = push else { return [] }
        push = nil
        return [.cancelTimer(Self.pushTimer), .completeRemoteNotification(id: pending, result: .newData)]
    }

    /// The launch, if the scheduler asked for it, with the time it gives.
    func ownLaunch(_ scheduled: ScheduledTaskLaunch, _ context: Context) -> OwnLaunch? {
        switch scheduled.kind {
        case .appRefresh where scheduled.identifier == options.refreshIdentifier:
            // BGT-4: up to 30 s.
            return OwnLaunch(
                identifier: scheduled.identifier, kind: .appRefresh, end: context.now + Self.maximumRefreshWork)
        case .backgroundFetch where options.refreshIdentifier != nil:
            // BGT-2: 30 s, and no expiration handler.
            return OwnLaunch(
                identifier: scheduled.identifier, kind: .backgroundFetch, end: context.now + Self.maximumRefreshWork)
        case .processing where scheduled.identifier == options.processingIdentifier:
            return OwnLaunch(identifier: scheduled.identifier, kind: .processing, end: nil)  // BGT-5: minutes
        default:
            return nil
        }
    }

    mutating func update(_ state: JobState) {
        states[state.job] = state
        changed.insert(state.job)
    }
}
