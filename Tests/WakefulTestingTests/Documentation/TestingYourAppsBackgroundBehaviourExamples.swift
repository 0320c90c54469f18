import Foundation
import Testing
import WakefulTestSupport
import WakefulTesting
import XCTest

// The examples of the article "Testing your app's background behaviour"
// (Sources/WakefulTesting/WakefulTesting.docc/TestingYourAppsBackgroundBehaviour.md), word for
// word: DocumentationExamplesTests fails when the two differ. The manifest's lines are in
// PackageManifestExamples.swift.

/// The trip-tracking app: logs every location it receives and uploads it through its outbox.
var tripApp: AppConfiguration {
    var app = AppConfiguration(locationAuthorization: .always, features: [.locationLog])
    app.outbox = OutboxSpec()
    return app
}

/// What the app hands to `WakefulApp.Configuration(strategies:agent:)` at launch.
enum AppSetup {
    static var strategies: [any Strategy] { [LocationPulse(), LocationLogger()] }
    static var agent: AgentConfiguration {
        AgentConfiguration(jobs: JobScheduler.Options(jobs: [Job(id: "sync", interval: 900, expectedDuration: 5)]))
    }
}

@Suite("The article's examples", .watchdog, .cpuBound)
struct TestingYourAppsBackgroundBehaviourExamples {
    @Test func theShippedConfigurationLogsATripAndSyncs() {
        var run = BackgroundTestRun(strategies: AppSetup.strategies, agent: AppSetup.agent, iOS: .v17)
        run.openApp()
        run.pressHome()
        run.move(along: [RouteLeg(destination: LocalPoint(east: 20_000, north: 0), speed: 20)])
        run.advance(by: .seconds(1000))
        run.expectNoGap(longerThan: .seconds(5), in: .records("location"))
        run.expectJobRan("sync")
    }

    @Test func aTripIsLoggedEverySecondAndUploaded() throws {
        var run = BackgroundTestRun(
            configuration: try .named("LocationPulse"), iOS: .v17, scenario: .blank(app: tripApp))
        run.openApp()
        run.pressHome()
        run.move(along: [RouteLeg(destination: LocalPoint(east: 20_000, north: 0), speed: 20)])
        run.advance(by: .seconds(1000))  // 20 km at 20 m/s

        run.expectNoGap(longerThan: .seconds(5), in: .records("location"))
        run.expectBackgroundTasksAlwaysEnded()
        run.expectNoTermination()

        run.openApp()  // on arrival: the uploader sends what is left
        run.advance(by: .minutes(1))
        run.expectEveryRecordUploadedExactlyOnce()
    }

    @Test func theBackupWaitsForTheCharger() {
        let backup = Job(id: "backup", interval: 3600, expectedDuration: 60, requiresExternalPower: true)
        var run = BackgroundTestRun(
            strategies: [], agent: AgentConfiguration(jobs: JobScheduler.Options(jobs: [backup])), iOS: .v17)
        run.openApp()
        run.pressHome()
        run.advance(by: .hours(3))
        withKnownIssue("a BGProcessingTask that needs power waits for the charger (BGT-5)") {
            run.expectJobRan("backup")
        }
        run.plugIn()
        run.advance(by: .hours(1))
        run.expectJobRan("backup", during: .hours(3) ... .hours(4))
    }

    @Test func recordsWaitForTheNetworkThenUpload() {
        var run = BackgroundTestRun(strategies: AppSetup.strategies, agent: AppSetup.agent, iOS: .v17)
        run.openApp()
        run.setNetwork(.none)  // out of coverage
        run.advance(by: .minutes(5))
        let offline = ExpectationFailure.collect { run.expectEveryRecordUploadedExactlyOnce() }
        #expect(offline.map(\.kind) == [.everyRecordUploadedExactlyOnce])
        #expect(offline.first?.rules == ["URLS-1"])  // "The network was off from 0 s to the end of the run …"
        run.setNetwork(.wifi)
        run.advance(by: .minutes(5))
        run.expectEveryRecordUploadedExactlyOnce()
    }

