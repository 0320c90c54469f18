import Foundation
import Testing
import WakefulTestSupport
import WakefulTesting

/// A gap the app spent running is its strategies' doing: the failure tells what they decided,
/// when, on which event, and what resumed the work, instead of "the app was running but did not
/// do the work".
@Suite("Gaps the app's own strategies made", .watchdog, .cpuBound)
struct StrategyGapTests {
    /// A trip tracker that goes stationary once the history says the user has been still, turns
    /// the GPS off and waits on a fence; the user drives off at `drivesAfter`.
    static func motionAware(drivesAfter: Duration, drives: Bool = true) -> BackgroundTestRun {
        var run = BackgroundTestRun(strategies: [MotionAwareTracking(), LocationLogger()], iOS: .v17)
        run.openApp()
        run.pressHome()
        run.advance(by: drivesAfter)
        if drives {
            run.move(along: TripApp.drive)
            run.advance(by: .seconds(1000))
        }
        return run
    }

    @Test func aGapTheStrategyMadeSaysWhatItDecidedAndWhatResumedIt() {
        let run = Self.motionAware(drivesAfter: .zero)
        let failures = ExpectationFailure.collect {
            run.expectNoGap(longerThan: .seconds(5), in: .records("location"))
        }
        #expect(
            failures.map(\.message) == [
                """
                Expected no gap in "location" records longer than 5 s, but one lasted 1 min 35 s: from 0.001 s to 1 min 35 s.
                Cause: the app was running, and its strategy MotionAwareTracking stopped the work:
                - at 0.001 s, on timerFired(MotionAwareTracking.stop), MotionAwareTracking recorded "stationary" and issued \
                stopUpdatingLocation, startMonitoring(MotionAwareTracking.stationary), startUpdatingLocation (3000 m)
                - at 1 min 35 s, regionExited(MotionAwareTracking.stationary) resumed it: MotionAwareTracking issued \
                startUpdatingLocation (10 m), stopMonitoring(MotionAwareTracking.stationary), queryActivityHistory.
                """
            ])
    }

    @Test func aGapNothingResumedSaysSo() {
        let run = Self.motionAware(drivesAfter: .minutes(10), drives: false)
        let failures = ExpectationFailure.collect {
            run.expectNoGap(longerThan: .seconds(5), in: .records("location"))
        }
        #expect(
            failures.first?.message.hasSuffix(
                "startUpdatingLocation (3000 m)\n- nothing had resumed it by the end of the run (10 min 00 s).") == true
        )
        #expect(failures.first?.gaps.map(\.endedBy) == [Gap.stillOpen])
    }

    /// A strategy that never stopped anything but chose coarse updates: the gap names that choice.
    @Test func aGapWithoutAStopNamesTheStrategysFirstDecisionInIt() throws {
        var app = TripApp.app
        app.outbox = nil
        var run = BackgroundTestRun(
            configuration: try .named("LowPowerLocationKeepAlive"), iOS: .v17, scenario: .blank(app: app))
        run.openApp()
        run.pressHome()
        run.move(along: TripApp.drive)
        run.advance(by: .seconds(1000))
        let failures = ExpectationFailure.collect {
            run.expectNoGap(longerThan: .seconds(10), in: .records("location"))
        }
        #expect(
            failures.first?.message.hasSuffix(
                "\nCause: the app was running but did not do the work; its strategies' first decision in it came at 0 s, "
                    + "on didFinishLaunching(user), LowPowerLocationKeepAlive issued startUpdatingLocation (3000 m).")
                == true)
    }

    /// A pulse that restarts the same updates decides nothing: parked, LocationPulse's gaps between
    /// fixes keep the simulator's plain cause.
    @Test func aRestartIsNotADecision() throws {
        var run = try ExpectationTests.trip("LocationPulse")
        run.advance(by: .hours(1))
        let failures = ExpectationFailure.collect {
            run.expectNoGap(longerThan: .seconds(5), in: .records("location"))
        }
        #expect(failures.first?.message.hasSuffix("\nCause: the app was running but did not do the work.") == true)
    }

    /// The same story explains the longest stretch of a record count that fell short.
    @Test func aShortCountTellsTheSameStory() throws {
        let run = Self.motionAware(drivesAfter: .zero)
        let failures = ExpectationFailure.collect {
            run.expectRecords("location", atLeast: 1000)
        }
        let message = try #require(failures.first?.message)
        #expect(message.hasPrefix("Expected at least 1000 \"location\" records, but the app made "))
        #expect(
            message.contains(
                "\nThe longest stretch without one lasted 1 min 35 s: from 0.001 s to 1 min 35 s.\n"
                    + "Cause: the app was running, and its strategy MotionAwareTracking stopped the work:\n"))
    }
}
