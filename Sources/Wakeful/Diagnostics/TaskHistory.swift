import Foundation

/// What became of the app's `BGTaskScheduler` requests: each submission and its error, each launch
/// with its reason, how long it ran and how it ended, and each expiration — the answer to "did my
/// task ever run?".
///
/// The ledger reads timeline entries that a device and the simulator both write (the
/// `submitTaskRequest`, `cancelTaskRequest`, `completeScheduledTask` and `completeBackgroundFetch`
/// commands, the `scheduledTaskLaunched`, `scheduledTaskExpiring`, `scheduledTaskSubmitFailed` and
/// launch events), so it adds no line of its own to a timeline. On a device `WakefulApp` feeds it
/// every entry and keeps it across processes; in the simulator it is read from the run's timeline
/// (`SimulatedDevice.taskHistory`). It keeps the newest ``limit`` submissions and launches and
/// counts the older ones it let go.
///
/// ```swift
/// var history = TaskHistory()
/// for entry in timeline.entries { history.record(entry) }
/// history.lastLaunch(of: "com.example.refresh")?.duration   // 12.5, or nil while it runs
/// history.sinceLastRun(of: "com.example.refresh", at: now)  // seconds since it last launched
/// ```
public struct TaskHistory: Sendable, Hashable, Codable {
    /// Submissions, oldest first: at most ``limit``.
    public private(set) var submissions: [Submission] = []
    /// Launches, oldest first: at most ``limit``.
    public private(set) var launches: [Launch] = []
    /// How many submissions and launches each list keeps; older ones are let go and counted.
    public let limit: Int
    /// Submissions let go to stay within ``limit``.
    public private(set) var droppedSubmissions = 0
    /// Launches let go to stay within ``limit``.
    public private(set) var droppedLaunches = 0

    /// Where the app stood when the last entry was read, for each launch's reason.
    private var process = ProcessView()
    /// The number the next submission gets.
    private var nextSubmission = 1
    /// The identifier the debug helper asked iOS to launch, until that launch (BGT-10).
    private var simulatedLaunch: String?

    /// Creates an empty ledger keeping at most `limit` submissions and `limit` launches.
    public init(limit: Int = 100) {
        self.limit = max(1, limit)
    }

    /// A ledger of everything `entries` say, in order.
    public init<Entries: Sequence>(_ entries: Entries, limit: Int = 100) where Entries.Element == TimelineEntry {
        self.init(limit: limit)
        for entry in entries { record(entry) }
    }

    // MARK: Reading

    /// Requests accepted and neither launched, cancelled nor replaced since, as far as the timeline
    /// tells; iOS's own list is `BGTaskScheduler.getPendingTaskRequests` (``TaskSchedulerStatus``).
    public var believedPending: [Submission] { submissions.filter { $0.fate == .pending } }

    /// The latest launch of `identifier`, or of any task when nil.
    public func lastLaunch(of identifier: String? = nil) -> Launch? {
        launches.last { identifier == nil || $0.identifier == identifier }
    }

    /// Seconds from the latest launch of `identifier` (any task when nil) to `now`; nil when it
    /// never launched.
    public func sinceLastRun(of identifier: String? = nil, at now: TimeInterval) -> TimeInterval? {
        lastLaunch(of: identifier).map { max(0, now - $0.at) }
    }

    /// The launches whose expiration handler ran (BGT-4, BGT-5, BGT-13).
    public var expirations: [Launch] { launches.filter { $0.expiredAt != nil } }

    /// The latest submission of `identifier`, or nil.
    public func lastSubmission(of identifier: String) -> Submission? {
        submissions.last { $0.request.identifier == identifier }
    }

    // MARK: Recording

    /// Reads one timeline entry; returns whether the ledger changed.
    @discardableResult
    public mutating func record(_ entry: TimelineEntry) -> Bool {
        switch entry.body {
        case .command(let command, let owner): return record(command, by: owner, at: entry.time)
        case .event(let event): return record(event, at: entry.time)
        case .decision(let decision): return record(decision)
        case .state(let change) where change.to == .notRunning:
            // The simulator's view of a process's end; a device learns it at the next launch.
            return endProcess(at: entry.time)
        default: return false
        }
    }

    private mutating func record(_ command: Command, by owner: String, at time: TimeInterval) -> Bool {
        switch command {
        case .submitTaskRequest(let request):
            let replaced = submissions.lastIndex { $0.request.identifier == request.identifier && $0.fate == .pending }
            if let replaced { submissions[replaced].fate = .replaced(at: time) }
            append(
                Submission(
                    number: nextSubmission, request: request, at: time, by: owner,
                    replacing: replaced.map { submissions[$0].number }))
            nextSubmission += 1
            return true
        case .cancelTaskRequest(let identifier):
            guard let index = pendingIndex(identifier) else { return false }
            submissions[index].fate = .cancelled(at: time)
            return true
        case .completeScheduledTask(let identifier, let success):
            return end(identifier, outcome: success ? .succeeded : .failed, at: time)
        case .completeBackgroundFetch(let result):
            guard let index = launches.lastIndex(where: { $0.kind == .backgroundFetch && $0.outcome == .running })
            else { return false }
            return end(at: index, outcome: result == .failed ? .failed : .succeeded, time: time)
        default:
            return false
        }
    }

