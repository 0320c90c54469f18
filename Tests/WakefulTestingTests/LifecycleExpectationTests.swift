import Foundation
import Testing
import WakefulTestSupport
import WakefulTesting

/// Relaunches, wakes by source, the app's state at a moment and record counts: each holds where
/// the timeline shows it and fails with what happened instead, when, and the rules.
@Suite("Lifecycle and count expectations", .watchdog, .cpuBound)
struct LifecycleExpectationTests {
    /// The geofenced app, force-quit in the background, then the user leaves home.
    static func leftHomeAfterAForceQuit(_ ios: IOSVersion) -> BackgroundTestRun {
        var run = BackgroundTestRun(configuration: .none, iOS: ios, scenario: .blank(app: TripApp.geofencedApp))
        run.openApp()
        run.pressHome()
        run.forceQuit()
        run.exitRegion("home")
        run.advance(by: .minutes(5))
        return run
    }

    // MARK: Relaunches and wakes

    @Test func aRegionExitRelaunchesTheAppOnIOS17() {
        let run = Self.leftHomeAfterAForceQuit(.v17)
        #expect(run.expectRelaunched())
        #expect(run.expectWoken(by: .region))
        #expect(run.expectRelaunched(during: .minutes(1) ... .minutes(5)))
    }

    @Test func aRefusedRelaunchNamesTheForceQuitAndTheRule() throws {
        let run = Self.leftHomeAfterAForceQuit(IOSVersion(26, 4))
        let failures = ExpectationFailure.collect {
            run.expectRelaunched()
            run.expectWoken(by: .region)
        }
        #expect(failures.map(\.kind) == [.relaunched, .woken])
        let relaunch = try #require(failures.first)
        #expect(
            relaunch.message.hasPrefix(
                "Expected iOS to relaunch the app at least once, but it did not by 5 min 00 s.\n"))
        #expect(relaunch.message.contains("- at 0 s: userForceQuit [TERM-1]"))
        #expect(relaunch.message.contains("relaunchSuppressed (region): "))
        #expect(relaunch.rules.contains("TERM-1"))
        let wake = try #require(failures.last)
        #expect(
            wake.message.hasPrefix(
                "Expected at least one wake by a geofence crossing (region), but there was none by 5 min 00 s. "
                    + "Nothing else woke the app either.\nMeanwhile the timeline shows:\n"))
    }

    @Test func anAppNeverTerminatedIsNotRelaunchedAndSaysWhy() {
        var run = BackgroundTestRun(configuration: .none, iOS: .v17, scenario: .blank())
        run.openApp()
        run.advance(by: .minutes(1))
        let failures = ExpectationFailure.collect { run.expectRelaunched() }
        #expect(
            failures.map(\.message) == [
                "Expected iOS to relaunch the app at least once, but it did not by 1 min 00 s: the app was never terminated, "
                    + "and only a terminated app is relaunched."
            ])
    }

    @Test func aRunningAppNeedsNoWake() {
        let run = StrategyGapTests.motionAware(drivesAfter: .minutes(10), drives: false)
        let failures = ExpectationFailure.collect { run.expectWoken(by: .significantChange, atLeast: 2) }
        #expect(
            failures.map(\.message) == [
                "Expected at least 2 wakes by a significant location change (significantChange), but there was none by "
                    + "10 min 00 s. Nothing else woke the app either. The app was running throughout, so nothing needed "
                    + "to wake it."
            ])
    }

    // MARK: The app's state at a moment

    @Test func theStateAtAMomentAndNow() {
        var run = BackgroundTestRun(configuration: .none, iOS: .v17, scenario: .blank())
        run.openApp()
        let home = run.now
        run.pressHome()
        run.advance(by: .seconds(10))
        #expect(run.expectAppState(.suspended))
        #expect(run.expectAppState(.background, at: home))
        let failures = ExpectationFailure.collect {
            run.expectAppState(.background)
            run.expectAppState(.suspended, at: .minutes(5))
        }
        #expect(
            failures.map(\.message) == [
                "Expected the app to be background at 10 s, but it was suspended, since 5 s: graceEnded [STATE-1, STATE-4, "
                    + "STATE-5]. It was last background from 0 s to 5 s.",
                "expectAppState looks at 5 min 00 s to 5 min 00 s, but the run has only reached 10 s. Advance the run to "
                    + "the window's end first.",
            ])
        #expect(failures.first?.rules == ["STATE-1", "STATE-4", "STATE-5"])
    }

    // MARK: Record counts

    @Test func aRideRecordsEverySecond() throws {
        let run = try ExpectationTests.trip("LocationPulse")
        #expect(run.expectRecords("location", atLeast: 990))
        #expect(run.expectRecords("location", atLeast: 500, during: .seconds(500) ... .seconds(1000)))
    }

    @Test func aShortCountSaysHowManyAndWhy() throws {
        let run = try ExpectationTests.trip("RelaunchOnMovement")
        let failures = ExpectationFailure.collect { run.expectRecords("location", atLeast: 1000) }
        let failure = try #require(failures.first)
        #expect(failure.kind == .records)
        #expect(failure.message.hasPrefix("Expected at least 1000 \"location\" records, but the app made "))
        #expect(
            failure.message.hasSuffix(
                "The longest stretch without one lasted 5 min 00 s: from 0 s to 5 min 00 s.\n"
                    + "Cause: suspended after leaving the foreground [STATE-1, STATE-4, STATE-5]; ended by significantChangeWake."
            ))
        #expect(failure.gaps.count == 1)
    }
}
