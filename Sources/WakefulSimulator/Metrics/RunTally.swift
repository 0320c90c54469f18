import Foundation
import Wakeful

/// Running counts kept while a device simulates; turned into ``RunMetrics`` at the end.
/// Kept as plain fields and arrays so that counting costs nothing on the hot path.
struct RunTally {
    var foregroundSeconds = 0.0
    var backgroundSeconds = 0.0
    var suspendedSeconds = 0.0
    var notRunningSeconds = 0.0
    var wakes = Array(repeating: 0, count: WakeSource.allCases.count)
    var suppressedWakes = Array(repeating: 0, count: WakeSource.allCases.count)
    var relaunches = 0
    var terminations: [Termination] = []
    /// Background tasks still open when the app was killed for them (TASK-13), as `owner#serial`.
    var tasksLeftOpen: [String] = []
    var eventsDelivered = 0
    var steps = 0
    var rangingCallbacks = 0
    var trigger: (at: TimeInterval, distance: Double?, accuracy: Double?, keptRunningBy: [String])?
    /// The last time the app stopped executing, why, and the distance to the trigger beacon then.
    var lastStop: StopSummary?
    var executing = false
    /// Every record the app produced, for success measures.
    var recordLog: [RecordedOutput] = []
    /// Each `trackingSwitched` record (``ScheduledTracking``): when, and the schedule's moment it answers.
    var scheduleSwitches: [(time: TimeInterval, boundary: TimeInterval, on: Bool)] = []
    /// Every state change, for gap attribution.
    var stateChanges: [StateChangeRecord] = []
    /// Every wake or relaunch a rule refused, for gap attribution.
    var refusedWakes: [RefusedWake] = []
    // Pushes
    /// What became of each push the server sent, for the latency measure; the push system's
    /// record, handed over when the books close.
    var pushes: [PushOutcome] = []
    /// Whether the app played silence with the audio mode (REVIEW-4).
    var silentAudio = false
    /// Every change of the location permission, for ``PermissionSummary`` (AUTH-5).
    var permissionChanges: [(time: TimeInterval, permission: LocationPermission)] = []
    /// Broken invariants the device found (``SimulatedDevice/checkInvariants()``); always empty
    /// unless the model has a bug.
    var violations: [String] = []

    mutating func permissionChanged(to permission: LocationPermission, at time: TimeInterval) {
        permissionChanges.append((time, permission))
    }

    // MARK: Network (for the energy model, ENERGY-2)

    /// Bytes moved by background transfers and requests.
    var radioBytes = 0.0
    /// When the data radio was powered, with its tail.
    var radio = RadioMeter()
    /// Seconds a Bluetooth scan was running.
    var bluetoothScanSeconds = 0.0
    /// Connections made, and how many of them were reconnections.
    var bluetoothConnections = 0
    var bluetoothReconnections = 0
    /// Every closed connection, for the `connected` success measure.
    var connectionLog: [(accessory: String, from: TimeInterval, to: TimeInterval)] = []

    // MARK: Jobs

    /// Every completed job run, for the `jobs` success measure.
    var jobCompletions: [(job: String, at: TimeInterval)] = []
    /// Every `wakeful.jobMissed` record, with the scheduler's reason.
    var jobMisses: [(job: String, dueAt: TimeInterval, reason: String)] = []

    /// Seconds connected, all accessories together.
    var bluetoothConnectedSeconds: Double { connectionLog.reduce(0) { $0 + $1.to - $1.from } }

    mutating func closeConnection(_ accessory: String, since: TimeInterval, at time: TimeInterval) {
        if time > since { connectionLog.append((accessory, since, time)) }
    }

    mutating func accumulate(_ state: AppState, seconds: TimeInterval) {
        switch state {
        case .active, .inactive: foregroundSeconds += seconds
        case .background: backgroundSeconds += seconds
        case .suspended: suspendedSeconds += seconds
        case .notRunning: notRunningSeconds += seconds
        }
    }

    mutating func countWake(_ source: WakeSource) {
        wakes[WakeSource.allCases.firstIndex(of: source)!] += 1
    }

    mutating func countSuppressedWake(_ source: WakeSource) {
        suppressedWakes[WakeSource.allCases.firstIndex(of: source)!] += 1
    }

    mutating func countRelaunch() { relaunches += 1 }

    mutating func executionResumed() {
        executing = true
    }

    /// The user's last force-quit, when the app never ran again after it, and how many wakes and
    /// pushes iOS refused from then on (TERM-1, PUSH-7): a final stop before it would hide both.
    var finalForceQuit: ForceQuitSummary? {
        guard let quit = terminations.last(where: { $0.reason == .userForceQuit }),
            !stateChanges.contains(where: { $0.time > quit.at && $0.to.isExecuting })
        else { return nil }
        let refused =
            refusedWakes.count { $0.time >= quit.at }
            + pushes.count { $0.sentAt >= quit.at && $0.deliveredAt == nil }
        return ForceQuitSummary(at: quit.at, refusedWakes: refused)
    }

    mutating func executionStopped(_ stop: StopSummary) {
        executing = false
        lastStop = stop
    }

    mutating func noteRecord(_ record: Record, at time: TimeInterval, distance: Double?, keptRunningBy: [String]) {
        // A fence's records name it in `fence` (GeofenceSet); the entries measure matches on it.
        let id = record.fields["id"] ?? record.fields["fence"]
        recordLog.append(
            RecordedOutput(
                time: time, kind: record.kind, id: id?.description, accuracy: record.fields["accuracy"]?.number))
        if record.kind == JobScheduler.missedRecordKind { noteJobMissed(record) }
        if record.kind == ScheduledTracking.switchKind, let boundary = record.fields["boundary"]?.number {
            scheduleSwitches.append((time, boundary, record.fields["on"] == .bool(true)))
        }
        guard record.kind == BeaconTrigger.recordKind, trigger == nil else { return }
        trigger = (time, distance, record.fields["accuracy"]?.number, keptRunningBy)
    }
}

/// A force-quit the app never recovered from in the run.
public struct ForceQuitSummary: Sendable, Hashable, Codable {
    /// Simulated seconds.
    public var at: TimeInterval
    /// Wakes, relaunches and pushes refused after it.
    public var refusedWakes: Int
}

/// When and why the app stopped executing.
public struct StopSummary: Sendable, Hashable, Codable {
    /// Simulated seconds.
    public var at: TimeInterval
    /// The state it went to: `suspended` or `notRunning`.
    public var state: String
    /// The cause recorded on the state change, e.g. `wakeWindowEnded`, `taskExpired`, `userForceQuit`.
    public var cause: String
    /// The rules behind it.
    public var rules: [String]
    /// For a wake window that ran out: what had woken the app.
    public var wakeSource: String?
    /// True distance to the trigger beacon then, when the scenario has one.
    public var distanceMeters: Double?
}
