import Foundation
import Wakeful

extension DeviceActivity {
    /// Seconds without an entry after which a backgrounded app with no task open and no location
    /// keep-alive is taken as suspended. iOS gives a wake about 10 s (LOC-21, LOC-12) and a
    /// backgrounded app a few seconds (STATE-4), so a minute of silence means it stopped.
    static let idleSeconds: TimeInterval = 60

    /// Builds the lanes from a window's records (ordered by `recorded_at`), decoding the timeline's.
    ///
    /// App states come from the lifecycle events; the rest is inferred from silence:
    /// - a backgrounded app is **suspended** from its last entry once ``idleSeconds`` pass with no
    ///   background task, scheduled task or location keep-alive open (STATE-1: suspension is not announced);
    /// - before a `didFinishLaunching`, the app was **not running** since its last entry (STATE-3: a
    ///   suspended app is terminated without a callback), or since `willTerminate` (STATE-6).
    static func extract(records: [StoredRecord], window: DashboardWindow, pushes: [DashboardPush]) -> DeviceActivity {
        var activity = DeviceActivity()
        activity.pushAttempts = pushes
        var batches: [TimeInterval: UploadMark] = [:]
        for stored in records {
            let record = stored.record
            activity.activityTimes.append(record.recordedAt)
            batches[stored.receivedAt, default: UploadMark(receivedAt: stored.receivedAt, count: 0, oldestRecordedAt: record.recordedAt, newestRecordedAt: record.recordedAt)]
                .add(record.recordedAt)
            guard record.kind == OutboxRecord.timelineKind else {
                activity.recordTimes.append(record.recordedAt)
                continue
            }
            do {
                var entry = try TimelineDecoder.decode(line: Array(record.payload.utf8), file: "record \(record.seq)", lineNumber: 1)
                entry.time = record.recordedAt
                activity.entries.append(entry)
            } catch {
                activity.unreadableEntries += 1
            }
        }
        activity.activityTimes.sort()
        activity.uploads = batches.values.sorted { $0.receivedAt < $1.receivedAt }
        var walker = LaneWalker(window: window)
        for entry in activity.entries { walker.visit(entry) }
        walker.finish()
        activity.states = walker.states
        activity.wakes = walker.wakes
        activity.tasks = walker.tasks.sorted { $0.start < $1.start }
        activity.jobs = walker.jobs.sorted { $0.start < $1.start }
        activity.pushesReceived = walker.pushes
        return activity
    }
}

extension UploadMark {
    fileprivate mutating func add(_ recordedAt: TimeInterval) {
        count += 1
        oldestRecordedAt = min(oldestRecordedAt, recordedAt)
        newestRecordedAt = max(newestRecordedAt, recordedAt)
    }
}

/// Walks the entries once, in time order, keeping the open state span, tasks and job runs.
private struct LaneWalker {
    let window: DashboardWindow
    var states: [StateSpan] = []
    var wakes: [WakeMark] = []
    var tasks: [TaskSpan] = []
    var jobs: [JobSpan] = []
    var pushes: [PushMark] = []

    /// The open span's state (nil before the first entry: unknown) and start.
    private var state: ObservedState?
    private var spanStart: TimeInterval
    private var spanNote = ""
    private var lastActivity: TimeInterval?
    private var openTasks: [String: (start: TimeInterval, kind: TaskSpan.Kind)] = [:]
    private var openJobs: [String: (start: TimeInterval, job: String, run: Int)] = [:]
    /// Standard location updates with background delivery keep the app running (LOC-1, LOC-2).
    private var locationKeepsAlive = false
    private var locationAllowsBackground = false

    init(window: DashboardWindow) {
        self.window = window
        spanStart = window.start
    }

    private var isExecuting: Bool { state == .foreground || state == .background }

    mutating func visit(_ entry: TimelineEntry) {
        let time = entry.time
        inferSuspension(before: time)
        switch entry.body {
        case .event(let event): visit(event, at: time)
        case .command(let command, _):
            if !isExecuting { resume(.other, at: time, detail: "command \(commandName(command))") }
            visit(command, at: time)
        case .user, .state, .decision, .run:
            break
        }
        lastActivity = max(lastActivity ?? time, time)
    }

