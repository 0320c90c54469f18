import Foundation
import Wakeful

/// What "it worked" means for a scenario: the measure `compare` scores every configuration by.
///
/// In a scenario file: `"success": {"trigger": {}}`,
/// `"success": {"periodic": {"record": "read", "period": 45, "from": 0, "to": 3600, "tolerance": 10}}` or
/// `"success": {"completed": {"record": "sync", "by": 28800}}`. A scenario with a beacon trigger
/// and no `success` is scored by its trigger.
public enum SuccessMeasure: Sendable, Hashable {
    /// The beacon trigger fired: 1 or 0.
    case trigger
    /// A record of `record` is wanted every `period` seconds from `from` to `to` (the end when nil);
    /// a slot counts when a record falls inside it or up to `tolerance` seconds after it. The score
    /// is the share of slots met.
    case periodic(record: String, period: TimeInterval, from: TimeInterval, to: TimeInterval?, tolerance: TimeInterval)
    /// As ``periodic(record:period:from:to:tolerance:)``, counting only records that reached the
    /// app's outbox: one held while the store could not be written and lost with its process, or
    /// dropped by retention, does not count (DATA-4). Needs `app.outbox`.
    case stored(record: String, period: TimeInterval, from: TimeInterval, to: TimeInterval?, tolerance: TimeInterval)
    /// The share of the records of `record` the app produced that reached its outbox: the rest were
    /// held while the store could not be written and lost with a loss record, or dropped by
    /// retention (DATA-4). Needs `app.outbox`.
    case kept(record: String)
    /// Tracking on a schedule switched within `within` seconds of each of the `expected` moments the
    /// schedule switched (``ScheduledTracking``'s `trackingSwitched` records). The score is the
    /// share switched in time.
    case switches(within: TimeInterval, expected: Int)
    /// A record of `record` exists no later than `by`: 1 or 0.
    case completed(record: String, by: TimeInterval)
    /// Each push with an id is answered by a record of `record` whose `id` field is
    /// the push's id within `within` seconds of sending. The score is the share answered in time.
    case latency(record: String, within: TimeInterval)
    /// The share of the run the app was connected to the accessory `accessory`.
    case connected(accessory: String)
    /// The share of the jobs' due occurrences completed by their deadline (their
    /// interval when they have none); the default for a scenario whose app declares jobs.
    case jobs([Job])
    /// Each time the device comes into one of the app's fences (`app.fences`), a `geofenceEntered`
    /// record of that fence is made within `within` seconds. The score is the share of entries seen
    /// in time.
    case entries(within: TimeInterval)
    /// Tracking coverage: of the `interval`-long slots in which the user travels more than `accuracy`
    /// metres, the share with a record of `record` whose `accuracy` field is at most `accuracy` metres.
    case tracked(record: String, interval: TimeInterval, accuracy: Double)
    /// A configuration the server releases (`world.server.configurations`) of version `version` or
    /// newer is applied within `within` seconds of its release: 1 or 0. With `record`, the summary
    /// says how often that record was made before and after.
    case configured(version: Int, within: TimeInterval, record: String?)
    /// Each health sample of type `record` (`world.health`) arrives within `within` seconds of being
    /// saved: at the server when the app uploads, else in the app's records (a record of the type's
    /// name whose `id` is the sample's). The score is the share that arrived in time.
    case delivered(record: String, within: TimeInterval)
    /// Each push with an id reaches the screen within `within` seconds of sending: an ActivityKit
    /// push shown on the Lock Screen and in the Dynamic Island (LIVE-8). The score is the share in time.
    case shown(within: TimeInterval)

    /// A short description, e.g. `read every 45 s`.
    public var description: String {
        switch self {
        case .trigger: "trigger"
        case .periodic(let record, let period, _, _, _): "\(record) every \(Format.duration(period))"
        case .stored(let record, let period, _, _, _): "\(record) stored every \(Format.duration(period))"
        case .kept(let record): "\(record) records kept"
        case .switches(let within, _): "schedule switches within \(Format.duration(within))"
        case .completed(let record, let by): "\(record) by \(Format.duration(by))"
        case .latency(let record, let within): "\(record) within \(Format.duration(within)) of each push"
        case .connected(let accessory): "connected to \(accessory)"
        case .jobs: "jobs on time"
        case .entries(let within): "each fence entry seen within \(Format.duration(within))"
        case .tracked(let record, let interval, let accuracy):
            "\(record) ≤\(Format.meters(accuracy)) every \(Format.duration(interval)) while moving"
        case .configured(let version, let within, _):
            "configuration \(version) applied within \(Format.duration(within))"
        case .delivered(let record, let within): "each \(record) sample arrived within \(Format.duration(within))"
        case .shown(let within): "each push on screen within \(Format.duration(within))"
        }
    }
}

