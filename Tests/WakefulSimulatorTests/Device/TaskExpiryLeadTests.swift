import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The expiration handler's lead before the budget ends (TASK-12) and the fresh budget of a task
/// begun by an app that is still running for another reason (TASK-10).
@Suite("Background tasks: expiry lead and renewed tasks (TASK-10, TASK-12)", .watchdog, .cpuBound)
struct TaskExpiryLeadTests {
    static let home: TimeInterval = 10

    @Test(
        "TASK-12: the handler runs 1 s before the end on 13 and 4 s before from 14 (obs: task-ios16-expiry-handler-4s-left)",
        arguments: [("13", 29.0), ("14", 26.0), ("16.4.1", 26.0), ("26", 26.0), ("12", 176.0)])
    func handlerLead(version: String, handlerAfterHome: Double) throws {
        let trace = Trace(
            Scenarios.make(duration: 400, home: Self.home), ios: try #require(IOSVersion(parsing: version)),
            setup: .custom(TaskExtension(options: .init(endsTaskOnExpiry: false))))
        let handler = try #require(
            trace.events { if case .backgroundTaskExpiring = $0 { true } else { false } }.first?.time)
        let kill = try #require(trace.states(to: .notRunning).first?.time)
        #expect(handler - Self.home == handlerAfterHome)
        // The task is left open: the kill comes when the budget ends (TASK-13).
        #expect(kill - Self.home == (version == "12" ? 180 : 30))
    }

    /// Location keeps the app running; PeriodicSampler begins a new task every 45 s.
    static func renewing(_ version: IOSVersion) -> Trace {
        Trace(
            Scenarios.make(duration: 300, home: Self.home, modes: [.location]), ios: version,
            setup: .custom(
                LowPowerLocationKeepAlive(
                    options: .init(desiredAccuracy: 10, distanceFilter: 10, beginsBackgroundTask: false)),
                PeriodicSampler(options: .init(taskRestartInterval: 45))))
    }

    @Test(
        "TASK-10: a task begun once the allowance is spent, by an app location keeps running, gets a fresh budget (obs: task-ios14-renewed-task-fresh-28s)",
        arguments: [IOSVersion(14), IOSVersion(17)])
    func renewedTaskGetsAFreshBudget(version: IOSVersion) throws {
        let trace = Self.renewing(version)
        let second = BackgroundTaskID(owner: "PeriodicSampler", serial: 2)
        let begun = try #require(
            trace.commands { if case .beginBackgroundTask(let id) = $0 { id == second } else { false } }.first?.time)
        let handler = try #require(
            trace.events { if case .backgroundTaskExpiring(let id) = $0 { id == second } else { false } }.first?.time)
        // A fresh 30 s, the handler 4 s before its end; the old model ran the handler at once.
        #expect(abs(handler - begun - 26) < 0.01)
        let renewals = trace.decisions("taskAllowance").filter { $0.decision.rules.contains("TASK-10") }
        #expect(renewals.contains { abs($0.time - begun) < 0.01 })
        #expect(trace.metrics.terminations.isEmpty)
    }

    @Test("TASK-7: without another reason to run, the app is suspended when the allowance is spent; nothing renews it")
    func noRenewalWithoutAnotherRunReason() {
        // The same sampler with no location keep-alive: suspended once its first task ends.
        let trace = Trace(
            Scenarios.make(duration: 300, home: Self.home), ios: IOSVersion(17),
            setup: .custom(PeriodicSampler(options: .init(taskRestartInterval: 45))))
        #expect(trace.decisions("taskAllowance").count == 1)
        #expect(trace.states(to: .suspended).first.map { $0.time - Self.home } == 26)
    }
}
