import Foundation

/// Runs the app's declared ``Job``s on whatever wake iOS grants, within the time that wake really
/// gives, one run at a time.
///
/// On every event (a launch, the foreground, a region, significant-change, visit, beacon or
/// Bluetooth event, a silent push, a scheduled task, URL-session events, a timer, a finished run)
/// it picks the due jobs by priority, then by due time, and starts the first that fits with
/// ``Command/runJob(_:)``. The budget is the time the wake leaves minus ``Options/safetyMargin``:
/// unlimited in the foreground and while standard location updates keep the app running, the
/// task allowance otherwise (TASK-6: about 30 s on iOS 13+, TASK-3: 180 s on 7–12), 30 s in a
/// refresh or fetch it was launched for (BGT-2, BGT-4). A job that cannot checkpoint starts only
/// when its whole ``Job/expectedDuration`` fits.
///
/// Outside its own scheduled launches it holds a background task (owner `JobScheduler`) while a
/// run is in progress, cancels the run at its budget with a timer and on the task's expiration
/// handler, and never leaves the task open. When the wake's work is done it asks for the next
/// wake: a `BGAppRefreshTaskRequest` at the next due time and a `BGProcessingTaskRequest` for jobs
/// that need external power or more than ``maximumRefreshWork`` seconds (BGT-4, BGT-5). A job
/// whose deadline passes without completion is reported as a `wakeful.jobMissed` record with the
/// best reason the scheduler saw.
///
/// ```swift
/// var scheduler = JobScheduler(options: .init(jobs: [
///     Job(id: "sample", interval: 300, expectedDuration: 2, checkpointable: true),
///     Job(id: "aggregate", interval: 900, deadline: 1800, expectedDuration: 10, priority: .high),
/// ]))
/// scheduler.restore(savedStates)
/// let commands = scheduler.handle(.didFinishLaunching(.user), in: Context(now: 0, appState: .active))
/// // [.setMinimumBackgroundFetchInterval(300), .beginBackgroundTask(JobScheduler#1),
/// //  .runJob(JobRun(job: "aggregate", run: 1, budget: Context.unlimited)), …]
/// ```
///
/// Records: the runs' own records, re-emitted when a run finishes (so the agent commits them with
/// the job's new state), `wakeful.jobMissed` (`job`, `dueAt`, `deadline`, `reason`) and
/// `wakeful.jobWakeRefused` (`identifier`, `error`).
public struct JobScheduler: Strategy {
    /// Configuration.
    public struct Options: Sendable, Hashable, Codable {
        /// The jobs, in the order ties are broken.
        public var jobs: [Job]
        /// Seconds of a wake never planned for work (TASK-12's expiry lead, the commit afterwards).
        public var safetyMargin: TimeInterval = 5
        /// The `BGAppRefreshTask` identifier it asks for; nil: never.
        public var refreshIdentifier: String? = "com.wakeful.jobs.refresh"
        /// The `BGProcessingTask` identifier for jobs that need power or long work; nil: never.
        public var processingIdentifier: String? = "com.wakeful.jobs.processing"
        /// Whether it calls the silent-push completion handler, when no other strategy does (PUSH-6).
        public var completesRemoteNotifications = false

        /// Creates options.
        public init(
            jobs: [Job] = [], safetyMargin: TimeInterval = 5, refreshIdentifier: String? = "com.wakeful.jobs.refresh",
            processingIdentifier: String? = "com.wakeful.jobs.processing", completesRemoteNotifications: Bool = false
        ) {
            self.jobs = jobs
            self.safetyMargin = safetyMargin
            self.refreshIdentifier = refreshIdentifier
            self.processingIdentifier = processingIdentifier
            self.completesRemoteNotifications = completesRemoteNotifications
        }
    }