/// How a run scored on its scenario's ``SuccessMeasure``.
public struct SuccessResult: Sendable, Hashable, Codable {
    /// The measure, in words.
    public var measure: String
    /// From 0 (nothing) to 1 (all of it).
    public var score: Double
    /// The score in words, e.g. `38 of 80 slots (48 %)`.
    public var summary: String
    /// The longest stretch without the wanted work, and why.
    public var largestGap: Gap?
}

/// A stretch of time in which the wanted work did not happen, with the cause the timeline gives.
public struct Gap: Sendable, Hashable, Codable {
    /// When it began (simulated seconds).
    public var from: TimeInterval
    /// When it ended.
    public var to: TimeInterval
    /// Why the app was not doing the work: what stopped it, e.g. `suspended after task expiry`.
    public var cause: String
    /// What ended the gap, e.g. `beaconRegionWake`, or `end of scenario`.
    public var endedBy: String
    /// The rules behind the cause.
    public var rules: [String]

    /// Its length in seconds.
    public var seconds: TimeInterval { to - from }
}

/// One app state change as the tally keeps it, for gap attribution.
struct StateChangeRecord {
    var time: TimeInterval
    var to: AppState
    var cause: String
    var rules: [String]
}

/// A wake or relaunch a rule refused, as the tally keeps it.
struct RefusedWake {
    var time: TimeInterval
    var why: String
    var rules: [String]
}

/// One record as the tally keeps it.
struct RecordedOutput {
    var time: TimeInterval
    var kind: String
    /// The record's `id` field, for the latency measure.
    var id: String? = nil
    /// The record's `accuracy` field, for the tracking measure.
    var accuracy: Double? = nil
}