    @Test(arguments: [(IOSVersion.v17, 1), (IOSVersion(26, 4), 0)])
    func leavingHomeAfterAForceQuit(ios: IOSVersion, relaunches: Int) {
        let app = AppConfiguration(features: [.geofences([GeofenceSpec(id: "home", center: .zero, radius: 150)])])
        var run = BackgroundTestRun(configuration: .none, iOS: ios, scenario: .blank(app: app))
        run.openApp()
        run.pressHome()
        run.forceQuit()
        run.exitRegion("home")
        run.advance(by: .minutes(5))  // with Wi-Fi iOS takes 20 s to a few minutes to report the exit
        #expect(run.metrics.relaunches == relaunches)
    }

    @Test func theRideHasNoGapThoughTheParkedHoursDo() throws {
        var run = BackgroundTestRun(
            configuration: try .named("LocationPulse"), iOS: .v17, scenario: .blank(app: tripApp))
        run.openApp()
        run.pressHome()
        run.move(along: [RouteLeg(destination: LocalPoint(east: 20_000, north: 0), speed: 20)])
        run.advance(by: .seconds(1000))
        let ride = Duration.seconds(0) ... .seconds(1000)
        run.advance(by: .hours(2))  // parked

        run.expectNoGap(longerThan: .seconds(5), in: .records("location"), during: ride)
        run.expectRecords("location", atLeast: 990, during: ride)
        withKnownIssue("parked, LocationPulse samples once a minute") {
            run.expectNoGap(longerThan: .seconds(5), in: .records("location"))
        }
    }

    @Test func nothingKillsTheAppOnceItIsUnplugged() {
        var run = BackgroundTestRun(strategies: AppSetup.strategies, agent: AppSetup.agent, iOS: .v17)
        run.openApp()
        run.plugIn()
        run.advance(by: .hours(1))
        let unplugged = run.now
        run.unplug()
        run.advance(by: .hours(2))
        run.expectNoTermination(during: .since(unplugged))
        run.expectJobRan("sync", during: .since(unplugged))
    }

    @Test func aSilentPushNeedsTheRemoteNotificationMode() {
        let app = AppConfiguration(backgroundModes: [.location])  // Info.plist without remote-notification
        var run = BackgroundTestRun(strategies: [PushTrigger()], iOS: .v17, scenario: .blank(app: app))
        run.openApp()
        run.pressHome()
        run.advance(by: .minutes(5))
        run.sendSilentPush(id: "start")
        withKnownIssue("UIBackgroundModes lacks remote-notification (PUSH-1)") {
            run.expectPushDelivered("start")
        }
        run.advance(by: .minutes(5))
        withKnownIssue("nothing woke the app") {
            run.expectNoGap(longerThan: .minutes(1))
        }
    }

    @Test func leavingHomeRelaunchesTheAppOnIOS17() {
        let app = AppConfiguration(features: [.geofences([GeofenceSpec(id: "home", center: .zero, radius: 150)])])
        var run = BackgroundTestRun(configuration: .none, iOS: .v17, scenario: .blank(app: app))
        run.openApp()
        run.pressHome()
        run.advance(by: .seconds(10))
        run.expectAppState(.suspended)  // a few seconds after leaving the foreground (STATE-4)
        run.forceQuit()
        run.exitRegion("home")
        run.advance(by: .minutes(5))
        run.expectRelaunched()
        run.expectWoken(by: .region)
    }

    @Test func aSwipedAwayAppsRefreshStaysPending() throws {
        var run = BackgroundTestRun(
            configuration: try .named("ScheduledRefresh"), iOS: .v17, scenario: .blank(duration: .hours(30)))
        run.openApp()
        run.pressHome()  // ScheduledRefresh submits com.wakeful.refresh and com.wakeful.sync
        run.forceQuit()
        run.advance(by: .hours(24))
        run.expectTaskPending("com.wakeful.refresh")  // submitted, never launched
        withKnownIssue("force-quit by the user: no launch until the app is opened again (TERM-1)") {
            run.expectTaskRan("com.wakeful.refresh")
        }
        run.openApp()
        run.simulateTaskLaunch("com.wakeful.refresh")  // Xcode's debug launch, from the test
        run.expectTaskRan("com.wakeful.refresh")
    }