    private mutating func visit(_ event: Event, at time: TimeInterval) {
        switch event {
        case .didFinishLaunching(let reason):
            relaunch(at: time)
            wake(WakeSource(reason), at: time, detail: "launched: \(reason.rawValue)", relaunch: true)
            transition(to: reason.isForeground ? .foreground : .background, at: time, note: "launched (\(reason.rawValue))")
        case .willEnterForeground, .didBecomeActive:
            if !isExecuting { wake(.user, at: time, detail: "opened by the user", relaunch: false) }
            if state != .foreground { transition(to: .foreground, at: time, note: "in the foreground") }
        case .didEnterBackground:
            transition(to: .background, at: time, note: "entered the background")
        case .willTerminate:
            // STATE-6: delivered only to a running app the system or the user ends.
            closeOpenWork(at: time)
            transition(to: .notRunning, at: time, note: "terminated while running (willTerminate, STATE-6)")
        case .backgroundTaskExpiring(let id): close(task: id.description, at: time, ending: .expired)
        case .backgroundTaskDenied(let id):
            tasks.append(TaskSpan(start: time, end: time, name: id.description, kind: .background, ending: .denied))
        case .scheduledTaskLaunched(let launch):
            wakeIfSuspended(event, at: time)
            openTasks[launch.identifier] = (time, .scheduled)
        case .scheduledTaskExpiring(let identifier): close(task: identifier, at: time, ending: .expired)
        case .jobFinished(let result):
            let key = "\(result.job)#\(result.run)"
            let start = openJobs.removeValue(forKey: key)?.start ?? time
            jobs.append(JobSpan(start: start, end: time, job: result.job, run: result.run, outcome: result.outcome, reason: result.reason))
        case .remoteNotification(let notification):
            wakeIfSuspended(event, at: time)
            pushes.append(PushMark(time: time, id: notification.id, voip: false))
        case .voipPush(let notification):
            wakeIfSuspended(event, at: time)
            pushes.append(PushMark(time: time, id: notification.id, voip: true))
        case .locationUpdatesPaused:
            locationKeepsAlive = false
        case .locationUpdatesResumed:
            wakeIfSuspended(event, at: time)
            locationKeepsAlive = locationAllowsBackground
        default:
            wakeIfSuspended(event, at: time)
        }
    }

    private mutating func visit(_ command: Command, at time: TimeInterval) {
        switch command {
        case .beginBackgroundTask(let id): openTasks[id.description] = (time, .background)
        case .endBackgroundTask(let id): close(task: id.description, at: time, ending: .ended)
        case .completeScheduledTask(let identifier, _): close(task: identifier, at: time, ending: .ended)
        case .runJob(let run): openJobs["\(run.job)#\(run.run)"] = (time, run.job, run.run)
        case .startUpdatingLocation(let request):
            locationAllowsBackground = request.allowsBackgroundUpdates
            locationKeepsAlive = request.allowsBackgroundUpdates
        case .stopUpdatingLocation:
            locationKeepsAlive = false
        default: break
        }
    }

    /// A wake if the app was not executing; the event names its source.
    private mutating func wakeIfSuspended(_ event: Event, at time: TimeInterval) {
        guard !isExecuting else { return }
        resume(WakeSource(event), at: time, detail: [eventName(event), eventSubject(event)].compactMap { $0 }.joined(separator: " "))
    }

    /// The app runs again: a wake by `source`, unless this is the window's first entry and nothing
    /// says the app was woken (it may have been running since before the window).
    private mutating func resume(_ source: WakeSource?, at time: TimeInterval, detail: String) {
        if state == nil, source == nil || source == .other {
            transition(to: .background, at: time, note: "running (its state before this window is unknown)")
        } else {
            wake(source ?? .other, at: time, detail: detail, relaunch: false)
        }
    }

    private mutating func wake(_ source: WakeSource, at time: TimeInterval, detail: String, relaunch: Bool) {
        wakes.append(WakeMark(time: time, source: source, detail: detail, relaunch: relaunch))
        if !isExecuting, !relaunch { transition(to: .background, at: time, note: "woken: \(source.rawValue)") }
    }

