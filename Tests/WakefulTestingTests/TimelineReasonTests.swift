import Foundation
import Testing
import WakefulTestSupport
import WakefulTesting

/// A failure says what the timeline says: a gap still going is open, not "ended by" whatever
/// last woke the app, and what iOS refused in it is named with its rule.
@Suite("Failures in the timeline's own words", .watchdog, .cpuBound)
struct TimelineReasonTests {
    /// An app that logs locations but never starts them, opened and sent to the background; a
    /// silent push wakes it at 5 min without a record.
    static func wokenWithoutRecording() throws -> BackgroundTestRun {
        var app = AppConfiguration(backgroundModes: [.remoteNotification], features: [.locationLog])
        app.outbox = OutboxSpec(upload: nil)
        var run = BackgroundTestRun(configuration: .none, iOS: .v17, scenario: .blank(app: app))
        run.openApp()
        run.pressHome()
        run.advance(by: .minutes(5))
        run.sendSilentPush(id: "wake")
        run.advance(by: .minutes(5))
        return run
    }

    /// An app woken by a push it does not record for: the gap in its records is still open, as
    /// the wake did not end it (a message used to say "ended by pushWake").
    @Test func aGapStillGoingIsOpenNotEndedByTheLastWake() throws {
        let run = try Self.wokenWithoutRecording()
        #expect(
            run.timeline.contains { if case .state(let change) = $0.body { change.cause == "pushWake" } else { false } }
        )
        let failures = ExpectationFailure.collect { run.expectNoGap(longerThan: .minutes(1), in: .records("location")) }
        let failure = try #require(failures.first)
        #expect(failure.gaps.map(\.endedBy) == [Gap.stillOpen])
        #expect(!failure.message.contains("ended by"))
        #expect(failure.message.contains("; still open at the end of the run (10 min 00 s)."))
    }

    @Test func aGapTheWakeEndedSaysSo() throws {
        let run = try Self.wokenWithoutRecording()
        // execution: the push ended it
        let failures = ExpectationFailure.collect { run.expectNoGap(longerThan: .seconds(30)) }
        #expect(failures.first?.gaps.first.map { [$0.from, $0.to] } == [5, 300])
        #expect(failures.first?.message.contains("; ended by pushWake.") == true)
    }

    /// A push dropped for a missing background mode: the gap's message names the timeline's
    /// `pushNotDelivered` and its rule, not only the suspension.
    @Test func aMissingBackgroundModeIsNamedBesideTheGap() throws {
        var run = BackgroundTestRun(
            configuration: .custom(PushTrigger()), iOS: .v17,
            scenario: .blank(app: AppConfiguration(backgroundModes: [.location])))
        run.openApp()
        run.pressHome()
        run.advance(by: .minutes(5))
        run.sendSilentPush(id: "start")
        run.advance(by: .minutes(5))
        let failures = ExpectationFailure.collect { run.expectNoGap(longerThan: .minutes(1)) }
        let failure = try #require(failures.first)
        #expect(
            failure.message.hasSuffix(
                "\nIn that gap the timeline shows:\n- at 5 min 00 s: pushNotDelivered (start): UIBackgroundModes lacks remote-notification [PUSH-1]"
            ))
        #expect(failure.rules == ["PUSH-1", "STATE-1", "STATE-4", "STATE-5"])
        let entry = try #require(failure.entries.first)
        #expect(entry.time == 300)
        guard case .decision(let decision) = entry.body else {
            Issue.record("expected a decision, got \(entry.kind)"); return
        }
        #expect(
            decision.name == "pushNotDelivered"
                && decision.fields["why"] == "UIBackgroundModes lacks remote-notification")
    }

    @Test func repeatedRefusalsAreCountedOnOneLine() throws {
        var run = BackgroundTestRun(
            configuration: .custom(PushTrigger()), iOS: .v17,
            scenario: .blank(app: AppConfiguration(backgroundModes: [.location])))
        run.openApp()
        run.pressHome()
        for id in ["a", "b", "c"] {
            run.advance(by: .minutes(5))
            run.sendSilentPush(id: id)
        }
        run.advance(by: .minutes(1))
        let failures = ExpectationFailure.collect { run.expectNoGap(longerThan: .minutes(1)) }
        #expect(
            failures.first?.message.hasSuffix(
                "- at 5 min 00 s: pushNotDelivered (a): UIBackgroundModes lacks remote-notification [PUSH-1] (3 times, the last at 15 min 00 s)"
            ) == true)
        #expect(failures.first?.entries.count == 1)
    }

    @Test func aTriggerThatNeverFiredNamesWhatWasRefusedSince() throws {
        var scenario = try BuiltinScenarios.load("gas-station")
        scenario.app.locationAuthorization = .whenInUse
        var run = BackgroundTestRun(configuration: try .named("TaskExtension"), iOS: .v12, scenario: scenario)
        run.runToEnd()
        let failures = ExpectationFailure.collect { run.expectTriggered(within: 3) }
        let failure = try #require(failures.first)
        #expect(failure.message.contains("\nSince then the timeline shows:\n- at "))
        #expect(failure.message.contains("locationAuthorization whenInUse [BEACON-1, LOC-16]"))
        #expect(failure.rules.contains("LOC-16"))
    }

    /// iOS 13+ ignores the fetch interval the job scheduler sets for iOS 12 and earlier, by design:
    /// a gap in records does not cite it (nor send the reader to the Info.plist), and a job's
    /// failure, which it bears on, says what it is. What iOS refused of the app's jobs stays in both.
    @Test func theJobSchedulersFetchIntervalIsCitedOnlyWhereItBears() throws {
        let backup = Job(id: "backup", interval: 3600, expectedDuration: 60, requiresExternalPower: true)
        var run = BackgroundTestRun(
            strategies: [], agent: AgentConfiguration(jobs: JobScheduler.Options(jobs: [backup])), iOS: .v17)
        run.setLowPowerMode(true)
        run.openApp()
        run.pressHome()
        run.advance(by: .minutes(20))
        let failures = ExpectationFailure.collect {
            run.expectNoGap(longerThan: .minutes(1), in: .records("backup"))  // from the launch, as the refusals
            run.expectJobRan("backup")
        }
        #expect(failures.map(\.kind) == [.noGap, .jobRan])
        let gap = try #require(failures.first)
        #expect(!gap.message.contains("setMinimumBackgroundFetchInterval"))
        #expect(!gap.rules.contains("BGT-1"))
        let job = try #require(failures.last)
        #expect(
            job.message.contains(
                "- at 0 s: setMinimumBackgroundFetchInterval (JobScheduler) ignored, as iOS 13 and later do "))
        #expect(!job.message.contains("commandRefused"))
        let refused = "taskSubmitFailed (com.wakeful.jobs.processing): Background App Refresh off [BGT-9, BGT-12]"
        #expect(gap.message.contains(refused) && job.message.contains(refused), "\(gap.message)\n\(job.message)")
    }
}
