import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The launch watchdog (TERM-6, STATE-7): a launch's wall clock, and a background launch's CPU time.
@Suite("The launch watchdog", .watchdog, .cpuBound)
struct LaunchWatchdogTests {
    /// The user opens the app, leaves it, iOS reclaims it at 60 s, and a fetch relaunches it in
    /// the background about 15 min after the interval was set.
    private func run(_ version: String, launch: LaunchCost) throws -> Trace {
        var scenario = SchedulerScenarios.make(
            duration: 3600, permitted: nil, modes: nil, device: SchedulerScenarios.variants("CONF-8:appUsage"),
            actions: [UserAction(at: 60, .memoryPressure)])
        scenario.app.launchCost = launch
        let options = ScheduledRefresh.Options(refreshWorkSeconds: 1, fetchInterval: 0, usesTaskScheduler: false)
        return Trace(
            scenario, ios: try Versions.parse(version),
            setup: StrategySetup(name: "legacy", strategies: [.scheduledRefresh(options)]))
    }

    private func kills(_ trace: Trace) -> [Termination] {
        trace.metrics.terminations.filter { $0.reason == .launchWatchdog }
    }

    @Test("a launch over 20 s of wall clock is killed at 20 s with 0x8badf00d", arguments: ["8", "12", "17", "26"])
    func wallClock(version: String) throws {
        let trace = try run(version, launch: LaunchCost(duration: 25, cpuLoad: 0.1))
        let kill = try #require(kills(trace).first)
        #expect(kill.at == 20 && kill.code == "0x8badf00d" && kill.rules == ["STATE-7", "TERM-6"])
        // The app's events still arrive during a launch (only the watchdog reads its cost), so each
        // fetch relaunch starts another launch that the watchdog kills in turn.
        #expect(kills(trace).count == 1 + trace.launches.count && !trace.launches.isEmpty)
        #expect(trace.reasons("watchdog", key: "transgression").allSatisfy { $0 == "process-launch" })
    }

    @Test("a launch that finishes in time is never killed", arguments: ["8", "17"])
    func inTime(version: String) throws {
        let trace = try run(version, launch: LaunchCost(duration: 19, cpuLoad: 0.2))
        #expect(kills(trace).isEmpty)
        #expect(!trace.launches.isEmpty)
    }

    @Test("from 13, a background launch past the scene-create CPU allowance is killed; not before 13")
    func sceneCreateCPU() throws {
        let modern = try run("17", launch: LaunchCost(duration: 10, cpuLoad: 1))
        let kill = try #require(kills(modern).first, "the fetch relaunch uses 10 s of CPU against 4.68 s")
        let relaunch = try #require(modern.launches.first?.time)
        #expect(abs(kill.at - (relaunch + 4.68)) < 0.01)
        #expect(
            modern.reasons("watchdog", key: "transgression")
                == Array(repeating: "scene-create", count: modern.launches.count))
        #expect(kills(try run("12", launch: LaunchCost(duration: 10, cpuLoad: 1))).isEmpty, "no scenes before 13")
        #expect(kills(try run("17", launch: LaunchCost(duration: 10, cpuLoad: 0.3))).isEmpty, "3 s of CPU")
    }
}
