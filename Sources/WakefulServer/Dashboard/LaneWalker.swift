import Foundation
import Wakeful

/// The one derivation of a device's app states, wakes, tasks and job runs: walks the device's
/// records once, in storage order `(recorded_at, seq)`, keeping the open state span, tasks and
/// job runs. Every lane and the gap table read what it produces.
///
/// A state changes only at the time of a record (an entry, or a data record that shows the app
/// ran), never between two: so each silent stretch lies inside exactly one state span, and the
/// gap table can name the state the state lane draws.
///
/// The walk may start before the window (the records read to carry the state in); the caller
/// clips what it produces to the window.
struct LaneWalker {
    private(set) var states: [StateSpan] = []
    private(set) var wakes: [WakeMark] = []
    private(set) var tasks: [TaskSpan] = []
    private(set) var jobs: [JobSpan] = []
    private(set) var pushes: [PushMark] = []
    /// Why a backgrounded app that recorded nothing for longer than ``DeviceActivity/idleSeconds``
    /// was still taken as running, by the time of the record that began the silence.
    private(set) var keptRunning: [TimeInterval: String] = [:]

    /// The open span's state (nil while unknown) and start.
    private var state: ObservedState?
    private var spanStart: TimeInterval
    private var spanNote = ""
    private var lastActivity: TimeInterval?
    private var openTasks: [String: OpenTask] = [:]
    private var openJobs: [String: (start: TimeInterval, job: String, run: Int)] = [:]
    /// Standard location updates with background delivery keep the app running (LOC-1, LOC-2).
    private var locationKeepsAlive = false
    private var locationAllowsBackground = false
    /// The last launch, so that the event it was launched for is not counted as a second wake.
    private var lastLaunch: (time: TimeInterval, source: WakeSource)?

    private struct OpenTask {
        var start: TimeInterval
        var kind: TaskSpan.Kind
        /// The longest iOS lets it run: past it, silence means the app stopped.
        var allowance: TimeInterval
    }

    /// The longest a `beginBackgroundTask` runs on any iOS: 600 s (TASK-2, iOS ≤ 6); 180 s on 7–12
    /// (TASK-3), about 30 s from 13 (TASK-6). The largest, so a running app is never called suspended.
    static let backgroundTaskAllowance: TimeInterval = 600
    /// A `BGAppRefreshTask` or a background fetch: at most 30 s (BGT-4, BGT-2).
    static let refreshTaskAllowance: TimeInterval = 30
    /// A `BGProcessingTask` "may run for minutes" with no figure given (BGT-5): half an hour is taken as the most.
    static let processingTaskAllowance: TimeInterval = 1800

    /// A walk whose first span, if the first record says the state, starts at `start`.
    init(start: TimeInterval) {
        spanStart = start
    }

    private var isExecuting: Bool { state == .foreground || state == .background }

    // MARK: Records

    /// A decoded timeline entry.
    mutating func visit(_ entry: TimelineEntry) {
        let time = entry.time
        settle(before: time)
        switch entry.body {
        case .event(let event): visit(event, at: time)
        case .command(let command, _):
            if !isExecuting { resume(.other, at: time, detail: "command \(commandName(command))") }
            visit(command, at: time)
        case .user, .state, .decision, .run, .observation, .world:
            break
        }
        lastActivity = max(lastActivity ?? time, time)
    }

    /// A record that is not a readable timeline entry (a data record, or an entry of a newer
    /// format): the app was running when it recorded it.
    mutating func visitActivity(at time: TimeInterval, detail: String) {
        settle(before: time)
        if !isExecuting { resume(.other, at: time, detail: detail) }
        lastActivity = max(lastActivity ?? time, time)
    }