extension SuccessMeasure {
    /// Scores a run from what its tally kept.
    func evaluate(_ tally: RunTally, duration: TimeInterval, scenario: Scenario, ledger: OutboxLedger?) -> SuccessResult
    {
        switch self {
        case .trigger:
            if let trigger = tally.trigger {
                let distance = trigger.distance.map { " at \(Format.meters($0))" } ?? ""
                return SuccessResult(measure: description, score: 1, summary: "triggered\(distance)", largestGap: nil)
            }
            // Not fired: the stretch after the app stopped for good is what lost it.
            guard let stop = tally.lastStop, !tally.executing else {
                return SuccessResult(measure: description, score: 0, summary: "not triggered", largestGap: nil)
            }
            let distance = stop.distanceMeters.map { ", stopped \(Format.meters($0)) away" } ?? ""
            return SuccessResult(
                measure: description, score: 0, summary: "not triggered\(distance)",
                largestGap: tally.attributeGap(from: stop.at, to: duration, end: duration))
        case .completed(let record, let by):
            let done = tally.recordLog.first { $0.kind == record && $0.time <= by }
            let summary = done.map { "done at \(Format.duration($0.time))" } ?? "not done by \(Format.duration(by))"
            let gap = done == nil ? tally.attributeGap(from: 0, to: min(by, duration), end: duration) : nil
            return SuccessResult(measure: description, score: done == nil ? 0 : 1, summary: summary, largestGap: gap)
        case .periodic(let record, let period, let from, let to, let tolerance):
            let times = tally.recordLog.lazy.filter { $0.kind == record }.map(\.time)
            return slots(of: times, period: period, from: from, to: to, tolerance: tolerance, tally, duration: duration)
        case .stored(let record, let period, let from, let to, let tolerance):
            let times = (ledger?.stored(kind: record) ?? []).sorted()
            return slots(of: times, period: period, from: from, to: to, tolerance: tolerance, tally, duration: duration)
        case .kept(let record):
            let produced = tally.recordLog.count { $0.kind == record }
            let stored = ledger?.stored(kind: record).count ?? 0
            let score = produced == 0 ? 1 : Double(stored) / Double(produced)
            return SuccessResult(
                measure: description, score: score,
                summary: "\(stored) of \(produced) stored (\(Int((score * 100).rounded())) %)", largestGap: nil)
        case .switches(let within, let expected):
            return tally.switchesResult(description, within: within, expected: expected)
        case .latency(let record, let within):
            return tally.latencyResult(description, record: record, within: within, duration: duration)
        case .connected(let accessory):
            return tally.connectedResult(accessory, duration: duration, measure: description)
        case .jobs(let jobs):
            return tally.jobsResult(jobs, measure: description, duration: duration)
        case .entries(let within):
            let truth = FenceEntry.entries(into: scenario.app.fences, along: scenario.world, until: duration)
            return tally.entriesResult(description, truth: truth, within: within, duration: duration)
        case .tracked(let record, let interval, let accuracy):
            return tally.trackedResult(
                description, record: record, interval: interval, accuracy: accuracy,
                movement: scenario.world.trajectory, duration: duration)
        case .configured(let version, let within, let record):
            let release = scenario.world.server.configurations.first { ($0.version ?? 0) >= version }
            return tally.configuredResult(
                description, version: version, within: within, record: record, releasedAt: release?.at,
                duration: duration)
        case .delivered(let record, let within):
            return tally.deliveredResult(description, record: record, within: within, duration: duration)
        case .shown(let within):
            return tally.shownResult(description, within: within, duration: duration)
        }
    }
    /// The share of `period`-long slots from `from` to `to` (the end when nil) that one of `times`
    /// (ascending) falls in, or up to `tolerance` after.
    private func slots(
        of all: some Sequence<TimeInterval>, period: TimeInterval, from: TimeInterval, to: TimeInterval?,
        tolerance: TimeInterval, _ tally: RunTally, duration: TimeInterval
    ) -> SuccessResult {
        let end = min(to ?? duration, duration)
        let times = all.filter { $0 >= from && $0 <= end + tolerance }
        let slots = max(0, Int(((end - from) / period).rounded(.down)))
        var met = 0
        var cursor = 0
        for slot in 0..<slots {
            let start = from + Double(slot) * period
            while cursor < times.count && times[cursor] < start { cursor += 1 }
            if cursor < times.count && times[cursor] < start + period + tolerance { met += 1 }
        }
        let score = slots == 0 ? 1 : Double(met) / Double(slots)
        let summary = "\(met) of \(slots) on time (\(Int((score * 100).rounded())) %)"
        // A stretch no longer than one period (and its tolerance) is the schedule, not a gap.
        let gap = tally.largestGap(in: times, from: from, to: end, scenarioEnd: duration).flatMap {
            $0.seconds > period + tolerance ? $0 : nil
        }
        return SuccessResult(measure: description, score: score, summary: summary, largestGap: gap)
    }
}

extension RunTally {
    /// The longest stretch between consecutive work times (and the window's edges), attributed.
    func largestGap(in times: [TimeInterval], from: TimeInterval, to: TimeInterval, scenarioEnd: TimeInterval) -> Gap? {
        var edges: [TimeInterval] = [from]
        edges += times.filter { $0 >= from && $0 <= to }
        edges.append(to)
        var best: (from: TimeInterval, to: TimeInterval)?
        for (start, end) in zip(edges, edges.dropFirst()) where end - start > (best.map { $0.to - $0.from } ?? 0) {
            best = (start, end)
        }
        return best.map { attributeGap(from: $0.from, to: $0.to, end: scenarioEnd) }
    }