    /// The record kind of a missed deadline.
    public static let missedRecordKind = "wakeful.jobMissed"
    /// The scheduler's name in timelines, and the owner of its background tasks.
    public static let ownerName = "JobScheduler"
    /// The record kind of a refused wake request.
    public static let wakeRefusedRecordKind = "wakeful.jobWakeRefused"
    /// Seconds of work a refresh can hold (BGT-4: up to 30 s); longer jobs ask for a processing task.
    public static let maximumRefreshWork: TimeInterval = 30
    /// Seconds for which the app is taken to keep running without limit after an event reached it
    /// in the background with no task open and no wake to explain it (a location keep-alive, LOC-2;
    /// audio; a call). Assumption: a minute, renewed by each such event.
    public static let keepAliveEvidenceWindow: TimeInterval = 60

    /// Seconds between looks at due jobs that could not run (no time, network or power) while the
    /// app keeps running (assumption: a minute).
    public static let recheckInterval: TimeInterval = 60
    /// Seconds between reads of `backgroundTimeRemaining` while it says DBL_MAX during a run in
    /// the background (TASK-9: a 7–12 wake window, ≈10 s).
    static let rereadInterval: TimeInterval = 5
    /// The reason noted when a wake leaves too little time for a job.
    public static let tooShort = "wakes too short for expectedDuration"

    /// Fires just after the scheduler began its task, to read the time the task was given (TASK-11).
    public static let fitTimer: TimerID = "JobScheduler.fit"
    /// Cancels the run in progress at its budget.
    public static let budgetTimer: TimerID = "JobScheduler.budget"
    /// Fires at the next due time or deadline, for an app that keeps running.
    public static let nextTimer: TimerID = "JobScheduler.next"
    /// Completes the silent push before its 30 s are up (PUSH-6).
    public static let pushTimer: TimerID = "JobScheduler.push"

    /// The configuration.
    public var options: Options {
        didSet { refreshTimes() }
    }
    var states: [String: JobState] = [:] {
        didSet { refreshTimes() }
    }
    /// Every job's ``times(of:)``, in job order, refreshed whenever ``options``, `states` or
    /// `epoch` change: the scheduler reads them several times on every event, reading a job's
    /// state hashes its ID, and the states change only when a run starts or ends.
    var jobTimes: [JobTimes?] = []
    var changed: Set<String> = []
    var task = BackgroundTaskSlot(owner: JobScheduler.ownerName)
    /// The run in progress: at most one.
    var running: Running?
    var serial = 0
    /// When the scheduler first heard of this process: the due time of jobs never completed.
    var epoch: TimeInterval? {
        didSet { refreshTimes() }
    }
    /// Its own scheduled launch in progress, if any.
    var launch: OwnLaunch?
    /// The fit timer is pending: the task's time is not known yet.
    var awaitingBudget = false
    /// The fit timer fired while the task was held: the system reports no limit (TASK-9 window).
    var budgetRead = false
    /// When the last wake began, and how long it holds the app by itself (LOC-12, PUSH-6, STATE-5).
    var lastWake: (at: TimeInterval, holds: TimeInterval) = (-.infinity, 0)
    /// When the app was last seen running in the background with nothing but a keep-alive to explain it.
    var keepAliveSeen: TimeInterval?
    /// The system ended or refused the scheduler's task on this wake: no more tries until the next one.
    var outOfTime = false
    /// The silent push whose completion the scheduler owes (PUSH-6).
    var push: String?
    /// Wake requests pending, by identifier, with their earliest begin date.
    var requested: [String: TimeInterval] = [:]
    /// Wake requests refused since the app was last on screen, by identifier, with the error.
    var refused: [String: TaskSchedulerError] = [:]
    /// When each job's run last failed: retried on a later wake, or after ``recheckInterval`` in an
    /// app that keeps running.
    var failedAt: [String: TimeInterval] = [:]
    /// What the scheduler saw of each job's current due occurrence, for missed-deadline reasons.
    var watches: [String: DeadlineWatch] = [:]
    var nextTimerAt: TimeInterval?

    /// Creates the scheduler.
    public init(options: Options) {
        self.options = options
        refreshTimes()
    }

    public var name: String { Self.ownerName }

