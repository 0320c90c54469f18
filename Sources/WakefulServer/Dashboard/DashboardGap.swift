import Foundation
import Wakeful

/// A stretch with no record of any kind (so no wake either), with the state the state lane draws
/// over it and the cause the device's timeline gives.
struct DashboardGap: Sendable, Hashable {
    var start: TimeInterval
    var end: TimeInterval
    /// The state of the one state span the gap lies in; nil while the state is unknown.
    var state: ObservedState?
    /// Why the app recorded nothing, in words.
    var cause: String
    /// What ended the gap: the wake after it, or the window's end.
    var endedBy: String
    /// The policy rules behind the cause.
    var rules: [String]

    var duration: TimeInterval { end - start }
}

extension DashboardGap {
    /// The shortest stretch listed as a gap in `window`: 5 minutes, or 1/100 of a long window.
    static func minimum(for window: DashboardWindow) -> TimeInterval { max(300, window.duration / 100) }

    /// Every stretch of at least `minimum` seconds between consecutive records (and the edges of
    /// the window, or the device's first sign of life), longest first, each attributed from the
    /// derived states and the timeline.
    ///
    /// - Parameter keptRunning: Why a silent, backgrounded app was still taken as running, by the
    ///   start of its silence (``LaneWalker/keptRunning``).
    static func find(
        in activity: DeviceActivity, keptRunning: [TimeInterval: String], window: DashboardWindow, minimum: TimeInterval
    ) -> [DashboardGap] {
        let times = activity.activityTimes.filter { $0 >= activity.lifeStart && $0 <= window.end }
        var stretches: [(TimeInterval, TimeInterval)] = []
        var previous = activity.lifeStart
        for time in times {
            if time - previous >= minimum { stretches.append((previous, time)) }
            previous = max(previous, time)
        }
        if window.end - previous >= minimum { stretches.append((previous, window.end)) }
        let attribution = GapAttribution(activity: activity, keptRunning: keptRunning)
        // Starts differ between stretches, so (duration, start) orders them totally.
        return stretches.map { attribution.gap(from: $0.0, to: $0.1, window: window) }
            .sorted { $0.duration != $1.duration ? $0.duration > $1.duration : $0.start < $1.start }
    }
}

/// Words for a gap: its state from the state lane, its cause from the entries around it.
struct GapAttribution {
    let activity: DeviceActivity
    let keptRunning: [TimeInterval: String]

    func gap(from start: TimeInterval, to end: TimeInterval, window: DashboardWindow) -> DashboardGap {
        let entries = activity.entries
        let before = entries.lastIndex { $0.time <= start }
        let after = entries.firstIndex { $0.time >= end && $0.time > start }
        let endedBy =
            after.map { describeWake(entries[$0]) }
            ?? (end >= window.end ? "the end of the window" : "a record that is not a timeline entry")
        let state = self.state(over: start, end)
        func gap(_ cause: String, _ rules: [String]) -> DashboardGap {
            DashboardGap(
                start: start, end: end, state: state, cause: cause, endedBy: endedBy, rules: Array(Set(rules)).sorted())
        }
        switch state {
        case nil:
            let cause =
                before == nil
                ? (start <= window.start
                    ? "state unknown: before the first timeline entry read (widen the window to see why)"
                    : "state unknown: no timeline entry before this gap")
                : "state unknown: the timeline does not say"
            return gap(cause, [])
        case .foreground?:
            return gap("in the foreground, recording nothing", [])
        case .background?:
            let why = keptRunning[start] ?? "its last entries show it running"
            return gap(
                "running in the background, recording nothing: \(why)",
                keptRunning[start]?.contains("LOC-2") == true ? ["LOC-1", "LOC-2"] : [])
        case .suspended?, .notRunning?:
            break
        }
        guard let before else {
            return gap(
                "\(state == .suspended ? "suspended" : "not running"); no timeline entry before this gap", ["STATE-1"])
        }
        var (cause, rules) = suspension(burstEndingAt: before)
        if entries[before].isEvent(.willTerminate) {
            (cause, rules) = (
                "terminated while running: willTerminate was delivered (the user or the system ended the app)",
                ["STATE-6"]
            )
        } else if state == .notRunning {
            // STATE-3: a suspended app is terminated without any callback; TERM-1: a force-quit looks the same.
            let reason = after.flatMap { index -> LaunchReason? in
                if case .event(.didFinishLaunching(let reason)) = entries[index].body { return reason }
                return nil
            }
            cause +=
                reason == .user
                ? ", then terminated (by the system for memory, or force-quit by the user: iOS reports neither)"
                : ", then terminated by the system"
            rules += reason == .user ? ["STATE-3", "TERM-1"] : ["STATE-3"]
        }
        let conditions = Conditions(entries: entries[...before])
        let waiting = conditions.waiting(
            endedBy: after.map { index in entries[index...].prefix { $0.time == entries[index].time } } ?? [])
        for extra in [waiting] + conditions.notes {
            if let extra {
                cause += "; " + extra.text
                rules += extra.rules
            }
        }
        return gap(cause, rules)
    }