    /// Why nothing happened between `from` and `to`: the first time the app stopped executing in
    /// that stretch, and what brought it back.
    /// `end` is when the run ended, so a gap that lasts to it says so.
    func attributeGap(from: TimeInterval, to: TimeInterval, end: TimeInterval) -> Gap {
        // The first stop inside the stretch, or, if the app was already stopped when it began, the stop before it.
        let stop =
            stateChanges.first { $0.time >= from && $0.time < to && !$0.to.isExecuting }
            ?? (stateAt(from).isExecuting ? nil : stateChanges.last { $0.time < from && !$0.to.isExecuting })
        guard var stop else {
            return Gap(
                from: from, to: to, cause: "the app was running but did not do the work", endedBy: "—", rules: [])
        }
        // A termination inside the gap that nothing recovered from outweighs the suspension before it.
        if let kill = stateChanges.last(where: { $0.time >= stop.time && $0.time < to && $0.to == .notRunning }),
            !stateChanges.contains(where: { $0.time > kill.time && $0.time <= to && $0.to.isExecuting })
        {
            stop = kill
        }
        var cause = Self.phrase(stop)
        var rules = stop.rules
        if let refused = refusedWakes.first(where: { $0.time > stop.time && $0.time <= to }) {
            cause += stop.to == .notRunning ? ", relaunch refused (\(refused.why))" : ", wake refused (\(refused.why))"
            rules = RuleIDs.sorted(rules + refused.rules)
        }
        let resume = stateChanges.first { $0.time > stop.time && $0.to.isExecuting && $0.time <= to }
        return Gap(
            from: from, to: to, cause: cause, endedBy: resume?.cause ?? (to >= end ? "end of scenario" : "—"),
            rules: rules)
    }

    private func stateAt(_ time: TimeInterval) -> AppState {
        stateChanges.last { $0.time <= time }?.to ?? .notRunning
    }

    private static func phrase(_ stop: StateChangeRecord) -> String {
        switch stop.cause {
        case "taskExpired": "suspended after task expiry"
        case "taskEnded": "suspended after the app ended its background task"
        case "wakeWindowEnded": "suspended after the wake window"
        case "graceEnded": "suspended after leaving the foreground"
        case "locationEnded": "suspended when location updates stopped"
        case "userForceQuit": "force-quit by the user"
        case "taskAssertionTimeout": "killed for a task left open"
        case "memoryPressure": "terminated for memory while suspended"
        case "reboot": "the phone restarted"
        // Pushes
        case "pushHandlerEnded": "suspended after the push handler completed"
        case "pushHandlerTimeout": "killed: push handler not completed in 30 s"
        case "callKitNotReported": "killed: VoIP push without a CallKit call"
        case "audioEnded": "suspended when audio stopped"
        case "voipCallEnded": "suspended when the call ended"
        // Scheduled tasks (BGT)
        case "scheduledTaskEnded": "suspended after the scheduled task ended"
        case "scheduledTaskTimeout": "killed for a scheduled task not completed in time"
        case "backgroundFetchTimeout": "killed for a fetch not completed in 30 s"
        case "cpuLimit": "killed by the CPU monitor"
        case "launchWatchdog": "killed by the watchdog: the launch took too long (0x8badf00d)"
        case "urlSessionEventsEnded": "suspended after the URL-session events"
        case "urlSessionHandlerTimeout": "killed for not completing the URL-session events"
        case "suspendedWithLockedFile": "killed: suspended while writing the database (0xdead10cc)"
        case "injectedCrash": "killed by crash injection"
        case "missingUsageDescription": "crashed: Core Motion used without NSMotionUsageDescription"
        default: stop.to == .notRunning ? "terminated (\(stop.cause))" : "suspended (\(stop.cause))"
        }
    }
}

// MARK: Network

extension RunTally {
    /// The share of the run connected to `accessory`, and the longest stretch without a connection.
    func connectedResult(_ accessory: String, duration: TimeInterval, measure: String) -> SuccessResult {
        let intervals = connectionLog.filter { $0.accessory == accessory }.sorted { $0.from < $1.from }
        let connected = intervals.reduce(0) { $0 + $1.to - $1.from }
        let score = duration > 0 ? min(1, connected / duration) : 0
        var best: (from: TimeInterval, to: TimeInterval)?
        var cursor = 0.0
        for interval in intervals + [(accessory, duration, duration)] {
            if interval.from - cursor > (best.map { $0.to - $0.from } ?? 0) { best = (cursor, interval.from) }
            cursor = max(cursor, interval.to)
        }
        let summary =
            "\(Format.duration(connected)) of \(Format.duration(duration)) (\(Int((score * 100).rounded())) %), \(intervals.count) connection\(intervals.count == 1 ? "" : "s")"
        return SuccessResult(
            measure: measure, score: score, summary: summary,
            largestGap: best.map { attributeGap(from: $0.from, to: $0.to, end: duration) })
    }
}
