import Foundation
import WakefulTesting
import XCTest

/// The same library from an XCTest case: expectations report through `XCTFail`, and
/// `ExpectationFailure.collect` shows the failing ones (XCTest on Linux has no `XCTExpectFailure`).
final class BackgroundTestRunXCTests: XCTestCase {
    func testGasStationTriggersOnIOS12() throws {
        var run = BackgroundTestRun(
            configuration: try .named("TaskExtension"), iOS: .v12, scenario: try BuiltinScenarios.load("gas-station"))
        run.runToEnd()
        XCTAssertTrue(run.expectTriggered(within: 3))
        XCTAssertTrue(run.expectBackgroundTasksAlwaysEnded())
    }

    func testGasStationDoesNotTriggerOnIOS17AndSaysWhy() throws {
        var run = BackgroundTestRun(
            configuration: try .named("TaskExtension"), iOS: .v17, scenario: try BuiltinScenarios.load("gas-station"))
        run.runToEnd()
        let line = #line + 1
        let failures = ExpectationFailure.collect { run.expectTriggered(within: 3) }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(
            failures.first?.message.contains("23 m from the beacon (taskExpired [STATE-1, TASK-1, TASK-6, TASK-12])")
                == true)
    }

    func testForceQuitOnIOS26Point4LeavesTheAppDown() {
        // 26.4.2 relaunched nothing after a force-quit (LOC-28); 26.2.1 still did (CONF-5).
        var run = BackgroundTestRun(
            configuration: .none, iOS: IOSVersion(26, 4), scenario: .blank(app: TripApp.geofencedApp))
        run.openApp()
        run.pressHome()
        run.forceQuit()
        run.exitRegion("home")
        run.advance(by: .minutes(2))
        XCTAssertEqual(run.appState, .notRunning)
        XCTAssertTrue(run.expectNoTermination())
    }
}
