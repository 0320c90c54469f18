import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The figures of ``RunMetrics`` agree with the timeline they summarise.
@Suite("Device: run metrics", .watchdog, .cpuBound)
struct RunMetricsTests {
    @Test(arguments: SuspendedSilenceTests.cases)
    func theStateTimesAddUpToTheDuration(name: String) {
        let trace = SuspendedSilenceTests.trace(name)
        let metrics = trace.metrics
        let total =
            metrics.foregroundSeconds + metrics.backgroundRunningSeconds + metrics.suspendedSeconds
            + metrics.notRunningSeconds
        #expect(abs(total - metrics.durationSeconds) < 1e-6, "\(name): \(total) vs \(metrics.durationSeconds)")
        #expect(metrics.durationSeconds > 0)
        // Each figure matches the time the timeline spends in those states.
        var spent: [AppState: Double] = [:]
        var state = AppState.notRunning
        var since = 0.0
        for (time, change) in trace.states() {
            spent[state, default: 0] += time - since
            (state, since) = (change.to, time)
        }
        spent[state, default: 0] += metrics.durationSeconds - since
        #expect(abs((spent[.background] ?? 0) - metrics.backgroundRunningSeconds) < 1e-6, "\(name)")
        #expect(abs((spent[.suspended] ?? 0) - metrics.suspendedSeconds) < 1e-6, "\(name)")
        #expect(abs((spent[.notRunning] ?? 0) - metrics.notRunningSeconds) < 1e-6, "\(name)")
        #expect(abs((spent[.active] ?? 0) + (spent[.inactive] ?? 0) - metrics.foregroundSeconds) < 1e-6, "\(name)")
    }

    @Test(arguments: SuspendedSilenceTests.cases)
    func wakesAreCountedOncePerWakeBySource(name: String) {
        let trace = SuspendedSilenceTests.trace(name)
        for source in WakeSource.allCases {
            let entries = trace.transitions.filter {
                $0.to == .background
                    && ($0.cause == "\(source.rawValue)Wake" || $0.cause == "\(source.rawValue)Relaunch")
            }
            #expect(trace.metrics.wakes[source.rawValue] == entries.count, "\(name): \(source.rawValue)")
        }
        let relaunches = trace.transitions.filter { $0.from == .notRunning && $0.to == .background }.count
        #expect(trace.metrics.relaunches == relaunches, "\(name)")
    }

    @Test func aWakeWithSeveralEventsCountsOnce() throws {
        // A region exit delivers didExitRegion and didDetermineState in one wake.
        let trace = Trace(DeviceScenarios.fenceWalk(), ios: IOSVersion(17))
        let wake = try #require(trace.states(to: .background).first { $0.change.cause == "regionWake" }?.time)
        #expect(trace.steps(at: wake).filter { if case .got = $0 { true } else { false } }.count == 2)
        #expect(trace.metrics.wakes["region"] == 1)
        #expect(trace.metrics.wakes.values.reduce(0, +) == 1)
    }

    @Test func terminationsAreListedWithReasonTimeAndCode() throws {
        // iOS 17, a task left open on every entry to the background: killed at 40 (TASK-13); relaunched by the
        // exit and suspended; removed for memory at 500 (STATE-3); launched by the user at 600, sent Home at 650
        // and force-quit at 670 while its task still runs (TERM-1).
        let scenario = DeviceScenarios.fenceWalk(actions: [
            UserAction(at: 500, .memoryPressure), UserAction(at: 600, .open), UserAction(at: 650, .home),
            UserAction(at: 670, .forceQuit),
        ])
        let trace = Trace(scenario, ios: IOSVersion(17), setup: .custom(Apps.taskOnBackground(leaky: true)))
        let terminations = trace.metrics.terminations
        #expect(terminations.map(\.reason) == [.taskAssertionTimeout, .memoryPressure, .userForceQuit])
        #expect(terminations.map(\.at) == [40, 500, 670])
        #expect(terminations.map(\.code) == ["0x2182bad2", nil, nil])
        #expect(terminations.map(\.rules) == [["TASK-13", "TERM-6"], ["STATE-3"], ["TERM-1"]])
        // Each one is the timeline's transition to Not running, with the same cause and code.
        let kills = trace.states(to: .notRunning)
        #expect(kills.map(\.time) == terminations.map(\.at))
        #expect(kills.map(\.change.cause) == terminations.map(\.reason.rawValue))
        #expect(kills.map { $0.change.fields["code"] } == terminations.map { $0.code.map(FieldValue.string) })
    }
}
