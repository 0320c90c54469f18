import Foundation
import Testing
import WakefulTestSupport
import WakefulTesting

/// "Did my task ever run?": pending requests, the ledger, `expectTaskPending`, `expectTaskRan`, the
/// debug launch and the debug notifications a run would have shown.
@Suite("Scheduled tasks: pending, ran, the debug launch", .watchdog, .cpuBound)
struct ScheduledTaskTests {
    static let refresh = "com.wakeful.refresh"

    /// `ScheduledRefresh` on iOS 17: opened, then Home, which submits its refresh and its sync.
    static func refreshApp(duration: Duration = .hours(30)) throws -> BackgroundTestRun {
        var run = BackgroundTestRun(
            configuration: try .named("ScheduledRefresh"), iOS: .v17, scenario: .blank(duration: duration))
        run.openApp()
        run.pressHome()
        return run
    }

    @Test func aSubmittedRefreshIsPendingWithItsSubmission() throws {
        let run = try Self.refreshApp()
        #expect(run.expectTaskPending(Self.refresh))
        #expect(run.pendingTaskRequests.map(\.identifier).contains(Self.refresh))
        let status = run.taskSchedulerStatus
        #expect(status.pending.first { $0.request.identifier == Self.refresh }?.submittedAt == 0)
        #expect(run.taskHistory.lastSubmission(of: Self.refresh)?.by == "ScheduledRefresh")
    }

    @Test func aRequestNeverSubmittedIsSaidSo() throws {
        let run = try Self.refreshApp()
        let failures = ExpectationFailure.collect { run.expectTaskPending("com.example.other") }
        #expect(failures.map(\.kind) == [.taskPending])
        let message = try #require(failures.first?.message)
        #expect(
            message.hasPrefix(
                "Expected a request of \"com.example.other\" pending at 0 s, but the app never submitted one"))
        #expect(message.contains(Self.refresh))
    }

    /// The field's most common question, answered: the request stays pending after a force-quit,
    /// and the scheduler says what it waits for (TERM-1).
    @Test func afterAForceQuitTheRefreshStaysPendingAndNeverRuns() throws {
        var run = try Self.refreshApp()
        run.forceQuit()
        run.advance(by: .hours(24))
        #expect(run.expectTaskPending(Self.refresh))
        let failures = ExpectationFailure.collect { run.expectTaskRan(Self.refresh) }
        let failure = try #require(failures.first)
        #expect(failure.kind == .taskRan)
        #expect(failure.message.contains("it never did. A request of it is pending now."), "\(failure.message)")
        #expect(failure.message.contains("force-quit by the user"), "\(failure.message)")
        #expect(failure.rules.contains("TERM-1"))
        #expect(run.taskSchedulerStatus.sinceLastRun == nil)
    }

    @Test func theDebugLaunchRunsAPendingRequestAtOnceAndOnlyThen() throws {
        var run = try Self.refreshApp()
        let launched = run.simulateTaskLaunch(Self.refresh)
        #expect(launched)
        #expect(run.expectTaskRan(Self.refresh))
        #expect(run.taskHistory.lastLaunch(of: Self.refresh)?.reason == .simulated)
        #expect(!run.pendingTaskRequests.contains { $0.identifier == Self.refresh })
        // BGT-17: no longer pending, so iOS launches nothing.
        var again = true
        let failures = ExpectationFailure.collect { again = run.simulateTaskLaunch(Self.refresh) }
        #expect(!again)
        #expect(failures.map(\.kind) == [.driving])
        #expect(
            failures.first?.message.hasPrefix(
                "simulateTaskLaunch(\"com.wakeful.refresh\") launched nothing: No task request with identifier com.wakeful.refresh has been scheduled (BGT-17)"
            ) == true, "\(failures.map(\.message))")
    }

    @Test func aRunShowsWhatTheDebugNotificationsWouldHaveSaid() throws {
        var run = try Self.refreshApp()
        run.advance(by: .minutes(1))
        run.perform(.memoryPressure)  // the suspended app is ended; the next task relaunches it
        run.advance(by: .hours(24))
        let relaunched = run.taskHistory.launches.filter { $0.reason == .relaunch }
        #expect(!relaunched.isEmpty)
        let notes = run.debugNotifications(.fieldDebugging)
        #expect(notes.contains { $0.trigger == .relaunch && $0.body.contains("a scheduled background task") })
        #expect(notes.allSatisfy { DebugNotificationPolicy.fieldDebugging.triggers.contains($0.trigger) })
        #expect(run.debugNotifications(.off).isEmpty)
    }
}