    /// Closes the walk at `end`: what is still open ends there.
    mutating func finish(at end: TimeInterval) {
        settle(before: end)
        transition(to: state ?? .suspended, at: end, note: "")
        for (name, task) in openTasks.sorted(by: { $0.key < $1.key }) {
            tasks.append(
                TaskSpan(start: task.start, end: max(task.start, end), name: name, kind: task.kind, ending: .open))
        }
        openTasks.removeAll()
        for (_, run) in openJobs.sorted(by: { $0.key < $1.key }) {
            jobs.append(
                JobSpan(
                    start: run.start, end: max(run.start, end), job: run.job, run: run.run, outcome: nil,
                    reason: "no end in this window"))
        }
        openJobs.removeAll()
    }

    // MARK: Events and commands

    private mutating func visit(_ event: Event, at time: TimeInterval) {
        switch event {
        case .didFinishLaunching(let reason):
            relaunch(at: time)
            let source = WakeSource(reason)
            wake(source, at: time, detail: "launched: \(reason.rawValue)", effect: .relaunched)
            lastLaunch = (time, source)
            transition(
                to: reason.isForeground ? .foreground : .background, at: time, note: "launched (\(reason.rawValue))")
        case .willEnterForeground, .didBecomeActive:
            if !isExecuting { wake(.user, at: time, detail: "opened by the user", effect: .resumed) }
            if state != .foreground { transition(to: .foreground, at: time, note: "in the foreground") }
        case .didEnterBackground:
            transition(to: .background, at: time, note: "entered the background")
        case .willTerminate:
            // STATE-6: delivered only to a running app the system or the user ends.
            processEnded(at: time)
            transition(to: .notRunning, at: time, note: "terminated while running (willTerminate, STATE-6)")
        case .backgroundTaskExpiring(let id): close(task: id.description, at: time, ending: .expired)
        case .backgroundTaskDenied(let id):
            tasks.append(TaskSpan(start: time, end: time, name: id.description, kind: .background, ending: .denied))
        case .scheduledTaskLaunched(let launch):
            deliver(event, at: time)
            let allowance =
                launch.kind == .appRefresh || launch.kind == .backgroundFetch
                ? Self.refreshTaskAllowance : Self.processingTaskAllowance
            openTasks[launch.identifier] = OpenTask(start: time, kind: .scheduled, allowance: allowance)
        case .scheduledTaskExpiring(let identifier): close(task: identifier, at: time, ending: .expired)
        case .jobFinished(let result):
            let key = "\(result.job)#\(result.run)"
            let start = openJobs.removeValue(forKey: key)?.start ?? time
            jobs.append(
                JobSpan(
                    start: start, end: time, job: result.job, run: result.run, outcome: result.outcome,
                    reason: result.reason))
        case .remoteNotification(let notification):
            deliver(event, at: time)
            pushes.append(PushMark(time: time, id: notification.id, voip: false))
        case .voipPush(let notification):
            deliver(event, at: time)
            pushes.append(PushMark(time: time, id: notification.id, voip: true))
        case .locationUpdatesPaused:
            locationKeepsAlive = false
        case .locationUpdatesResumed:
            deliver(event, at: time)
            locationKeepsAlive = locationAllowsBackground
        default:
            deliver(event, at: time)
        }
    }

