import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The built-in `forgotten-refresh`: a force-quit at 13:05 leaves the refresh pending for the rest
/// of the day (TERM-1, BGT-11 factor 4), and the run's summary says so as a phone's task screen does.
@Suite("forgotten-refresh: a pending refresh that never runs after a force-quit", .watchdog, .cpuBound)
struct ForgottenRefreshTests {
    static let scenario = try! BuiltinScenarios.load("forgotten-refresh")
    /// The user's swipe in the app switcher.
    static let forceQuit: TimeInterval = 21970

    static func trace(_ version: String, _ setupName: String) throws -> Trace {
        let setup = try #require(scenario.setups.first { $0.name == setupName })
        return Trace(scenario, ios: try Versions.parse(version), setup: setup)
    }

    @Test(
        "after the force-quit the refresh stays pending and never runs; the summary names it and the last run",
        arguments: ["17", "26"])
    func refreshStaysPending(version: String) throws {
        let trace = try Self.trace(version, "ScheduledRefresh (refresh only)")
        let refreshes = trace.records("refresh").map(\.time)
        #expect(!refreshes.isEmpty)
        #expect(refreshes.allSatisfy { $0 < Self.forceQuit })
        let summary = try #require(trace.metrics.scheduledTasks)
        // Submitted at Home just before the swipe: iOS keeps it, and lists it, all night.
        #expect(summary.pending.map(\.identifier) == ["com.wakeful.refresh"])
        #expect(summary.pending.first?.submittedAt == 21960)
        let last = try #require(summary.lastLaunch)
        #expect(last.at == refreshes.last.map { $0 - 5 } ?? -1)
        #expect(summary.sinceLastRun == 86400 - last.at)
        #expect(summary.launches == refreshes.count)
        let deferred = trace.decisions("taskDeferred").filter { $0.time >= Self.forceQuit }
        #expect(deferred.contains { $0.decision.rules.contains("TERM-1") })
        let report = OutcomeReport(scenario: Self.scenario, runs: [trace.metrics]).text
        #expect(report.contains("Task scheduler at the end"))
        #expect(report.contains("pending com.wakeful.refresh (appRefresh, submitted 17h 54m before the end)"))
    }

    @Test(
        "from iOS 18.3 the processing task still launches on the charger after the force-quit, with 60 s: too short for the sync (BGT-15, CONF-19)"
    )
    func processingAfterForceQuit() throws {
        let before = try Self.trace("17", "ScheduledRefresh")
        #expect(before.decisions("scheduledTaskLaunch").allSatisfy { $0.time < Self.forceQuit })
        let after = try Self.trace("26", "ScheduledRefresh")
        let launches = after.decisions("scheduledTaskLaunch").filter { $0.time > Self.forceQuit }
        #expect(launches.count == 1)
        let launch = try #require(launches.first)
        // On the charger, which goes on at 23:00.
        #expect(launch.time >= 57600)
        #expect(launch.decision.fields["identifier"] == .string("com.wakeful.sync"))
        #expect(launch.decision.fields["limit"] == .double(60))
        #expect(launch.decision.rules.contains("BGT-15") && launch.decision.rules.contains("CONF-19"))
        // The two-minute sync does not fit: the task expires and no sync is recorded.
        #expect(after.records("taskExpired").contains { $0.time > launch.time })
        #expect(after.records("sync").allSatisfy { $0.time < Self.forceQuit })
        #expect(after.metrics.scheduledTasks?.lastLaunch?.identifier == "com.wakeful.sync")
    }

    @Test("a run that never submitted a request and saw no launch has no scheduler summary")
    func noSummaryWithoutTasks() throws {
        let trace = Trace(Self.scenario, ios: IOSVersion(17), setup: .none)
        #expect(trace.metrics.scheduledTasks == nil)
        #expect(!OutcomeReport(scenario: Self.scenario, runs: [trace.metrics]).text.contains("Task scheduler"))
    }
}
