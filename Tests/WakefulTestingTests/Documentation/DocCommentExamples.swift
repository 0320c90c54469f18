import Foundation
import Testing
import WakefulTestSupport
import WakefulTesting
import XCTest

// The examples of WakefulTesting's doc comments, word for word, each in a test named after the
// symbol it documents: DocumentationExamplesTests fails when one differs from its source.

@Suite("The doc comments' examples", .watchdog, .cpuBound)
struct DocCommentExamples {
    // BackgroundTestRun (Sources/WakefulTesting/BackgroundTestRun.swift)
    @Test func gasStationTriggerOnIOS12() throws {
        var run = BackgroundTestRun(
            configuration: try .named("TaskExtension"), iOS: .v12, scenario: try BuiltinScenarios.load("gas-station"))
        run.advance(by: .minutes(18))  // the walk to pump 4 takes 15 min
        run.expectTriggered(within: 3)
        run.expectBackgroundTasksAlwaysEnded()
    }

    // BackgroundTestRun, the shipped configuration (Sources/WakefulTesting/BackgroundTestRun.swift)
    @Test func backgroundTestRunOfTheShippedConfiguration() {
        var run = BackgroundTestRun(strategies: AppSetup.strategies, agent: AppSetup.agent, iOS: .v17)
        run.openApp()
        #expect(run.device.setup.name == "LocationPulse+LocationLogger")
        #expect(run.device.scenario.app.agent == AppSetup.agent)
    }

    // Scenario.blank(duration:app:device:world:) (Sources/WakefulTesting/Scenario+Blank.swift)
    @Test func scenarioBlank() {
        var app = AppConfiguration(features: [.locationLog])
        app.outbox = OutboxSpec()
        var run = BackgroundTestRun(configuration: .none, iOS: .v17, scenario: .blank(app: app))
        run.openApp()
        #expect(run.appState == .active)
    }

    // expectNoGap(longerThan:in:during:) (Sources/WakefulTesting/BackgroundTestRun+Expectations.swift)
    @Test func expectNoGapDuringARide() throws {
        var run = try ExpectationTests.trip("LocationPulse")  // the ride: 1000 s
        run.advance(by: .hours(1))  // parked
        run.expectNoGap(longerThan: .seconds(5), in: .records("location"), during: .seconds(0) ... .seconds(1000))
    }

    // expectPushDelivered(_:during:) (Sources/WakefulTesting/BackgroundTestRun+DeliveryExpectations.swift)
    @Test func expectPushDelivered() throws {
        var run = BackgroundTestRun(
            configuration: try .named("PushTrigger"), iOS: .v17, scenario: .blank(app: TripApp.app))
        run.openApp()
        run.pressHome()
        run.advance(by: .minutes(5))
        run.sendSilentPush(id: "start")
        run.expectPushDelivered("start")
    }

    // expectJobRan(_:during:) (Sources/WakefulTesting/BackgroundTestRun+DeliveryExpectations.swift)
    @Test func expectJobRan() {
        var run = BackgroundTestRun(strategies: AppSetup.strategies, agent: AppSetup.agent, iOS: .v17)
        run.openApp()
        run.advance(by: .minutes(30))
        run.expectJobRan("sync", during: .minutes(0) ... .minutes(30))
    }

    // expectRecords(_:atLeast:during:) (Sources/WakefulTesting/BackgroundTestRun+RecordExpectations.swift)
    @Test func expectRecords() throws {
        let run = try ExpectationTests.trip("LocationPulse")  // the ride: 1000 s
        run.expectRecords("location", atLeast: 900, during: .seconds(0) ... .seconds(1000))
    }

    // expectEveryRecordUploadedExactlyOnce(settlingTime:) (Sources/WakefulTesting/BackgroundTestRun+RecordExpectations.swift)
    @Test func expectEveryRecordUploadedExactlyOnce() throws {
        var run = try ExpectationTests.trip("LocationPulse")
        run.advance(by: .minutes(2))
        run.expectEveryRecordUploadedExactlyOnce(settlingTime: .minutes(5))
    }

    // expectRelaunched(atLeast:during:) (Sources/WakefulTesting/BackgroundTestRun+LifecycleExpectations.swift)
    @Test func expectRelaunched() {
        var run = BackgroundTestRun(configuration: .none, iOS: .v17, scenario: .blank(app: TripApp.geofencedApp))
        run.openApp()
        run.pressHome()
        run.forceQuit()
        run.exitRegion("home")
        run.advance(by: .minutes(5))
        run.expectRelaunched()
    }

