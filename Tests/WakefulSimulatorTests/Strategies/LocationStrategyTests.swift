import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The seed techniques that rely on tasks and location, per iOS family, as their documentation claims.
@Suite(
    "Strategies: task chaining, location pulse, relaunch on movement, moving geofence, periodic sampler", .watchdog,
    .cpuBound)
struct LocationStrategyTests {
    static let home: TimeInterval = 10

    // MARK: TaskChaining (seed 004)

    @Test(arguments: [
        ("6", 600.0, "0x8badf00d"), ("12", 180.0, "0x8badf00d"), ("17", 30.0, "0x2182bad2"), ("26", 30.0, "0x2182bad2"),
    ])
    func taskChainingBuysNothingAndEndsInAKill(version: String, budget: Double, code: String) throws {
        // TASK-7: the budget is per app; TASK-13: the task begun last is open when it runs out.
        let metrics = Trace(
            Scenarios.make(duration: 1200), ios: try #require(IOSVersion(parsing: version)),
            setup: .custom(TaskChaining())
        ).metrics
        #expect(metrics.terminations.map(\.reason) == [.taskAssertionTimeout])
        #expect(metrics.terminations.first?.at == Self.home + budget)
        #expect(metrics.terminations.first?.code == code)
        #expect(metrics.reviewRisk.findings.map(\.subject) == ["task chaining"])
    }

    @Test func withoutTheChainItIsSuspendedNotKilled() {
        let metrics = Trace(
            Scenarios.make(duration: 600), ios: IOSVersion(12),
            setup: .custom(TaskChaining(options: .init(chainsOnExpiry: false)))
        ).metrics
        #expect(metrics.terminations.isEmpty)
        #expect(metrics.backgroundRunningSeconds == 176)
    }

    // MARK: LocationPulse (seed 004)

    @Test(arguments: ["9", "12", "17", "26"])
    func locationPulseLivesOnTheLocationModeAndPaysForGPS(version: String) throws {
        let trace = Trace(
            Scenarios.make(duration: 3600), ios: try #require(IOSVersion(parsing: version)),
            setup: .custom(LocationPulse()))
        #expect(trace.states(to: .suspended).isEmpty)
        let pulses = trace.commands { if case .startUpdatingLocation = $0 { true } else { false } }
        #expect(pulses.count == 1 + Int((3600 - Self.home) / 60))
        #expect(trace.metrics.energy.byComponent.first?.name == "gps")
    }

    @Test func withoutTheModeThePulseStopsAfterOneBeat() {
        let trace = Trace(
            Scenarios.make(duration: 3600, modes: []), ios: IOSVersion(17), setup: .custom(LocationPulse()))
        #expect(trace.commands { if case .startUpdatingLocation = $0 { true } else { false } }.count == 1)
        #expect(trace.metrics.backgroundRunningSeconds == 26)  // a 30 s task, its handler 4 s early (TASK-12)
    }

    @Test func dutyCyclingGetsItSuspended() {
        let trace = Trace(
            Scenarios.make(duration: 600), ios: IOSVersion(17),
            setup: .custom(LocationPulse(options: .init(stopsBetweenPulses: true))))
        // The first fix ends the task and stops updates at once: only the 5 s grace is left (STATE-5).
        #expect(trace.metrics.backgroundRunningSeconds <= 5)
    }

    // MARK: RelaunchOnMovement (seed 001) and MovingGeofence (seed 003) on the freeway

    static func freeway(_ badDay: BadDay? = nil) throws -> Scenario {
        let scenario = try BuiltinScenarios.load("freeway-drive")
        return badDay.map(scenario.on) ?? scenario
    }

    @Test(arguments: ["8", "12", "17", "26"])
    func significantChangesBringATerminatedAppBackEveryFiveMinutes(version: String) throws {
        let metrics = Simulator.run(
            try Self.freeway(), ios: try #require(IOSVersion(parsing: version)),
            setup: try .named("RelaunchOnMovement"), seed: 1)
        #expect(metrics.wakes["significantChange"] == 12, "an hour at freeway speed: one event per 5 min (LOC-10)")
        #expect(metrics.relaunches == 1, "terminated while parked, relaunched once (LOC-12, LOC-16)")
        #expect(metrics.success?.score == 1)
    }

    @Test(arguments: [("7.0", false), ("7.1", true), ("12", true), ("17", true), ("26.2.1", true), ("26.4", false)])
    func afterAForceQuitItDependsOnTheVersion(version: String, relaunched: Bool) throws {
        // LOC-25 to LOC-29, CONF-5.
        let metrics = Simulator.run(
            try Self.freeway(.forceQuit), ios: try #require(IOSVersion(parsing: version)),
            setup: try .named("RelaunchOnMovement"), seed: 1)
        #expect((metrics.relaunches > 0) == relaunched)
        #expect(((metrics.success?.score ?? 0) > 0.9) == relaunched)
    }

    @Test func aMovingFenceWakesTheAppEveryRadiusPlus200MetresPlusTheExitTime() throws {
        // LOC-19: ≈200 m past the edge, then Wi-Fi's exit time drawn around 88 s (field reports);
        // at ≈29 m/s and a 100 m fence, about every 10 + 88 s: ≈37 wakes in the hour.
        let metrics = Simulator.run(
            try Self.freeway(), ios: IOSVersion(17), setup: try .named("MovingGeofence"), seed: 1)
        let wakes = try #require(metrics.wakes["region"])
        #expect(wakes > 25 && wakes < 50)
        #expect(metrics.success?.score == 1)
        let bigger = Simulator.run(
            try Self.freeway(), ios: IOSVersion(17), setup: .custom(MovingGeofence(options: .init(radius: 1000))),
            seed: 1)
        // (1000 + 200) / 29 + 88 ≈ 129 s between wakes instead of ≈ 98 s: about three quarters as many.
        let fewer = bigger.wakes["region"] ?? 0
        #expect(fewer > wakes * 3 / 5 && fewer < wakes * 9 / 10, "\(fewer) against \(wakes)")
    }

    @Test func theCellKeepAliveCannotComeBackFromAForceQuit() throws {
        // LOC-3: standard updates never relaunch an app.
        let metrics = Simulator.run(
            try Self.freeway(.forceQuit), ios: IOSVersion(17), setup: try .named("LowPowerLocationKeepAlive"), seed: 1)
        #expect(metrics.relaunches == 0)
        #expect(metrics.success?.score == 0)
    }

    // MARK: PeriodicSampler (seed 003)

    @Test(arguments: [("8", 6), ("12", 6), ("17", 2), ("26", 2)])
    func samplingKeepsTimeOnlyWhileTheBudgetLasts(version: String, reads: Int) throws {
        let metrics = Simulator.run(
            try BuiltinScenarios.load("sensor-monitor"), ios: try #require(IOSVersion(parsing: version)),
            setup: try .named("PeriodicSampler"), seed: 1)
        #expect(metrics.success?.summary.hasPrefix("\(reads) of 160") == true)
    }

    @Test func anotherWakeSourceMakesItAnExtraTrigger() throws {
        // The seed's remark: location or transfers keep the sampler's timers alive.
        let metrics = Simulator.run(
            try BuiltinScenarios.load("sensor-monitor"), ios: IOSVersion(17),
            setup: try .named("LowPowerLocationKeepAlive+PeriodicSampler"), seed: 1)
        #expect(metrics.success?.score == 1)
    }
}
