import Foundation
import Testing
import WakefulTestSupport
import WakefulTesting

/// `expectPushDelivered` and `expectJobRan`: what reached the app, not only what was sent or
/// declared, and when it did not, the timeline's reason.
@Suite("Pushes delivered and jobs run", .watchdog, .cpuBound)
struct DeliveryExpectationTests {
    /// The push-triggered trip app, in the background (suspended) from 5 s.
    static func pushApp(lowPowerMode: Bool = false) throws -> BackgroundTestRun {
        var run = BackgroundTestRun(
            configuration: try .named("PushTrigger"), iOS: .v17, scenario: .blank(app: TripApp.app))
        run.openApp()
        run.pressHome()
        if lowPowerMode { run.setLowPowerMode(true) }
        run.advance(by: .minutes(5))
        return run
    }

    // MARK: Pushes

    @Test func aDeliveredPushHolds() throws {
        var run = try Self.pushApp()
        run.sendSilentPush(id: "start")
        #expect(run.expectPushDelivered("start"))
        #expect(run.expectPushDelivered())
        #expect(run.expectPushDelivered("start", during: .minutes(5) ... .minutes(5)))
    }

    @Test func aPushNeverSentIsSaidSo() throws {
        var run = try Self.pushApp()
        run.sendSilentPush(id: "start")
        let failures = ExpectationFailure.collect { run.expectPushDelivered("stop") }
        #expect(
            failures.map(\.message) == [
                "Expected push \"stop\" to be delivered to the app, but no push \"stop\" was sent by 5 min 00 s (sent: start). "
                    + "Send one with sendSilentPush(id:userInfo:) or send(_:)."
            ])
    }

    @Test func aPushHeldBackSaysWhyWithItsRules() throws {
        var run = try Self.pushApp(lowPowerMode: true)
        run.sendSilentPush(id: "start")
        let failures = ExpectationFailure.collect { run.expectPushDelivered("start") }
        let failure = try #require(failures.first)
        #expect(failure.kind == .pushDelivered)
        #expect(
            failure.message == """
                Expected push "start" to be delivered to the app, but it was not:
                - start, sent at 5 min 00 s: at 5 min 00 s pushHeld (start): held back in Low Power Mode [CONF-11, PUSH-9]
                """)
        #expect(failure.rules == ["CONF-11", "PUSH-9"])
        run.setLowPowerMode(false)  // PUSH-9: the held push goes out
        #expect(run.expectPushDelivered("start"))
    }

    @Test func aPushDeliveredOutsideTheWindowDoesNotCount() throws {
        var run = try Self.pushApp()
        run.sendSilentPush(id: "start")
        run.advance(by: .minutes(10))
        let failures = ExpectationFailure.collect {
            run.expectPushDelivered("start", during: .minutes(10) ... .minutes(15))
        }
        #expect(
            failures.first?.message.hasSuffix(
                "- start, sent at 5 min 00 s: at 5 min 00 s pushDelivered (start) [PUSH-1, PUSH-4]") == true)
    }

    // MARK: Jobs

    /// An app with one job that uploads for two minutes and needs the network.
    static func uploadingApp() -> BackgroundTestRun {
        let job = Job(id: "upload", interval: 600, expectedDuration: 120, requiresNetwork: true)
        return BackgroundTestRun(
            strategies: [], agent: AgentConfiguration(jobs: JobScheduler.Options(jobs: [job])), iOS: .v17)
    }

    @Test func aCompletedRunHolds() {
        var run = Self.uploadingApp()
        run.openApp()
        run.advance(by: .minutes(3))
        #expect(run.expectJobRan("upload"))
        #expect(run.expectJobRan("upload", during: .seconds(0) ... .minutes(3)))
    }

    @Test func aRunCutByTheNetworkSaysHowItEnded() throws {
        var run = Self.uploadingApp()
        run.openApp()
        run.advance(by: .seconds(30))
        run.setNetwork(.none)
        let failures = ExpectationFailure.collect { run.expectJobRan("upload") }
        let failure = try #require(failures.first)
        #expect(
            failure.message == """
                Expected job "upload" to run to completion, but its one run did not complete:
                - run 1, started at 0 s: failed at 30 s (network lost) [URLS-8]
                """)
        #expect(failure.rules == ["URLS-8"])
        #expect(failure.entries.count == 1)  // how the run ended
    }

    @Test func aRunStillGoingIsNotFinished() {
        var run = Self.uploadingApp()
        run.openApp()
        run.advance(by: .seconds(30))
        let failures = ExpectationFailure.collect { run.expectJobRan("upload") }
        #expect(
            failures.first?.message.hasSuffix(
                "but its one run did not complete:\n- run 1, started at 0 s: not finished by 30 s") == true)
        #expect(failures.first?.rules == ["STATE-1"])  // the run's start: in the foreground
    }

    /// Sent to the background, the run gets the background task's time, and is cancelled at its
    /// expiry (TASK-6) as the scheduler cannot checkpoint it.
    @Test func aRunCancelledAtTheTasksExpirySaysSo() {
        var run = Self.uploadingApp()
        run.openApp()
        run.advance(by: .seconds(30))
        run.pressHome()
        run.advance(by: .minutes(5))
        let failures = ExpectationFailure.collect { run.expectJobRan("upload") }
        #expect(failures.first?.message.hasSuffix("- run 1, started at 0 s: failed at 55 s (cancelled)") == true)
    }

    @Test func anUndeclaredJobIsNamedWithTheAppsJobs() {
        var run = Self.uploadingApp()
        run.openApp()
        let failures = ExpectationFailure.collect { run.expectJobRan("sync") }
        #expect(
            failures.map(\.message) == [
                "Expected job \"sync\" to run to completion, but the app declares no job \"sync\" (its jobs: upload). "
                    + "Declare it in the app's agent configuration: `AgentConfiguration(jobs: JobScheduler.Options(jobs: [Job(id: \"sync\", …)]))`."
            ])
    }

    /// Low Power Mode from the start: the job runs in the foreground, and the refresh request the
    /// scheduler then submits is refused (BGT-9, BGT-12), so nothing wakes the suspended app for it.
    /// A window that begins later still hears of it: the cause came before the window.
    @Test func aRefusalBeforeTheWindowIsNamedWithItsRules() throws {
        var run = Self.suspendedJobApp(lowPowerMode: true)
        let later = run.now
        run.advance(by: .hours(1))
        let failures = ExpectationFailure.collect { run.expectJobRan("sync", during: .since(later)) }
        let failure = try #require(failures.first)
        #expect(
            failure.message == """
                Expected job "sync" to run to completion between 10 min 00 s and 1 h 10 min 00 s, but no run of it \
                started by 1 h 10 min 00 s. Jobs run on the wakes iOS grants, and none was coming: iOS refused the job \
                scheduler's last request for one (com.wakeful.jobs.refresh) at 5 s, for the reason below.
                Before the window the timeline shows:
                - at 0 s: setMinimumBackgroundFetchInterval (JobScheduler) ignored, as iOS 13 and later do for an app \
                that lists BGTaskSchedulerPermittedIdentifiers: the job scheduler sets it for iOS 12 and earlier and \
                asks BGTaskScheduler for its wakes here [BGT-1, BGT-9]
                - at 5 s: taskSubmitFailed (com.wakeful.jobs.refresh): Background App Refresh off [BGT-9, BGT-12]
                """)
        #expect(failure.rules == ["BGT-1", "BGT-9", "BGT-12"])
        #expect(failure.entries.map(\.time) == [0, 5])
    }

    /// Without Low Power Mode the request is accepted: the failure points at the next wake.
    @Test func anAcceptedRequestPointsAtTheNextWake() {
        let run = Self.suspendedJobApp(lowPowerMode: false)
        let failures = ExpectationFailure.collect { run.expectJobRan("sync", during: .since(run.now)) }
        #expect(
            failures.first?.message.contains(
                "Jobs run on the wakes iOS grants: open the app, or advance the run to the app's next wake.") == true)
    }

    /// An app with one 15-minute job and no strategy, opened, sent to the background and left
    /// suspended for ten minutes.
    static func suspendedJobApp(lowPowerMode: Bool) -> BackgroundTestRun {
        var run = BackgroundTestRun(strategies: [], agent: AppSetup.agent, iOS: .v17)
        if lowPowerMode { run.setLowPowerMode(true) }
        run.openApp()
        run.pressHome()
        run.advance(by: .minutes(10))
        return run
    }
}
