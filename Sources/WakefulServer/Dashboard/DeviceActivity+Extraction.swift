import Foundation
import Wakeful

extension DeviceActivity {
    /// Seconds without an entry after which a backgrounded app with no task open and no location
    /// keep-alive is taken as suspended. iOS gives a wake about 10 s (LOC-21, LOC-12) and a
    /// backgrounded app a few seconds (STATE-4), so a minute of silence means it stopped.
    static let idleSeconds: TimeInterval = 60

    /// Builds every lane and the gaps from a window's records, decoding the timeline's.
    ///
    /// App states come from the lifecycle events; the rest is inferred from silence (see
    /// ``LaneWalker``):
    /// - a backgrounded app is **suspended** from its last record once ``idleSeconds`` pass with no
    ///   task within its allowance and no location keep-alive (STATE-1: suspension is not announced);
    /// - before a `didFinishLaunching`, the app was **not running** since its last record (STATE-3: a
    ///   suspended app is terminated without a callback), or since `willTerminate` (STATE-6).
    ///
    /// - Parameters:
    ///   - records: The window's records, ordered by `(recorded_at, seq)`.
    ///   - prelude: Records before the window, in the same order, from the last launch before it
    ///     where one was found: the walk starts there, so the window opens in the state they leave.
    ///   - window: The window; everything drawn is clipped to it.
    ///   - lifeStart: When the device was first seen (its registration or its first record): no
    ///     lane and no gap starts before it.
    ///   - pushes: The server's push attempts in the window.
    static func extract(
        records: [StoredRecord], prelude: [StoredRecord] = [], window: DashboardWindow, lifeStart: TimeInterval? = nil,
        pushes: [DashboardPush]
    ) -> DeviceActivity {
        var activity = DeviceActivity()
        activity.pushAttempts = pushes
        activity.lifeStart = min(max(window.start, lifeStart ?? window.start), window.end)
        let walkStart = min(window.start, prelude.first?.record.recordedAt ?? window.start)
        var walker = LaneWalker(start: walkStart)
        for stored in prelude where DeviceClock.isPlausible(stored) {
            visit(stored, walker: &walker, activity: &activity)
        }
        var batches: [TimeInterval: UploadMark] = [:]
        for stored in records {
            let record = stored.record
            batches[
                stored.receivedAt,
                default: UploadMark(
                    receivedAt: stored.receivedAt, count: 0, oldestRecordedAt: record.recordedAt,
                    newestRecordedAt: record.recordedAt)
            ]
            .add(record.recordedAt)
            if activity.clockFlags.flag(stored) { continue }
            activity.activityTimes.append(record.recordedAt)
            if record.kind == OutboxRecord.timelineKind {
                activity.timelineEntries += 1
                if !visit(stored, walker: &walker, activity: &activity) { activity.unreadableEntries += 1 }
            } else {
                activity.recordTimes.append(record.recordedAt)
                walker.visitActivity(at: record.recordedAt, detail: "a \(record.kind) record")
            }
        }
        activity.uploads = batches.values.sorted { $0.receivedAt < $1.receivedAt }
        walker.finish(at: window.end)
        activity.clip(walker, to: window)
        activity.gaps = DashboardGap.find(
            in: activity, keptRunning: walker.keptRunning, window: window, minimum: DashboardGap.minimum(for: window))
        return activity
    }

    /// Feeds one plausible record to the walker; false when it is a timeline entry this server cannot read.
    @discardableResult
    private static func visit(_ stored: StoredRecord, walker: inout LaneWalker, activity: inout DeviceActivity) -> Bool
    {
        let record = stored.record
        guard record.kind == OutboxRecord.timelineKind else {
            walker.visitActivity(at: record.recordedAt, detail: "a \(record.kind) record")
            return true
        }
        do {
            var entry = try TimelineDecoder.decode(
                line: Array(record.payload.utf8), file: "record \(record.seq)", lineNumber: 1)
            entry.time = record.recordedAt
            activity.entries.append(entry)
            if case .run(let fields) = entry.body { activity.header = TimelineHeader(fields: fields) }
            walker.visit(entry)
            return true
        } catch {
            walker.visitActivity(at: record.recordedAt, detail: "a timeline entry this server cannot read")
            return false
        }
    }

    /// Keeps what the walk produced inside the window, and nothing before ``lifeStart``.
    private mutating func clip(_ walker: LaneWalker, to window: DashboardWindow) {
        let start = lifeStart
        states = walker.states.compactMap { span in
            var span = span
            span.start = max(span.start, start)
            span.end = min(span.end, window.end)
            return span.end > span.start ? span : nil
        }
        wakes = walker.wakes.filter { $0.time >= window.start && $0.time <= window.end }
        pushesReceived = walker.pushes.filter { $0.time >= window.start && $0.time <= window.end }
        // Every field in the order, so that equal starts always sort the same way.
        tasks = walker.tasks.filter { $0.end >= window.start && $0.start <= window.end }
            .map { task in
                var task = task
                task.start = max(task.start, window.start)
                return task
            }
            .sorted {
                ($0.start, $0.end, $0.name, $0.ending.rawValue) < ($1.start, $1.end, $1.name, $1.ending.rawValue)
            }
        jobs = walker.jobs.filter { $0.end >= window.start && $0.start <= window.end }
            .map { run in
                var run = run
                run.start = max(run.start, window.start)
                return run
            }
            .sorted { ($0.start, $0.end, $0.job, $0.run) < ($1.start, $1.end, $1.job, $1.run) }
    }
}

extension UploadMark {
    fileprivate mutating func add(_ recordedAt: TimeInterval) {
        count += 1
        oldestRecordedAt = min(oldestRecordedAt, recordedAt)
        newestRecordedAt = max(newestRecordedAt, recordedAt)
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
    case .monitorEvent(let event): event.id.rawValue
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
    guard case .object(let object)? = try? JSONValue.parse(line), case .string(let name)? = object[key] else {
        return key
    }
    return name
}
