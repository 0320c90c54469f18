import Foundation
import Wakeful

/// What one run of one app configuration on one iOS version did: the figures every report prints.
///
/// Its JSON form (`wakeful simulate --format json`) is a public contract: the names below do not
/// change meaning between releases.
public struct RunMetrics: Sendable, Hashable, Codable {
    /// The scenario's name.
    public var scenario: String
    /// The iOS version simulated, e.g. `17`.
    public var ios: String
    /// Its family: `6`, `7-12`, `13-18` or `26+`.
    public var family: String
    /// The strategy setup's name (`none` for the bare app).
    public var strategy: String
    /// The random seed.
    public var seed: UInt64
    /// Simulated seconds.
    public var durationSeconds: Double
    /// Seconds on screen (Active or Inactive).
    public var foregroundSeconds: Double
    /// Seconds executing in the background.
    public var backgroundRunningSeconds: Double
    /// Seconds suspended.
    public var suspendedSeconds: Double
    /// Seconds not running.
    public var notRunningSeconds: Double
    /// Wakes and relaunches by source (every source listed, zero included).
    public var wakes: [String: Int]
    /// Wakes a rule refused, by source.
    public var suppressedWakes: [String: Int]
    /// How many of the wakes were relaunches of a terminated app.
    public var relaunches: Int
    /// Terminations in order.
    public var terminations: [Termination]
    /// Whether the trigger fired; nil when the scenario has no trigger.
    public var triggered: Bool?
    /// When it fired.
    public var triggerAtSeconds: Double?
    /// The true distance to the trigger beacon when it fired.
    public var triggerDistanceMeters: Double?
    /// The distance iOS estimated when it fired.
    public var triggerEstimatedMeters: Double?
    /// What let the app run when the trigger fired: `foreground`, or the run reasons (`task`, `location`, `wakeWindow`, `grace`, `debugger`).
    public var triggerKeptRunningBy: [String]?
    /// The last time the app stopped executing, and why.
    public var finalStop: StopSummary?
    /// The user's force-quit, when the app never ran after it.
    public var forceQuit: ForceQuitSummary?
    /// When the trigger never fired: the true distance when the app stopped executing for the
    /// last time (nil if it was still executing at the end).
    public var suspendedAtDistanceMeters: Double?
    /// Ranging callbacks delivered.
    public var rangingCallbacks: Int
    /// `UIBackgroundModes` of the configuration.
    public var backgroundModes: [String]
    /// App Review risk of those modes and of the techniques.
    public var reviewRisk: ReviewAssessment
    /// The Info.plist keys the configuration needs.
    public var infoPlist: InfoPlistRequirements
    /// Agenda entries the simulator processed.
    public var simulatedEvents: Int
    /// Events delivered to the app's code.
    public var eventsDelivered: Int
    /// What each power-drawing component did: seconds on, radio bytes, wakes.
    public var usage: EnergyLedger
    /// Energy the run cost, by component: an estimate (§13).
    public var energy: EnergyEstimate
    /// How the run scored on the scenario's success measure, when it has one.
    public var success: SuccessResult?
    /// Model invariants broken during the run; empty unless the simulator has a bug.
    public var invariantViolations: [String]

    // MARK: Bluetooth connections

    /// Bluetooth connections made.
    public var bluetoothConnections: Int = 0
    /// Of those, connections after the first to the same accessory.
    public var bluetoothReconnections: Int = 0
    /// Where every committed record ended up; nil for an app without an outbox.
    public var outbox: OutboxMetrics?
    /// Background tasks still open when the app was killed for them (TASK-13), as `owner#serial`.
    public var tasksLeftOpen: [String] = []
    /// What the run's Live Activities showed and why not more; nil when it had none (LIVE).
    public var liveActivity: LiveActivitySummary?
    /// The location permissions the run went through and what the strategy lost under each; nil
    /// when it ran under Always with full accuracy throughout (AUTH-1 to AUTH-7).
    public var permission: PermissionSummary?
    /// The task scheduler at the end: the requests pending, the launches, the time since the last;
    /// nil when the app had no request pending and saw no launch (BGT, SIM-2).
    public var scheduledTasks: ScheduledTasksSummary?
}

extension SimulatedDevice {
    /// Closes the books at the end of the scenario.
    mutating func finish() -> RunMetrics {
        closeBluetoothBooks()
        tally.pushes = pushes.outcomes
        tally.healthSamples = health.outcomes(
            server: outbox.configuration?.upload == nil ? nil : ingest, records: tally.recordLog)
        tally.accumulate(state, seconds: lifecycle.timeInState(at: now))
        let triggered: Bool? = beacons.trigger == nil ? nil : tally.trigger != nil
        let suspendedAt: Double? =
            tally.trigger == nil && !state.isExecuting ? tally.lastStop?.distanceMeters : nil
        func bySource(_ counts: [Int]) -> [String: Int] {
            Dictionary(uniqueKeysWithValues: zip(WakeSource.allCases.map(\.rawValue), counts))
        }
        let usage = componentUsage()
        var metrics = RunMetrics(
            scenario: scenario.name, ios: policy.version.description, family: policy.family.rawValue,
            strategy: setup.name, seed: install.seed, durationSeconds: now,
            foregroundSeconds: tally.foregroundSeconds, backgroundRunningSeconds: tally.backgroundSeconds,
            suspendedSeconds: tally.suspendedSeconds, notRunningSeconds: tally.notRunningSeconds,
            wakes: bySource(tally.wakes), suppressedWakes: bySource(tally.suppressedWakes),
            relaunches: tally.relaunches, terminations: tally.terminations,
            triggered: triggered, triggerAtSeconds: tally.trigger?.at,
            triggerDistanceMeters: tally.trigger?.distance, triggerEstimatedMeters: tally.trigger?.accuracy,
            triggerKeptRunningBy: tally.trigger?.keptRunningBy,
            finalStop: state.isExecuting ? nil : tally.lastStop, suspendedAtDistanceMeters: suspendedAt,
            rangingCallbacks: tally.rangingCallbacks,
            backgroundModes: backgroundModes.map(\.rawValue), reviewRisk: reviewAssessment,
            infoPlist: InfoPlistRequirements(
                modes: backgroundModes, authorization: install.requirements.locationAuthorization,
                permittedTaskIdentifiers: install.requirements.taskIdentifiers),
            simulatedEvents: tally.steps, eventsDelivered: tally.eventsDelivered,
            usage: usage, energy: EnergyEstimate(usage, hours: now / 3600),
            success: scenario.successMeasure?.evaluate(
                tally, duration: now, scenario: scenario, ledger: outbox.provider == nil ? nil : outboxLedger),
            invariantViolations: violations)
        // Network
        metrics.bluetoothConnections = tally.bluetoothConnections
        metrics.bluetoothReconnections = tally.bluetoothReconnections
        metrics.outbox = outboxMetrics()
        metrics.tasksLeftOpen = tally.tasksLeftOpen
        metrics.forceQuit = tally.finalForceQuit
        metrics.liveActivity = pushes.liveActivities.summary.isEmpty ? nil : pushes.liveActivities.summary
        metrics.scheduledTasks = scheduler.summary(at: now)
        metrics.permission = PermissionSummary(
            initial: authorizer.initialPermission, changes: tally.permissionChanges, end: now,
            needs: Requirements.combined(setup.strategies.map { $0.makeStrategy().requirements }).locationCapabilities)
        return metrics
    }
}