    /// Why the app stopped after the burst of entries that ends at `index`.
    private func suspension(burstEndingAt index: Int) -> (String, [String]) {
        let entries = activity.entries
        var first = index
        while first > 0, entries[first].time - entries[first - 1].time <= DeviceActivity.idleSeconds { first -= 1 }
        for entry in entries[first...index].reversed() {
            switch entry.body {
            case .event(.backgroundTaskExpiring(let id)):
                return ("suspended when its background task \(id) expired", ["TASK-12"])
            case .event(.scheduledTaskExpiring(let identifier)):
                return ("suspended when its scheduled task \(identifier) ran out of time", ["BGT-4", "BGT-5"])
            case .command(.completeScheduledTask(let identifier, _), _):
                return ("suspended after its scheduled task \(identifier) completed", ["BGT-4", "STATE-1"])
            case .command(.endBackgroundTask(let id), _):
                return ("suspended after it ended its background task \(id)", ["STATE-1", "TASK-1"])
            case .command(.stopUpdatingLocation, _), .event(.locationUpdatesPaused):
                return ("suspended when location updates stopped (location mode off)", ["LOC-2"])
            case .command(.completeRemoteNotification, _):
                return ("suspended after its push handler completed", ["PUSH-6"])
            case .event(.didEnterBackground): return ("suspended after entering the background", ["STATE-4"])
            case .event(.regionEntered), .event(.regionExited), .event(.regionStateDetermined), .event(.monitorEvent):
                return ("suspended at the end of the region wake's ≈10 s", ["LOC-21"])
            case .event(.significantLocationChange), .event(.visit):
                return ("suspended at the end of the location wake's ≈10 s", ["LOC-12"])
            default: continue
            }
        }
        return ("suspended; the timeline gives no reason", ["STATE-1"])
    }

    /// The state of the span the stretch lies in: states change only at records, so one span
    /// holds the whole stretch; nil when none does (the state is unknown there).
    private func state(over start: TimeInterval, _ end: TimeInterval) -> ObservedState? {
        activity.states.last { $0.start <= start }.flatMap { $0.end >= end ? $0.state : nil }
    }

    private func describeWake(_ entry: TimelineEntry) -> String {
        guard case .event(let event) = entry.body else { return "the app running again" }
        if case .didFinishLaunching(let reason) = event { return "relaunch: \(WakeSource(reason).rawValue)" }
        return WakeSource(event).map { "wake: \($0.rawValue) (\(eventName(event)))" }
            ?? "the app running again (\(eventName(event)))"
    }
}

/// Settings in effect at a moment, as the entries up to it set them.
private struct Conditions {
    struct Note {
        var text: String
        var rules: [String]
    }

    var lowPowerMode = false
    var backgroundRefresh: BackgroundRefreshStatus = .available
    var authorization: LocationAuthorization?
    /// Submitted scheduled tasks not yet launched, with their submission time.
    var pending: [String: TimeInterval] = [:]
    var lastRequestError: String?

    init(entries: ArraySlice<TimelineEntry>) {
        for entry in entries {
            switch entry.body {
            case .event(.lowPowerModeChanged(let on)): lowPowerMode = on
            case .event(.backgroundRefreshStatusChanged(let status)): backgroundRefresh = status
            case .event(.authorizationChanged(let value)): authorization = value
            case .event(.scheduledTaskLaunched(let launch)): pending[launch.identifier] = nil
            case .command(.submitTaskRequest(let request), _): pending[request.identifier] = entry.time
            case .command(.cancelTaskRequest(let identifier), _): pending[identifier] = nil
            case .event(.requestCompleted(_, _, let error)): lastRequestError = error
            case .event(.urlSessionTaskCompleted(let result)): lastRequestError = result.error
            default: break
            }
        }
    }

    /// What else was holding the app back.
    var notes: [Note?] {
        [
            lowPowerMode ? Note(text: "Low Power Mode on (no Background App Refresh)", rules: ["BGT-12"]) : nil,
            backgroundRefresh == .available
                ? nil : Note(text: "Background App Refresh \(backgroundRefresh.rawValue)", rules: ["LOC-22"]),
            authorization.flatMap {
                $0 == .always ? nil : Note(text: "location authorization \($0.rawValue)", rules: ["LOC-16"])
            },
            lastRequestError.map { Note(text: "no network? the last request failed: \($0)", rules: []) },
        ]
    }

    /// Waiting for a scheduled task, when one was pending (and above all when it ended the gap).
    func waiting(endedBy entries: ArraySlice<TimelineEntry>) -> Note? {
        for entry in entries {
            if case .event(.scheduledTaskLaunched(let launch)) = entry.body, let submitted = pending[launch.identifier]
            {
                return Note(
                    text:
                        "waiting for the scheduled task \(launch.identifier) submitted \(DashboardFormat.duration(entry.time - submitted)) earlier",
                    rules: ["BGT-8"])
            }
        }
        // The earliest submission, the identifier breaking ties: a dictionary's order differs
        // between two loads of the same page.
        guard let identifier = pending.min(by: { ($0.value, $0.key) < ($1.value, $1.key) })?.key else { return nil }
        return Note(text: "waiting for the scheduled task \(identifier)", rules: ["BGT-8"])
    }
}

extension TimelineEntry {
    fileprivate func isEvent(_ event: Event) -> Bool {
        if case .event(let own) = body { return own == event }
        return false
    }
}
