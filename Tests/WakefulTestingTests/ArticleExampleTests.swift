import Foundation
import Testing
import WakefulTesting
import XCTest

// The examples of the article "Testing your app's background behaviour"
// (Sources/WakefulTesting/WakefulTesting.docc/TestingYourAppsBackgroundBehaviour.md), word for
// word: change both together.

/// The trip-tracking app: logs every location it receives and uploads it through its outbox.
var tripApp: AppConfiguration {
    var app = AppConfiguration(locationAuthorization: .always, features: [.locationLog])
    app.outbox = OutboxSpec()
    return app
}

@Suite("The article's examples")
struct ArticleExampleTests {
    @Test func aTripIsLoggedEverySecondAndUploaded() throws {
        var run = BackgroundTestRun(configuration: try .named("LocationPulse"), iOS: .v17, scenario: .blank(app: tripApp))
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

    @Test(arguments: [(IOSVersion.v17, 1), (.v26, 0)])
    func leavingHomeAfterAForceQuit(ios: IOSVersion, relaunches: Int) {
        let app = AppConfiguration(features: [.geofences([GeofenceSpec(id: "home", center: .zero, radius: 150)])])
        var run = BackgroundTestRun(configuration: .none, iOS: ios, scenario: .blank(app: app))
        run.openApp()
        run.pressHome()
        run.forceQuit()
        run.exitRegion("home")
        run.advance(by: .minutes(2))
        #expect(run.metrics.relaunches == relaunches)
    }

    @Test func theGasStationTriggerFailsOnIOS17() throws {
        var run = BackgroundTestRun(
            configuration: try .named("TaskExtension"), iOS: .v17, scenario: try BuiltinScenarios.load("gas-station"))
        run.runToEnd()
        withKnownIssue("iOS 13+ gives a background task about 30 s (TASK-6)") {
            run.expectTriggered(within: 3)
        }
    }

    /// The landing page's example.
    @Test func gasStationPromptsAtThePumpOnIOS12() throws {
        var run = BackgroundTestRun(
            configuration: try .named("TaskExtension"), iOS: .v12, scenario: try BuiltinScenarios.load("gas-station"))
        run.runToEnd()
        run.expectTriggered(within: 3)
        run.expectBackgroundTasksAlwaysEnded()
    }
}

final class ArticleExampleXCTests: XCTestCase {
    func testTheTriggerFailsOnIOS17() throws {
        var run = BackgroundTestRun(
            configuration: try .named("TaskExtension"), iOS: .v17, scenario: try BuiltinScenarios.load("gas-station"))
        run.runToEnd()
        let failures = ExpectationFailure.collect { run.expectTriggered(within: 3) }
        XCTAssertEqual(failures.count, 1)
    }
}