    // expectWoken(by:atLeast:during:) (Sources/WakefulTesting/BackgroundTestRun+LifecycleExpectations.swift)
    @Test func expectWoken() throws {
        let run = try ExpectationTests.trip("RelaunchOnMovement")  // suspended, woken by the drive's cell changes
        run.expectWoken(by: .significantChange, atLeast: 2)
    }

    // expectAppState(_:at:) (Sources/WakefulTesting/BackgroundTestRun+LifecycleExpectations.swift)
    @Test func expectAppState() {
        var run = BackgroundTestRun(configuration: .none, iOS: .v17, scenario: .blank())
        run.openApp()
        run.pressHome()
        run.advance(by: .seconds(10))
        run.expectAppState(.suspended)  // STATE-4: a few seconds after leaving the foreground
    }

    // now (Sources/WakefulTesting/BackgroundTestRun.swift)
    @Test func now() throws {
        var run = try ExpectationTests.trip("LocationPulse")
        let parked = run.now
        run.advance(by: .hours(2))
        run.expectNoTermination(during: .since(parked))
    }

    // ClosedRange.since(_:) (Sources/WakefulTesting/ExpectationWindow.swift)
    @Test func since() {
        var run = BackgroundTestRun(configuration: .none, iOS: .v17, scenario: .blank())
        run.openApp()
        run.plugIn()
        let unplugged = run.now
        run.unplug()
        run.advance(by: .hours(2))
        run.expectNoTermination(during: .since(unplugged))
    }

    // timelineText(from:to:) (Sources/WakefulTesting/BackgroundTestRun+Investigating.swift)
    @Test func timelineText() throws {
        let run = try ExpectationTests.gasStation(.v17)
        print(run.timelineText(from: .minutes(4), to: .minutes(6)))
    }

    // writeReport(to:) (Sources/WakefulTesting/BackgroundTestRun+Investigating.swift)
    @Test func writeReport() throws {
        let run = try ExpectationTests.trip("LocationPulse")
        try run.writeReport(to: FileManager.default.temporaryDirectory.appendingPathComponent("trip.html"))
    }

    // setNetwork(_:bandwidth:)'s example is DrivingTests.theNetworkGoesAndComesBack.

    // taskHistory (Sources/WakefulTesting/BackgroundTestRun+ScheduledTasks.swift)
    @Test func taskHistoryLastLaunch() throws {
        var run = try ScheduledTaskTests.refreshApp()
        run.advance(by: .minutes(1))
        run.perform(.memoryPressure)  // the suspended app is ended
        run.advance(by: .hours(24))
        let reason = run.taskHistory.launches.first?.reason  // .relaunch: iOS started the app for it
        #expect(reason == .relaunch)
    }

    // simulateTaskLaunch(_:) (Sources/WakefulTesting/BackgroundTestRun+ScheduledTasks.swift)
    @Test func simulateTaskLaunch() throws {
        var run = BackgroundTestRun(
            configuration: try .named("ScheduledRefresh"), iOS: .v17, scenario: .blank(duration: .hours(1)))
        run.openApp()
        run.pressHome()  // ScheduledRefresh submits its refresh
        run.simulateTaskLaunch("com.wakeful.refresh")
        run.expectTaskRan("com.wakeful.refresh")
    }

    // debugNotifications(_:) (Sources/WakefulTesting/BackgroundTestRun+ScheduledTasks.swift)
    @Test func debugNotificationsOfARun() throws {
        var run = try ScheduledTaskTests.refreshApp()
        run.advance(by: .minutes(1))
        run.perform(.memoryPressure)  // the suspended app is ended
        run.advance(by: .hours(24))
        let notes = run.debugNotifications(.fieldDebugging)
        #expect(notes.contains { $0.trigger == .relaunch })
    }
}

final class DocCommentXCTestExamples: XCTestCase {
    // ExpectationFailure.collect(_:) (Sources/WakefulTesting/ExpectationFailure.swift)
    func testCollect() throws {
        var run = BackgroundTestRun(
            configuration: try .named("TaskChaining"), iOS: .v17, scenario: try BuiltinScenarios.load("stay-logged-in"))
        run.advance(by: .minutes(2))
        let failures = ExpectationFailure.collect { run.expectNoTermination() }
        XCTAssertEqual(failures.count, 1)
    }
}
