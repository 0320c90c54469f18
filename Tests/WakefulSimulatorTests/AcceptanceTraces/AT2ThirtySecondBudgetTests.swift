import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// AT-2 — iOS 13–18: the same task expires ≈30 s after backgrounding; stacking tasks adds nothing
/// (TASK-6, TASK-7, TASK-12).
@Suite("AT-2: iOS 13+ ≈30 s budget; stacking adds nothing", .watchdog, .cpuBound)
struct AT2ThirtySecondBudgetTests {
    let home: TimeInterval = 10

    @Test(arguments: ["13", "17", "18.6", "26"])
    func handlerRunsAboutThirtySecondsAfterBackgrounding(version: String) throws {
        let trace = Trace(
            Scenarios.make(duration: 200), ios: try #require(IOSVersion(parsing: version)),
            setup: .custom(TaskExtension()))
        let expiring = trace.events { if case .backgroundTaskExpiring = $0 { true } else { false } }
        let at = try #require(expiring.first?.time) - home
        #expect(at > 25 && at <= 30)
        #expect(trace.states(to: .suspended).map(\.time) == [home + at])
        #expect(trace.metrics.terminations.isEmpty)
    }

    @Test func twoTasksBackToBackShareOneBudget() throws {
        let trace = Trace(Scenarios.make(duration: 200), ios: IOSVersion(17), setup: .custom(StackedTasks(count: 2)))
        let expiring = trace.events { if case .backgroundTaskExpiring = $0 { true } else { false } }
        #expect(expiring.count == 2)
        #expect(Set(expiring.map(\.time)).count == 1, "both handlers run at the same moment")
        let background = trace.metrics.backgroundRunningSeconds
        #expect(background > 25 && background <= 30, "≈30 s in all, not ≈60 s")
        #expect(trace.metrics.terminations.isEmpty)
    }

    @Test func iOS12GivesSixTimesAsMuch() {
        let old = Trace(Scenarios.make(duration: 400), ios: IOSVersion(12), setup: .custom(TaskExtension())).metrics
        let new = Trace(Scenarios.make(duration: 400), ios: IOSVersion(17), setup: .custom(TaskExtension())).metrics
        #expect(old.backgroundRunningSeconds == 176)
        #expect(new.backgroundRunningSeconds == 26)  // handler 4 s before the 30 s end from 14 (TASK-12)
    }
}
