import Foundation
import Testing
import WakefulTestSupport
import WakefulTesting

/// `during:` limits an expectation to a stretch of simulated time, so the quiet hours after a
/// ride do not fail an expectation about the ride.
@Suite("Expectations over a window", .watchdog, .cpuBound)
struct ExpectationWindowTests {
    /// The LocationPulse trip, then two parked hours in which it samples once a minute.
    static func rideThenParked() throws -> BackgroundTestRun {
        var run = try ExpectationTests.trip("LocationPulse")
        run.advance(by: .hours(2))
        return run
    }

    @Test func aGapOutsideTheWindowDoesNotCount() throws {
        let run = try Self.rideThenParked()
        #expect(
            run.expectNoGap(longerThan: .seconds(5), in: .records("location"), during: .seconds(0) ... .seconds(1000)))
        let failures = ExpectationFailure.collect { run.expectNoGap(longerThan: .seconds(5), in: .records("location")) }
        #expect(failures.map(\.kind) == [.noGap])
        // Parked, the app runs between samples: nothing ended the gap, and the message does not say "ended by —".
        #expect(failures.first?.message.hasSuffix("\nCause: the app was running but did not do the work.") == true)
    }

    @Test func aGapIsCutToTheWindow() throws {
        let run = try Self.rideThenParked()
        let failures = ExpectationFailure.collect {
            run.expectNoGap(longerThan: .seconds(5), in: .records("location"), during: .seconds(900) ... .seconds(2000))
        }
        let failure = try #require(failures.first)
        #expect(failure.window == .seconds(900) ... .seconds(2000))
        let gap = try #require(failure.gaps.first)
        #expect(gap.from >= 1000 && gap.to <= 2000 && gap.seconds > 5)
        #expect(
            failure.message.hasPrefix(
                "Expected no gap in \"location\" records longer than 5 s between 15 min 00 s and 33 min 20 s, but one lasted "
            ))
    }

    @Test func anExecutionGapThatBeganBeforeTheWindowCountsFromItsStart() {
        var run = BackgroundTestRun(configuration: .none, iOS: .v17, scenario: .blank())
        run.openApp()
        run.pressHome()  // suspended 5 s later, for good
        run.advance(by: .minutes(30))
        let failures = ExpectationFailure.collect {
            run.expectNoGap(longerThan: .minutes(5), during: .minutes(10) ... .minutes(20))
        }
        #expect(failures.first?.gaps.map { [$0.from, $0.to] } == [[600, 1200]])
        #expect(failures.first?.message.contains("still open at the end of the window (20 min 00 s)") == true)
    }

    @Test func terminationsAndKillsOutsideTheWindowDoNotCount() throws {
        let run = try ReportingTests.killedRun()  // killed at 40 s
        #expect(run.expectNoTermination(during: .seconds(41) ... .minutes(2)))
        #expect(run.expectBackgroundTasksAlwaysEnded(during: .seconds(41) ... .minutes(2)))
        let failures = ExpectationFailure.collect {
            run.expectNoTermination(during: .seconds(30) ... .seconds(40))
            run.expectBackgroundTasksAlwaysEnded(during: .seconds(30) ... .seconds(40))
        }
        #expect(failures.map(\.kind) == [.noTermination, .backgroundTasksAlwaysEnded])
        #expect(failures.map(\.window) == [.seconds(30) ... .seconds(40), .seconds(30) ... .seconds(40)])
        #expect(
            failures.first?.message.hasPrefix(
                "Expected no termination between 30 s and 40 s, but the app was terminated once:") == true)
    }

    @Test func aWindowPastTheRunsTimeIsReportedNotHalfChecked() {
        var run = BackgroundTestRun(configuration: .none, iOS: .v17, scenario: .blank())
        run.advance(by: .minutes(10))
        let failures = ExpectationFailure.collect {
            #expect(!run.expectNoTermination(during: .minutes(5) ... .minutes(20)))
        }
        #expect(
            failures.map(\.message) == [
                "expectNoTermination looks at 5 min 00 s to 20 min 00 s, but the run has only reached 10 min 00 s. "
                    + "Advance the run to the window's end first."
            ])
        #expect(failures.map(\.kind) == [.noTermination])
    }

    /// `.since(mark)` is the window from a moment of the test to wherever the run is when the
    /// expectation looks.
    @Test func aWindowSinceAMarkEndsAtTheRunsTime() throws {
        var run = try ReportingTests.killedRun()  // killed at 40 s
        let mark = run.now
        #expect(mark == .minutes(2))
        run.advance(by: .minutes(3))
        #expect(run.expectNoTermination(during: .since(mark)))
        let failures = ExpectationFailure.collect {
            run.expectNoTermination(during: .since(.seconds(30)))
            run.expectNoTermination(during: .seconds(30) ... .minutes(5))
        }
        #expect(failures.map(\.window) == [.seconds(30) ... .minutes(5), .seconds(30) ... .minutes(5)])
        #expect(
            failures.map(\.message).allSatisfy { $0.hasPrefix("Expected no termination between 30 s and 5 min 00 s,") })
    }
}