    @Test func theGasStationTriggerFailsOnIOS17() throws {
        var run = BackgroundTestRun(
            configuration: try .named("TaskExtension"), iOS: .v17, scenario: try BuiltinScenarios.load("gas-station"))
        run.runToEnd()
        withKnownIssue("iOS 13+ gives a background task about 30 s (TASK-6)") {
            run.expectTriggered(within: 3)
        }
    }

    @Test func theTrackerWaitsForTheFenceBeforeLogging() {
        var run = BackgroundTestRun(strategies: [MotionAwareTracking(), LocationLogger()], iOS: .v17)
        run.openApp()
        run.pressHome()
        run.move(along: [RouteLeg(destination: LocalPoint(east: 20_000, north: 0), speed: 20)])
        run.advance(by: .seconds(1000))
        withKnownIssue("stationary at launch, the GPS waits for the fence's exit") {
            run.expectNoGap(longerThan: .seconds(5), in: .records("location"))
        }
    }

    @Test func theTriggerFailureWithItsTimelineAndReport() throws {
        var run = BackgroundTestRun(
            configuration: try .named("TaskExtension"), iOS: .v17, scenario: try BuiltinScenarios.load("gas-station"))
        run.runToEnd()
        withKnownIssue("iOS 13+ gives a background task about 30 s (TASK-6)") {
            if !run.expectTriggered(within: 3) {
                print(run.timelineText(from: .seconds(890), to: .seconds(900)))  // the app stops at 14 min 57 s
                let report = FileManager.default.temporaryDirectory.appendingPathComponent("gas-station.html")
                try run.writeReport(to: report)
            }
        }
    }

    /// The messages the article quotes (its blocks without a language) are the ones these runs report.
    @Test func theQuotedMessagesAreTheOnesReported() throws {
        let quoted = try DocumentationSource.quotedMessages(in: "TestingYourAppsBackgroundBehaviour.md")

        var gasStation = BackgroundTestRun(
            configuration: try .named("TaskExtension"), iOS: .v17, scenario: try BuiltinScenarios.load("gas-station"))
        gasStation.runToEnd()
        var push = BackgroundTestRun(
            strategies: [PushTrigger()], iOS: .v17,
            scenario: .blank(app: AppConfiguration(backgroundModes: [.location])))
        push.openApp()
        push.pressHome()
        push.advance(by: .minutes(5))
        push.sendSilentPush(id: "start")
        push.advance(by: .minutes(5))
        var tracker = BackgroundTestRun(strategies: [MotionAwareTracking(), LocationLogger()], iOS: .v17)
        tracker.openApp()
        tracker.pressHome()
        tracker.move(along: [RouteLeg(destination: LocalPoint(east: 20_000, north: 0), speed: 20)])
        tracker.advance(by: .seconds(1000))
        let reported = ExpectationFailure.collect {
            gasStation.expectTriggered(within: 3)
            push.expectNoGap(longerThan: .minutes(1))
            tracker.expectNoGap(longerThan: .seconds(5), in: .records("location"))
        }
        #expect(quoted == reported.map { DocumentationSource.unwrapped($0.message) })
    }
}

final class TestingYourAppsBackgroundBehaviourXCTests: XCTestCase {
    func testTheTriggerFailsOnIOS17() throws {
        var run = BackgroundTestRun(
            configuration: try .named("TaskExtension"), iOS: .v17, scenario: try BuiltinScenarios.load("gas-station"))
        run.runToEnd()
        let failures = ExpectationFailure.collect { run.expectTriggered(within: 3) }
        XCTAssertEqual(failures.map(\.kind), [.triggered])
        XCTAssertEqual(failures.first?.rules, ["STATE-1", "TASK-1", "TASK-6", "TASK-12"])
    }
}
