import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The job scheduler on each wake source and family: the job runs on that wake, and what it gets
/// is the family's rule. The probe job is long and checkpoints, so each run is cut at its budget
/// (the wake's time less the 5 s margin) and `executed` shows the time the wake gave.
@Suite("Jobs: a run on every wake source", .watchdog, .cpuBound)
struct JobWakeSourceTests {
    static let margin = 5.0

    /// The task budget of the family (TASK-2, TASK-3, TASK-6).
    static func taskBudget(_ version: IOSVersion) -> Double { BackgroundPolicy(version: version).execution.taskBudget }

    @Test("foreground: unlimited (STATE-1)", arguments: NetworkScenarios.families)
    func foreground(version: IOSVersion) throws {
        let trace = Trace(JobScenarios.with(Scenarios.make(duration: 100, home: 60)), ios: version)
        let run = try #require(trace.run(startedAt: 0))
        #expect(run.budget == .string("unlimited"))
        #expect(run.keptRunningBy == "foreground")
    }

    @Test(
        "the task window after Home: the family's budget less the margin (TASK-2, TASK-3, TASK-6)",
        arguments: NetworkScenarios.families)
    func backgroundTask(version: IOSVersion) throws {
        let trace = Trace(JobScenarios.with(Scenarios.make(duration: 1000, home: 10)), ios: version)
        let run = try #require(trace.run(startedAt: 0))
        // Started in the foreground, cut when the task's time (from Home) is nearly up.
        #expect(run.outcome == "checkpointed")
        #expect(close(run.executed, 10 + Self.taskBudget(version) - Self.margin))
        #expect(trace.metrics.terminations.isEmpty, "the task is always ended")
    }

    /// Region, significant-change, visit, beacon and Bluetooth wakes: a fresh task budget per wake
    /// (TASK-10) on 13+; on 7–12 the countdown starts when the ≈10 s window closes (TASK-9).
    static func eventWakeExecuted(_ version: IOSVersion, windowed: Bool = true) -> Double {
        let window = windowed && BackgroundPolicy(version: version).execution.taskClockWaitsForWakeWindow ? 10.0 : 0
        return window + taskBudget(version) - margin
    }

    @Test("region exit (LOC-21, TASK-9, TASK-10)", arguments: NetworkScenarios.families)
    func regionExit(version: IOSVersion) throws {
        var scenario = Scenarios.make(
            duration: 2000, at: .zero, walkFrom: 700,
            legs: [RouteLeg(destination: LocalPoint(east: 600, north: 0), speed: 2)],
            features: [.geofences([GeofenceSpec(id: "home", center: .zero, radius: 150)])])
        scenario = JobScenarios.with(scenario)
        let trace = Trace(scenario, ios: version)
        try expectRun(trace, wake: ["regionWake"], executed: Self.eventWakeExecuted(version))
    }

    @Test("significant change (LOC-12)", arguments: NetworkScenarios.families)
    func significantChange(version: IOSVersion) throws {
        let scenario = JobScenarios.with(
            Scenarios.make(
                duration: 2500, at: .zero, walkFrom: 700,
                legs: [RouteLeg(destination: LocalPoint(east: 5000, north: 0), speed: 15)]))
        let trace = Trace(scenario, ios: version, setup: .custom(RelaunchOnMovement(options: .init(visits: false))))
        try expectRun(trace, wake: ["significantChangeWake"], executed: Self.eventWakeExecuted(version))
    }