    public var requirements: Requirements {
        var modes: [BackgroundMode] = []
        var identifiers: [String] = []
        if let refresh = options.refreshIdentifier {
            modes.append(.fetch)
            identifiers.append(refresh)
        }
        if let processing = options.processingIdentifier, options.jobs.contains(where: Self.needsProcessing) {
            modes.append(.processing)
            identifiers.append(processing)
        }
        if options.completesRemoteNotifications { modes.append(.remoteNotification) }
        return Requirements(backgroundModes: modes, taskIdentifiers: identifiers)
    }

    /// Loads the job states saved by an earlier process, before the first event.
    public mutating func restore(_ saved: [JobState]) {
        for state in saved where options.jobs.contains(where: { $0.id == state.job }) {
            states[state.job] = state
        }
    }

    /// The states changed since the last call, in job order; the agent saves them in the same
    /// transaction as the records of the same event.
    public mutating func takeChangedStates() -> [JobState] {
        // The agent asks after every event; most change no state.
        guard !changed.isEmpty else { return [] }
        defer { changed = [] }
        return options.jobs.filter { changed.contains($0.id) }.map { state(of: $0.id) }
    }

    /// The state of job `id` (a fresh one if it never ran).
    public func state(of id: String) -> JobState {
        states[id] ?? JobState(job: id)
    }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        if epoch == nil { epoch = context.now }
        if Self.isWake(event) {
            failedAt = [:]
            keepAliveSeen = nil
        }
        if let holds = Self.wakeHold(event) {
            lastWake = (context.now, holds)
            outOfTime = false
        } else if context.isInBackground, launch == nil, context.backgroundTimeRemaining >= Context.unlimited,
            context.now > lastWake.at + lastWake.holds
        {
            // Events reach only an executing app: with no task open and no wake holding it, something
            // keeps it running (assumption, see keepAliveEvidenceWindow).
            keepAliveSeen = context.now
        }
        var commands = reportMissedDeadlines(context)
        let (answer, settled) = react(to: event, context)
        commands += answer
        guard !settled else { return commands }
        commands += refit(context)
        if running == nil, launch?.expiring == true {
            commands += finishWake(context)
        } else if running == nil {
            switch startNext(context) {
            case .started(let started): commands += started
            case .waiting(let waiting): commands += waiting
            case .idle: commands += finishWake(context)
            }
        }
        return commands
    }

    /// The event's own effect; `settled` when nothing else may happen on it.
    private mutating func react(to event: Event, _ context: Context) -> (commands: [Command], settled: Bool) {
        switch event {
        case .didFinishLaunching:
            // BGT-1: the legacy fetch (iOS 7–12) needs an interval; iOS 13+ ignores it for apps with BGTask identifiers.
            guard options.refreshIdentifier != nil, let shortest = options.jobs.compactMap(\.interval).min() else {
                return ([], false)
            }
            return ([.setMinimumBackgroundFetchInterval(shortest)], false)
        case .didBecomeActive:
            refused = [:]
            return ([], false)
        case .backgroundTaskExpiring(let id) where task.holds(id):
            // TASK-12: stop the work and end the task at once, whatever is left to do.
            outOfTime = true
            return (cancelRunning(because: Self.tooShort) + task.end(id) + completePush(), true)
        case .backgroundTaskDenied(let id) where task.holds(id):
            task.forget(id)  // TASK-16: no time; the run in progress, if any, freezes with the app.
            awaitingBudget = false
            outOfTime = true
            noteBlocker("no background time granted", forDue: context)
            return (finishWake(context), true)
        case .scheduledTaskLaunched(let scheduled):
            guard let own = ownLaunch(scheduled, context) else { return ([], false) }
            launch = own
            requested[scheduled.identifier] = nil
            return ([], false)
        case .scheduledTaskExpiring(let identifier) where launch?.identifier == identifier:
            launch?.failed = true
            launch?.expiring = true
            // The cancelled run reports its checkpoint at once; the launch is completed with it.
            guard running == nil else { return (cancelRunning(because: Self.tooShort), true) }
            return (completeLaunch(), true)
        case .scheduledTaskSubmitFailed(let identifier, let error) where requested.keys.contains(identifier):
            requested[identifier] = nil
            refused[identifier] = error
            return (
                [
                    .record(
                        Record(
                            kind: Self.wakeRefusedRecordKind,
                            fields: [
                                Field("identifier", .string(identifier)), Field("error", .string(error.rawValue)),
                            ]))
                ], true
            )
        case .remoteNotification(let notification) where options.completesRemoteNotifications:
            // PUSH-6: 30 s to call the completion handler.
            push = notification.id
            let interval = max(0.001, 30 - options.safetyMargin)
            return ([.setTimer(TimerRequest(id: Self.pushTimer, interval: interval))], false)
        case .timerFired(Self.pushTimer):
            return (completePush(), false)
        case .timerFired(Self.fitTimer):
            awaitingBudget = false
            budgetRead = task.openTask != nil
            return ([], false)
        case .timerFired(Self.budgetTimer):
            return (cancelRunning(because: Self.tooShort), true)
        case .timerFired(Self.nextTimer):
            nextTimerAt = nil
            return ([], false)
        case .jobFinished(let result) where running?.run.run == result.run && running?.run.job == result.job:
            return (finished(result, context), false)
        case .locationUpdatesPaused:
            keepAliveSeen = nil  // LOC-5: paused updates no longer keep the app running
            return ([], false)
        default:
            return ([], false)
        }
    }

    /// Whether `event` is a new wake of the app, after which a failed job may be tried again.
    static func isWake(_ event: Event) -> Bool {
        switch event {
        case .didFinishLaunching, .willEnterForeground, .regionEntered, .regionExited, .regionStateDetermined,
            .significantLocationChange, .visit, .remoteNotification, .scheduledTaskLaunched, .urlSessionEvents,
            .bluetooth, .monitorEvent, .healthObserverUpdate:
            true
        default:
            false
        }
    }

    /// How long `event` holds the app by itself, if it starts a wake: the event window (LOC-12,
    /// LOC-21, BLE-1: ≈10 s), the push handler (PUSH-6: 30 s), a launch (BGT-4: 30 s), the grace
    /// after leaving the foreground (STATE-5, ≈10 s at most, CONF-3).
    static func wakeHold(_ event: Event) -> TimeInterval? {
        switch event {
        // HK-5: the update handler's time is an assumption, 30 s.
        case .remoteNotification, .voipPush, .scheduledTaskLaunched, .urlSessionEvents, .healthObserverUpdate: 30
        case .didEnterBackground, .keepAliveFired: 10
        default: isWake(event) ? 10 : nil
        }
    }

    /// Whether a job can only run in a processing task: it needs power, or more than a refresh holds.
    static func needsProcessing(_ job: Job) -> Bool {
        job.requiresExternalPower || (!job.checkpointable && job.expectedDuration > maximumRefreshWork)
    }
}

extension JobScheduler {
    /// The run in progress.
    struct Running: Sendable, Hashable {
        var run: JobRun
        /// When it is cancelled; nil while the app's time is unlimited.
        var deadline: TimeInterval?
        /// A cancellation was sent; the result is on its way.
        var cancelling = false
    }

    /// A scheduled launch the scheduler asked for (or the legacy fetch).
    struct OwnLaunch: Sendable, Hashable {
        var identifier: String
        var kind: ScheduledTaskKind
        /// When its time is up; nil for a processing task (minutes, BGT-5: the expiration handler says when).
        var end: TimeInterval?
        var failed = false
        var completedRuns = 0
        /// Its expiration handler ran: no new run, complete it as soon as the run in progress reports.
        var expiring = false
    }

    /// What the scheduler saw while one due occurrence of a job with a deadline was open.
    struct DeadlineWatch: Sendable, Hashable {
        var job: String
        var dueAt: TimeInterval
        var sawWake = false
        var blocker: String?
        var reported = false
    }
}
