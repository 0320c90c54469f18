import Foundation
import Testing
import WakefulTestSupport
import WakefulTesting

/// Every expectation holds where it should and fails where it should, with a message that says
/// what happened, when and why. The failing cases run inside `withKnownIssue`, which itself fails
/// if no matching issue is recorded: no expectation can pass silently.
@Suite("Expectations", .watchdog, .cpuBound)
struct ExpectationTests {
    /// The trip app logging a 20 km drive with `setup`, then opened on arrival for a minute.
    static func trip(_ setup: String) throws -> BackgroundTestRun {
        var run = BackgroundTestRun(configuration: try .named(setup), iOS: .v17, scenario: .blank(app: TripApp.app))
        run.openApp()
        run.pressHome()
        run.move(along: TripApp.drive)
        run.advance(by: .seconds(1000))
        return run
    }

    static func gasStation(_ ios: IOSVersion) throws -> BackgroundTestRun {
        var run = BackgroundTestRun(
            configuration: try .named("TaskExtension"), iOS: ios, scenario: try BuiltinScenarios.load("gas-station"))
        run.runToEnd()
        return run
    }

    // MARK: Holding

    @Test func aLocationPulseTripHoldsEveryExpectation() throws {
        var run = try Self.trip("LocationPulse")
        #expect(run.expectNoGap(longerThan: .seconds(5), in: .records("location")))
        run.openApp()
        run.advance(by: .minutes(1))
        #expect(run.expectEveryRecordUploadedExactlyOnce())
        #expect(run.expectBackgroundTasksAlwaysEnded())
        #expect(run.expectNoTermination())
    }

    @Test func theGasStationTriggersAtThePumpOnIOS12() throws {
        let run = try Self.gasStation(.v12)
        #expect(run.expectTriggered(within: 3))
        #expect(run.expectTriggered(within: 3, of: .beacon("pump-4")))
        #expect(run.expectBackgroundTasksAlwaysEnded())
    }

    // MARK: Failing, with the message

