import Foundation

/// Asking for the next wake, and reporting deadlines missed with the best reason seen.
extension JobScheduler {
    /// Seconds until a job that is due but blocked (no network, no power, too little time) is
    /// asked for again (assumption: the 15 min a refresh is spaced at least, BGT-3).
    public static let blockedRetry: TimeInterval = 900

    // MARK: Wake requests

    /// Submits a refresh request for the next due time and a processing request for the jobs
    /// only a processing task can hold, unless an earlier request of the scheduler is pending.
    mutating func requestWakes(_ context: Context) -> [Command] {
        var commands: [Command] = []
        let refreshJobs = options.jobs.filter { !Self.needsProcessing($0) }
        if let identifier = options.refreshIdentifier, let at = nextWake(refreshJobs, context) {
            commands += submit(TaskRequest(identifier: identifier, kind: .appRefresh, earliestBeginDate: at))
        }
        let processingJobs = options.jobs.filter(Self.needsProcessing)
        if let identifier = options.processingIdentifier, let at = nextWake(processingJobs, context) {
            // BGT-5: the options say what the system waits for before it launches the task.
            commands += submit(
                TaskRequest(
                    identifier: identifier, kind: .processing, earliestBeginDate: at,
                    requiresExternalPower: processingJobs.contains(where: \.requiresExternalPower),
                    requiresNetworkConnectivity: processingJobs.contains(where: \.requiresNetwork)))
        }
        return commands
    }

    /// When the earliest of `jobs` may run next; a job due now but blocked is asked for later.
    private func nextWake(_ jobs: [Job], _ context: Context) -> TimeInterval? {
        jobs.compactMap { job in
            eligibleAt(job).map { $0 > context.now ? $0 : context.now + Self.blockedRetry }
        }.min()
    }

    /// Submits `request` unless it was refused since the app was last on screen or an earlier one
    /// is pending (BGT-7: a new submission replaces the pending one).
    private mutating func submit(_ request: TaskRequest) -> [Command] {
        guard refused[request.identifier] == nil, let at = request.earliestBeginDate else { return [] }
        if let pending = requested[request.identifier], pending <= at { return [] }
        requested[request.identifier] = at
        return [.submitTaskRequest(request)]
    }

    /// Keeps a timer at the next due time or deadline: it fires while the app keeps running, and
    /// once when a suspended app runs again.
    mutating func scheduleNextTimer(_ context: Context) -> [Command] {
        var times = options.jobs.compactMap(eligibleAt).filter { $0 > context.now }
        if !dueJobs(at: context.now).isEmpty { times.append(context.now + Self.recheckInterval) }
        times += failedAt.values.map { $0 + Self.recheckInterval }.filter { $0 > context.now }
        for watch in watches.values where !watch.reported {
            if let job = options.jobs.first(where: { $0.id == watch.job }), let deadline = job.deadline,
                watch.dueAt + deadline >= context.now
            {
                times.append(watch.dueAt + deadline + 0.001)
            }
        }
        guard let next = times.min() else {
            guard nextTimerAt != nil else { return [] }
            nextTimerAt = nil
            return [.cancelTimer(Self.nextTimer)]
        }
        guard next != nextTimerAt else { return [] }
        nextTimerAt = next
        return [.setTimer(TimerRequest(id: Self.nextTimer, interval: next - context.now))]
    }

    // MARK: Missed deadlines

    /// Emits `wakeful.jobMissed` for each due occurrence whose deadline passed without completion,
    /// once; notes that the app was awake inside the windows still open.
    mutating func reportMissedDeadlines(_ context: Context) -> [Command] {
        var commands: [Command] = []
        for job in options.jobs {
            guard let deadline = job.deadline, let due = dueAt(job) else { continue }
            var watch = watch(job.id, due: due)
            guard !watch.reported else { continue }
            if context.now > due + deadline {
                watch.reported = true
                commands.append(
                    .record(
                        Record(
                            kind: Self.missedRecordKind,
                            fields: [
                                Field("job", .string(job.id)), Field("dueAt", .double(due)),
                                Field("deadline", .double(due + deadline)),
                                Field("reason", .string(reason(watch))),
                            ])))
            } else if context.now >= due {
                watch.sawWake = true
            }
            watches[job.id] = watch
        }
        return commands
    }

    /// The best reason for a missed deadline from what the scheduler saw in the window.
    private func reason(_ watch: DeadlineWatch) -> String {
        if watch.sawWake { return watch.blocker ?? "not finished in the window" }
        guard let refusal = refused.sorted(by: { $0.key < $1.key }).first else { return "no wake in the window" }
        return "no wake in the window (wake request refused: \(refusal.value.rawValue))"
    }

    /// The watch of job `id`'s occurrence due at `due`: a new one when the job completed since.
    private func watch(_ id: String, due: TimeInterval) -> DeadlineWatch {
        watches[id].flatMap { $0.dueAt == due ? $0 : nil } ?? DeadlineWatch(job: id, dueAt: due)
    }

    /// Notes why job `id` did not run, for its deadline watch (jobs without a deadline have none).
    mutating func note(_ id: String, blocker: String) {
        guard let job = options.jobs.first(where: { $0.id == id }), job.deadline != nil, let due = dueAt(job) else {
            return
        }
        var watch = watch(id, due: due)
        watch.blocker = blocker
        watches[id] = watch
    }

    /// Notes `blocker` for every job due now.
    mutating func noteBlocker(_ blocker: String, forDue context: Context) {
        for job in dueJobs(at: context.now) { note(job.id, blocker: blocker) }
    }
}