    @Test("visit (LOC-16)", arguments: NetworkScenarios.modern)
    func visit(version: IOSVersion) throws {
        let scenario = JobScenarios.with(
            Scenarios.make(
                duration: 3600, at: .zero, walkFrom: 600,
                legs: [RouteLeg(destination: LocalPoint(east: 1000, north: 0), speed: 1.4)]))
        let trace = Trace(scenario, ios: version, setup: .custom(VisitModelTests.VisitLogger()))
        let wake = try #require(
            trace.events { if case .visit = $0 { true } else { false } }.first { $0.time > 100 }?.time)
        let run = try #require(trace.run(startedAt: wake))
        #expect(close(run.executed, Self.eventWakeExecuted(version)))
    }

    @Test("beacon region (BEACON-5, LOC-21)", arguments: NetworkScenarios.modern)
    func beaconRegion(version: IOSVersion) throws {
        let scenario = JobScenarios.with(AT3BeaconRegionWakeTests.scenario())
        let trace = Trace(scenario, ios: version)
        try expectRun(trace, wake: ["beaconRegionWake"], executed: Self.eventWakeExecuted(version))
    }

    @Test("Bluetooth event (BLE-1)", arguments: NetworkScenarios.modern)
    func bluetooth(version: IOSVersion) throws {
        let scenario = JobScenarios.with(
            NetworkScenarios.make(
                duration: 900, accessory: NetworkScenarios.dongle,
                actions: [UserAction(at: 400, .wakeAccessory("dongle"))]))
        let trace = Trace(scenario, ios: version, setup: .custom(NetworkApps.central()))
        try expectRun(trace, wake: ["bluetoothWake"], executed: Self.eventWakeExecuted(version))
    }

    @Test("silent push: completed by the scheduler when its run ends (PUSH-6)", arguments: NetworkScenarios.modern)
    func silentPush(version: IOSVersion) throws {
        let scenario = JobScenarios.with(
            PushScenarios.make(pushes: [PushScenarios.silent(at: 600)], duration: 1200),
            options: JobScheduler.Options(completesRemoteNotifications: true))
        let trace = Trace(scenario, ios: version)
        let wake = try #require(trace.firstWake(["pushWake"]))
        let run = try #require(trace.run(startedAt: wake))
        // No wake window: the task's countdown starts at once (TASK-8).
        #expect(close(run.executed, Self.eventWakeExecuted(version, windowed: false)))
        #expect(
            trace.commands { if case .completeRemoteNotification(let id, _) = $0 { id == "p" } else { false } }.count
                == 1)
        #expect(trace.metrics.terminations.isEmpty, "the push is completed within 30 s")
    }

    @Test("URL-session events (URLS-1)", arguments: NetworkScenarios.modern)
    func urlSession(version: IOSVersion) throws {
        let scenario = JobScenarios.with(NetworkScenarios.make(duration: 1200))
        let trace = Trace(scenario, ios: version, setup: .custom(NetworkApps.uploader(bytes: 500_000_000)))
        let wake = try #require(trace.firstWake(["urlSessionWake", "urlSessionRelaunch"]))
        let run = try #require(trace.run(startedAt: wake))
        #expect(close(run.executed, Self.eventWakeExecuted(version, windowed: false)))
    }

    @Test(
        "a location keep-alive: runs on the scheduler's timers with no limit (LOC-2)",
        arguments: NetworkScenarios.modern)
    func locationKeepAlive(version: IOSVersion) throws {
        let job = Job(id: "tick", interval: 300, expectedDuration: 60, cost: JobCost(duration: 60))
        let scenario = JobScenarios.with(Scenarios.make(duration: 3600, home: 10), [job])
        let trace = Trace(scenario, ios: version, setup: .custom(LowPowerLocationKeepAlive()))
        let late = trace.jobRuns.filter { $0.started > 600 }
        #expect(late.count >= 8, "every 5 min (after each 60 s run) while location keeps the app running")
        #expect(
            late.allSatisfy {
                $0.budget == .string("unlimited") && $0.keptRunningBy == "location" && $0.outcome == "completed"
            })
    }

    private func expectRun(
        _ trace: Trace, wake causes: Set<String>, executed: Double, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let wake = try #require(trace.firstWake(causes, after: 15), sourceLocation: sourceLocation)
        let run = try #require(trace.run(startedAt: wake), sourceLocation: sourceLocation)
        #expect(run.outcome == "checkpointed", sourceLocation: sourceLocation)
        #expect(close(run.executed, executed), "executed \(run.executed ?? -1) s", sourceLocation: sourceLocation)
        #expect(trace.metrics.terminations.isEmpty, "the task is always ended", sourceLocation: sourceLocation)
    }
}
