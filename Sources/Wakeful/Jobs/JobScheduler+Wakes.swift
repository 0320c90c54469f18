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
        if let identifier = options.refreshIdentifier, let at = nextWake(processing: false, context) {
            commands += submit(TaskRequest(identifier: identifier, kind: .appRefresh, earliestBeginDate: at))
        }
        if let identifier = options.processingIdentifier, let at = nextWake(processing: true, context) {
            let processingJobs = options.jobs.filter(Self.needsProcessing)
            // BGT-5: the options say what the system waits for before it launches the task.
            commands += submit(
                TaskRequest(
                    identifier: identifier, kind: .processing, earliestBeginDate: at,
                    requiresExternalPower: processingJobs.contains(where: \.requiresExternalPower),
                    requiresNetworkConnectivity: processingJobs.contains(where: \.requiresNetwork)))
        }
        return commands
    }

    /// When the earliest of the jobs a processing task holds (`processing`) or of the others may
    /// run next; a job due now but blocked is asked for later. Runs after every wake: no arrays.
    private func nextWake(processing: Bool, _ context: Context) -> TimeInterval? {
        var earliest: TimeInterval?
        for (job, times) in zip(options.jobs, jobTimes) where Self.needsProcessing(job) == processing {
            guard let eligible = times?.eligible else { continue }
            let at = eligible > context.now ? eligible : context.now + Self.blockedRetry
            if earliest.map({ at < $0 }) ?? true { earliest = at }
        }
        return earliest
    }

    /// Submits `request` unless it was refused since the app was last on screen or an earlier one
    /// is pending (BGT-7: a new submission replaces the pending one).
    private mutating func submit(_ request: TaskRequest) -> [Command] {
        // Refusals are rare: skip hashing the identifier when there are none.
        guard refused.isEmpty || refused[request.identifier] == nil, let at = request.earliestBeginDate else {
            return []
        }
        if let pending = requested[request.identifier], pending <= at { return [] }
        requested[request.identifier] = at
        return [.submitTaskRequest(request)]
    }

    /// Keeps a timer at the next due time or deadline: it fires while the app keeps running, and
    /// once when a suspended app runs again.
    mutating func scheduleNextTimer(_ context: Context) -> [Command] {
        // The earliest of the times below, kept as it goes: this runs after every wake.
        var next: TimeInterval?
        func consider(_ time: TimeInterval) {
            if next.map({ time < $0 }) ?? true { next = time }
        }
        for job in jobTimes {
            if let eligible = job?.eligible, eligible > context.now { consider(eligible) }
        }
        if hasDueJob(at: context.now) { consider(context.now + Self.recheckInterval) }
        for failed in failedAt.values where failed + Self.recheckInterval > context.now {
            consider(failed + Self.recheckInterval)
        }
        for watch in watches.values where !watch.reported {
            if let job = options.jobs.first(where: { $0.id == watch.job }), let deadline = job.deadline,
                watch.dueAt + deadline >= context.now
            {
                consider(watch.dueAt + deadline + 0.001)
            }
        }
        guard let next else {
            guard nextTimerAt != nil else { return [] }
            nextTimerAt = nil
            return [.cancelTimer(Self.nextTimer)]
        }
        let timer = TimerRequest(id: Self.nextTimer, due: next, now: context.now)
        let at = context.now + timer.interval
        guard at != nextTimerAt else { return [] }
        nextTimerAt = at
        return [.setTimer(timer)]
    }

    // MARK: Missed deadlines

    /// Emits `wakeful.jobMissed` for each due occurrence whose deadline passed without completion,
    /// once; notes that the app was awake inside the windows still open.
    mutating func reportMissedDeadlines(_ context: Context) -> [Command] {
        var commands: [Command] = []
        for (index, job) in options.jobs.enumerated() {
            guard let deadline = job.deadline, let due = jobTimes[index]?.due else { continue }
            let saved = watches[job.id]
            var watch = saved.flatMap { $0.dueAt == due ? $0 : nil } ?? DeadlineWatch(job: job.id, dueAt: due)
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
            // Most events change no watch: skip the write, which hashes the ID again.
            if watch != saved { watches[job.id] = watch }
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
        guard let index = options.jobs.firstIndex(where: { $0.id == id }), options.jobs[index].deadline != nil,
            let due = jobTimes[index]?.due
        else {
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