    @Test func expectTriggeredNamesWhereAndWhyTheAppStopped() throws {
        let run = try Self.gasStation(.v17)
        withKnownIssue {
            run.expectTriggered(within: 3)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                "Expected a trigger within 3.0 m of the trigger's beacon, but it had not fired by 18 min 20 s: the app stopped "
                    + "executing at 14 min 57 s, 23 m from the beacon (taskExpired [STATE-1, TASK-1, TASK-6, TASK-12]) and did "
                    + "not run again: suspended after task expiry."
            ]
        }
    }

    @Test func expectTriggeredNamesTheDistanceWhenTooFar() throws {
        let run = try Self.gasStation(.v12)
        withKnownIssue {
            run.expectTriggered(within: 3, of: .point(LocalPoint(east: 100, north: 0)))
        } matching: { issue in
            let message = issue.comments.first?.rawValue ?? ""
            return message.hasPrefix("Expected a trigger within 3.0 m of (100.0 m east, 0.0 m north), but it fired at ")
                && message.contains("99 m away, estimated ")
        }
    }

    @Test func expectNoGapNamesTheGapAndItsCause() throws {
        let run = try Self.trip("RelaunchOnMovement")
        withKnownIssue {
            run.expectNoGap(longerThan: .seconds(10), in: .records("location"))
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                "Expected no gap in \"location\" records longer than 10 s, but one lasted 5 min 00 s: from 0 s to 5 min 00 s.\n"
                    + "Cause: suspended after leaving the foreground [STATE-1, STATE-4, STATE-5]; ended by significantChangeWake."
            ]
        }
    }

    @Test func expectNoGapInExecutionNamesTheRuleThatSuspendedTheApp() throws {
        let run = try Self.gasStation(.v12)
        withKnownIssue {
            run.expectNoGap(longerThan: .minutes(1))
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                "Expected no gap in execution longer than 1 min 00 s, but one lasted 11 min 25 s: from 3 min 06 s to 14 min 31 s.\n"
                    + "Cause: suspended after task expiry [STATE-1, TASK-1, TASK-3, TASK-12]; ended by beaconRegionWake."
            ]
        }
    }

    @Test func expectBackgroundTasksAlwaysEndedNamesTheTaskLeftOpen() throws {
        var run = BackgroundTestRun(
            configuration: try .named("TaskChaining"), iOS: .v17, scenario: try BuiltinScenarios.load("stay-logged-in"))
        run.advance(by: .minutes(2))
        withKnownIssue {
            run.expectBackgroundTasksAlwaysEnded()
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                "Expected every background task to be ended, but iOS killed the app once for work left open:\n"
                    + "- at 40 s: a background task was still open when its time ran out [TASK-13, TERM-6, code 0x2182bad2]\n"
                    + "Tasks left open: TaskChaining#4. End each task in its expiration handler."
            ]
        }
    }

    @Test func expectNoTerminationListsEachTermination() throws {
        var run = BackgroundTestRun(
            configuration: try .named("RelaunchOnMovement"), iOS: .v17,
            scenario: try BuiltinScenarios.load("freeway-drive"))
        run.runToEnd()
        withKnownIssue {
            run.expectNoTermination()
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                "Expected no termination, but the app was terminated once:\n- at 2 min 00 s: memoryPressure [STATE-3]"
            ]
        }
    }

    /// Counting the records of the last seconds as pending (`settlingTime: .zero`): the trip's
    /// last batch is still on the phone.
    @Test func expectEveryRecordUploadedExactlyOnceNamesWhatIsStillOnThePhone() throws {
        let run = try Self.trip("LocationPulse")
        withKnownIssue {
            run.expectEveryRecordUploadedExactlyOnce(settlingTime: .zero)
        } matching: { issue in
            let message = issue.comments.first?.rawValue ?? ""
            return message.hasPrefix("Expected every record to be uploaded exactly once by 16 min 40 s, but of ")
                && message.contains(" still pending on the phone.\nNot on the server: location #")
                && message.contains("Upload attempts: 200: ")
        }
    }

    @Test func expectEveryRecordUploadedExactlyOnceNeedsAnOutbox() throws {
        let run = try Self.gasStation(.v17)
        withKnownIssue {
            run.expectEveryRecordUploadedExactlyOnce()
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                "Expected every record to be uploaded exactly once, but the app keeps no outbox. "
                    + "Give the scenario's app one: `app.outbox = OutboxSpec()`."
            ]
        }
    }
}

/// Expectations that would otherwise hold vacuously fail and say so.
@Suite("Expectations with nothing to check", .watchdog, .cpuBound)
struct VacuousExpectationTests {
    @Test func anAppThatNeverRanHasOneGapTheWholeRun() {
        var run = BackgroundTestRun(configuration: .none, iOS: .v17, scenario: .blank())
        run.advance(by: .minutes(10))
        withKnownIssue {
            run.expectNoGap(longerThan: .minutes(1))
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                "Expected no gap in execution longer than 1 min 00 s, but one lasted 10 min 00 s: from 0 s to 10 min 00 s.\n"
                    + "Cause: the app never ran; still open at the end of the run (10 min 00 s)."
            ]
        }
    }

    @Test func anOutboxWithNothingOfTheAppsOwnIsNotAPass() {
        var run = BackgroundTestRun(configuration: .none, iOS: .v17, scenario: .blank(app: TripApp.app))
        run.openApp()
        run.advance(by: .seconds(5))
        withKnownIssue {
            run.expectEveryRecordUploadedExactlyOnce()
        } matching: { issue in
            let message = issue.comments.first?.rawValue ?? ""
            return message.hasPrefix(
                "Expected every record to be uploaded exactly once, but the app committed no records of its own by 5 s ("
            )
                && message.hasSuffix(
                    "timeline entries): there is nothing to check. Advance the run until the app records something.")
        }
    }
}
