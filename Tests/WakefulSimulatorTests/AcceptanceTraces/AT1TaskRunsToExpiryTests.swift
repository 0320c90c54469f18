import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// AT-1 — iOS 8: a task begun in `applicationDidEnterBackground` runs to expiry and its handler
/// ends it (TASK-3, TASK-8, TASK-11, TASK-12).
@Suite("AT-1: iOS 8 task runs to expiry, handler ends it", .watchdog, .cpuBound)
struct AT1TaskRunsToExpiryTests {
    let home: TimeInterval = 10
    let trace = Trace(
        Scenarios.make(duration: 400, home: 10),
        ios: IOSVersion(8), setup: .custom(TaskExtension(), RemainingTimeProbe()))

    @Test func backgroundAt003sWith179Point97Remaining() throws {
        let readings = trace.records("remaining")
        let first = try #require(readings.first)
        #expect(abs(first.time - (home + 0.03)) < 1e-9)
        #expect(first.record.fields["state"] == .string("background"))
        #expect(abs((first.record.fields["value"]?.number ?? 0) - 179.97) < 1e-9)
    }

    @Test func remainingFallsAboutOneSecondPerSecond() throws {
        let values = trace.records("remaining").compactMap { $0.record.fields["value"]?.number }.filter { $0 < 1e6 }
        try #require(values.count > 100)
        for (earlier, later) in zip(values.dropFirst(), values.dropFirst(2)) {
            #expect(abs((earlier - later) - 1) < 1e-6)
        }
    }

    @Test func handlerRunsWithFourSecondsLeftAndEndsTheTask() throws {
        let expiring = trace.events { if case .backgroundTaskExpiring = $0 { true } else { false } }
        #expect(expiring.count == 1)
        #expect(expiring.first?.time == home + 176)
        let ends = trace.commands { if case .endBackgroundTask = $0 { true } else { false } }
        #expect(ends.map(\.time) == [home + 176])
    }

    @Test func thenSuspendedWithoutTermination() {
        let suspensions = trace.states(to: .suspended)
        #expect(suspensions.map(\.time) == [home + 176])
        #expect(suspensions.first?.change.cause == "taskExpired")
        #expect(trace.metrics.terminations.isEmpty)
        #expect(trace.metrics.invariantViolations.isEmpty)
    }

    @Test func leavingTheTaskOpenGetsTheAppKilledWithTheEraCode() throws {
        // The seed's self_terminate = NO experiment (TASK-13, TERM-6).
        let leaky = TaskExtension(options: .init(endsTaskOnExpiry: false))
        let old = Trace(Scenarios.make(duration: 400), ios: IOSVersion(8), setup: .custom(leaky)).metrics
        let new = Trace(Scenarios.make(duration: 400), ios: IOSVersion(17), setup: .custom(leaky)).metrics
        #expect(old.terminations.map(\.reason) == [.taskAssertionTimeout])
        #expect(old.terminations.first?.at == home + 180)
        #expect(old.terminations.first?.code == "0x8badf00d")
        #expect(new.terminations.first?.at == home + 30)
        #expect(new.terminations.first?.code == "0x2182bad2")
    }

    @Test func aDebuggerHidesAllOfThis() {
        // CONF-13 / TASK-14: tethered, the leaky task is never punished and the app never suspends.
        var scenario = Scenarios.make(duration: 400)
        scenario.device.debuggerAttached = true
        let metrics = Trace(
            scenario, ios: IOSVersion(8), setup: .custom(TaskExtension(options: .init(endsTaskOnExpiry: false)))
        ).metrics
        #expect(metrics.terminations.isEmpty)
        #expect(metrics.suspendedSeconds == 0)
        #expect(metrics.backgroundRunningSeconds == 390)
    }
}