    private mutating func visit(_ command: Command, at time: TimeInterval) {
        switch command {
        case .beginBackgroundTask(let id):
            openTasks[id.description] = OpenTask(
                start: time, kind: .background, allowance: Self.backgroundTaskAllowance)
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

    // MARK: Wakes

    /// An event with a wake source: a discrete one is a wake of its own (unless it is what the app
    /// was just launched for); a streaming one counts only when it resumes the app.
    private mutating func deliver(_ event: Event, at time: TimeInterval) {
        let detail = [eventName(event), eventSubject(event)].compactMap { $0 }.joined(separator: " ")
        guard let source = WakeSource(event) else {
            // A callback without a wake source of its own (a timer, a finished request …) still shows the app ran.
            if !isExecuting { resume(.other, at: time, detail: detail) }
            return
        }
        if !isExecuting {
            resume(source, at: time, detail: detail)
        } else if WakeSource.isDiscrete(event), !(lastLaunch?.time == time && lastLaunch?.source == source) {
            wake(source, at: time, detail: detail, effect: .delivered)
        }
    }

    /// The app runs again: a wake by `source`, unless nothing says the app was woken and its state
    /// is unknown (it may have been running since before the records read).
    private mutating func resume(_ source: WakeSource, at time: TimeInterval, detail: String) {
        if state == nil, source == .other {
            transition(to: .background, at: time, note: "running (its state before this is unknown)")
        } else {
            wake(source, at: time, detail: detail, effect: .resumed)
        }
    }

    private mutating func wake(_ source: WakeSource, at time: TimeInterval, detail: String, effect: WakeMark.Effect) {
        wakes.append(WakeMark(time: time, source: source, detail: detail, effect: effect))
        if effect == .resumed, !isExecuting { transition(to: .background, at: time, note: "woken: \(source.rawValue)") }
    }

    // MARK: Inference

    /// A launch: since the last record (or `willTerminate`) the app was not running.
    private mutating func relaunch(at time: TimeInterval) {
        guard state != .notRunning else { return }
        let since = lastActivity ?? spanStart
        processEnded(at: since)
        if state != nil {
            transition(
                to: .notRunning, at: since,
                note: "not running: terminated at a moment iOS does not report (STATE-3), then relaunched")
        }
    }

    /// The process ended: its tasks, job runs and location session ended with it.
    private mutating func processEnded(at time: TimeInterval) {
        closeOpenTasks(at: time)
        for (_, run) in openJobs.sorted(by: { $0.key < $1.key }) {
            jobs.append(
                JobSpan(
                    start: run.start, end: max(run.start, time), job: run.job, run: run.run, outcome: nil,
                    reason: "the process ended"))
        }
        openJobs.removeAll()
        locationKeepsAlive = false
        locationAllowsBackground = false
    }

    /// Open tasks end with no end recorded; sorted, so the same records give the same lane.
    private mutating func closeOpenTasks(at time: TimeInterval) {
        for (name, task) in openTasks.sorted(by: { $0.key < $1.key }) {
            tasks.append(
                TaskSpan(start: task.start, end: max(task.start, time), name: name, kind: task.kind, ending: .open))
        }
        openTasks.removeAll()
    }

    private mutating func close(task name: String, at time: TimeInterval, ending: TaskSpan.Ending) {
        guard let task = openTasks.removeValue(forKey: name) else {
            // The begin was not read (before the records read, or lost): drawn as a moment.
            tasks.append(
                TaskSpan(start: max(spanStart, time - 1), end: time, name: name, kind: .background, ending: ending))
            return
        }
        tasks.append(TaskSpan(start: task.start, end: time, name: name, kind: task.kind, ending: ending))
    }

    /// Before a record at `time`: a backgrounded app silent for longer than
    /// ``DeviceActivity/idleSeconds`` was suspended from its last record (STATE-1: suspension is
    /// not announced), unless location updates or a task still within its allowance kept it running.
    private mutating func settle(before time: TimeInterval) {
        guard state == .background, let last = lastActivity, time - last > DeviceActivity.idleSeconds else { return }
        if locationKeepsAlive {
            keptRunning[last] = "standard location updates with background delivery keep it running (LOC-1, LOC-2)"
            return
        }
        if let held = openTasks.sorted(by: { $0.key < $1.key }).first(where: {
            time - $0.value.start <= $0.value.allowance
        }) {
            let task = held.value
            keptRunning[last] =
                "its \(task.kind == .scheduled ? "scheduled" : "background") task \(held.key) may run until \(DashboardFormat.clock(task.start + task.allowance, withSeconds: true))"
            return
        }
        // Tasks past their allowance: iOS expired them (or ended the app) without the timeline saying so.
        closeOpenTasks(at: last)
        transition(
            to: .suspended, at: last, note: "suspended (inferred from silence: iOS does not tell the app, STATE-1)")
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
}