    private mutating func record(_ event: Event, at time: TimeInterval) -> Bool {
        switch event {
        case .didFinishLaunching(let reason):
            let ended = endProcess(at: nil)
            process = ProcessView(foreground: reason.isForeground, launchedForTask: reason == .scheduledTask)
            return ended
        case .willEnterForeground, .didBecomeActive:
            process.foreground = true
            process.launchedForTask = false
            return false
        case .didEnterBackground:
            process.foreground = false
            return false
        case .scheduledTaskLaunched(let launch):
            return launched(launch, at: time)
        case .scheduledTaskExpiring(let identifier):
            guard let index = runningIndex(identifier), launches[index].expiredAt == nil else { return false }
            launches[index].expiredAt = time
            return true
        case .scheduledTaskSubmitFailed(let identifier, let error):
            return refuse(identifier, error: error)
        case .remoteNotification, .voipPush, .regionEntered, .regionExited, .regionStateDetermined,
            .significantLocationChange, .visit, .monitorEvent, .urlSessionEvents, .bluetooth:
            // Another wake came first: a task launched after it did not start the process.
            process.launchedForTask = false
            return false
        default:
            return false
        }
    }

    private mutating func record(_ decision: SystemDecision) -> Bool {
        switch decision.name {
        case DebugTaskLaunch.decisionName:
            simulatedLaunch = decision.fields.first { $0.key == "identifier" }?.value.description
            return false
        case "commandRefused"
        where decision.fields.contains(Field("command", "submitTaskRequest")):
            // The simulator's refusal on a release without the class (BGT-4, BGT-13): the app's call
            // did nothing, which reads as `unavailable`.
            guard let identifier = decision.fields.first(where: { $0.key == "identifier" })?.value.description
            else { return false }
            return refuse(identifier, error: .unavailable)
        default:
            return false
        }
    }

    private mutating func launched(_ launch: ScheduledTaskLaunch, at time: TimeInterval) -> Bool {
        let reason: TaskLaunchReason
        if simulatedLaunch == launch.identifier {
            reason = .simulated
        } else if process.foreground {
            reason = .foreground
        } else if process.launchedForTask {
            reason = .relaunch
        } else {
            reason = .background
        }
        simulatedLaunch = nil
        process.launchedForTask = false
        if let index = pendingIndex(launch.identifier) { submissions[index].fate = .launched(at: time) }
        launches.append(Launch(identifier: launch.identifier, kind: launch.kind, at: time, reason: reason))
        if launches.count > limit {
            droppedLaunches += launches.count - limit
            launches.removeFirst(launches.count - limit)
        }
        return true
    }

    private mutating func refuse(_ identifier: String, error: TaskSchedulerError) -> Bool {
        guard let index = submissions.lastIndex(where: { $0.request.identifier == identifier }),
            submissions[index].fate == .pending
        else { return false }
        submissions[index].fate = .refused(error)
        // A refused submission replaced nothing: the request it would have replaced is still pending.
        if let replaced = submissions[index].replacing,
            let earlier = submissions.firstIndex(where: { $0.number == replaced })
        {
            submissions[earlier].fate = .pending
        }
        return true
    }

    private mutating func end(_ identifier: String, outcome: Launch.Outcome, at time: TimeInterval) -> Bool {
        guard let index = runningIndex(identifier) else { return false }
        return end(at: index, outcome: outcome, time: time)
    }

    private mutating func end(at index: Int, outcome: Launch.Outcome, time: TimeInterval?) -> Bool {
        launches[index].outcome = outcome
        launches[index].endedAt = time
        return true
    }

    /// Every launch still running ended with its process, at `time` when the timeline says when.
    private mutating func endProcess(at time: TimeInterval?) -> Bool {
        var changed = false
        for index in launches.indices where launches[index].outcome == .running {
            changed = end(at: index, outcome: .processEnded, time: time) || changed
        }
        return changed
    }

    private mutating func append(_ submission: Submission) {
        submissions.append(submission)
        if submissions.count > limit {
            droppedSubmissions += submissions.count - limit
            submissions.removeFirst(submissions.count - limit)
        }
    }

    private func pendingIndex(_ identifier: String) -> Int? {
        submissions.lastIndex { $0.request.identifier == identifier && $0.fate == .pending }
    }

    private func runningIndex(_ identifier: String) -> Int? {
        launches.lastIndex { $0.identifier == identifier && $0.outcome == .running }
    }

    /// What the ledger knows of the app's process from its lifecycle events.
    private struct ProcessView: Sendable, Hashable, Codable {
        var foreground = false
        /// The process was launched in the background with no launch key (STATE-2) and nothing woke
        /// it since: a task launched now is what iOS started it for.
        var launchedForTask = false
    }
}