    /// A launch: since the last entry (or `willTerminate`) the app was not running.
    private mutating func relaunch(at time: TimeInterval) {
        if state != .notRunning {
            let since = lastActivity ?? spanStart
            closeOpenWork(at: since)
            if state != nil {
                transition(
                    to: .notRunning, at: since,
                    note: "not running: terminated at a moment iOS does not report (STATE-3), then relaunched")
            }
        }
    }

    /// Tasks and jobs still open when the process ends: they ended with it.
    private mutating func closeOpenWork(at time: TimeInterval) {
        for (name, task) in openTasks { tasks.append(TaskSpan(start: task.start, end: max(task.start, time), name: name, kind: task.kind, ending: .open)) }
        openTasks.removeAll()
        for (_, run) in openJobs { jobs.append(JobSpan(start: run.start, end: max(run.start, time), job: run.job, run: run.run, outcome: nil, reason: "the process ended")) }
        openJobs.removeAll()
        locationKeepsAlive = false
    }

    private mutating func close(task name: String, at time: TimeInterval, ending: TaskSpan.Ending) {
        guard let task = openTasks.removeValue(forKey: name) else {
            // The begin was before the window: draw from the window's start.
            tasks.append(TaskSpan(start: max(window.start, time - 1), end: time, name: name, kind: .background, ending: ending))
            return
        }
        tasks.append(TaskSpan(start: task.start, end: time, name: name, kind: task.kind, ending: ending))
    }

    /// STATE-1: a backgrounded app with nothing keeping it awake is suspended soon after its last entry.
    private mutating func inferSuspension(before time: TimeInterval) {
        guard state == .background, let last = lastActivity, time - last > DeviceActivity.idleSeconds, openTasks.isEmpty,
            !locationKeepsAlive
        else { return }
        transition(to: .suspended, at: last, note: "suspended (inferred from silence: iOS does not tell the app, STATE-1)")
    }

    private mutating func transition(to next: ObservedState, at time: TimeInterval, note: String) {
        let at = max(time, spanStart)
        if let state, at > spanStart {
            if let last = states.last, last.state == state, last.end == spanStart {
                states[states.count - 1].end = at
            } else {
                states.append(StateSpan(start: spanStart, end: at, state: state, note: spanNote))
            }
        }
        state = next
        spanStart = at
        spanNote = note
    }

    mutating func finish() {
        inferSuspension(before: window.end)
        transition(to: state ?? .suspended, at: window.end, note: "")
        for (name, task) in openTasks {
            tasks.append(TaskSpan(start: task.start, end: window.end, name: name, kind: task.kind, ending: .open))
        }
        for (_, run) in openJobs {
            jobs.append(JobSpan(start: run.start, end: window.end, job: run.job, run: run.run, outcome: nil, reason: "no end in this window"))
        }
    }
}

/// The timeline name of an event or a command, for tooltips (`regionExited`, `beginBackgroundTask`).
func eventName(_ event: Event) -> String {
    var line: [UInt8] = []
    TimelineJSONEncoder().encode(TimelineEntry(time: 0, body: .event(event)), into: &line)
    return timelineName(line, key: "event")
}

/// What an event is about, for tooltips: its region, task identifier, push ID or session.
func eventSubject(_ event: Event) -> String? {
    switch event {
    case .regionEntered(let region), .regionExited(let region), .regionStateDetermined(let region, _): region.rawValue
    case .scheduledTaskLaunched(let launch): launch.identifier
    case .remoteNotification(let notification), .voipPush(let notification): notification.id
    case .urlSessionEvents(let session): session
    default: nil
    }
}

/// The timeline name of a command.
func commandName(_ command: Command) -> String {
    var line: [UInt8] = []
    TimelineJSONEncoder().encode(TimelineEntry(time: 0, body: .command(command, by: "")), into: &line)
    return timelineName(line, key: "command")
}

private func timelineName(_ line: [UInt8], key: String) -> String {
    guard case .object(let object)? = try? JSONValue.parse(line), case .string(let name)? = object[key] else { return key }
    return name
}
