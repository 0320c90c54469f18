import Foundation
import Testing
import WakefulTestSupport
import WakefulTesting

/// A run prints as one line wherever a test report shows it: a failed `#expect` prints the values
/// of its expression, and a run's default description was its whole device and timeline
/// (25 KB for ten minutes, hundreds for a trip).
@Suite("A run prints in one line", .watchdog, .cpuBound)
struct RunDescriptionTests {
    static let line = "BackgroundTestRun(TaskChaining, iOS 17, \"stay-logged-in\", at 2 min 00 s, notRunning)"

    @Test func everyDescriptionIsOneLine() throws {
        let run = try ReportingTests.killedRun()
        #expect(String(describing: run) == Self.line)
        #expect(String(reflecting: run) == Self.line)
        #expect(String(describingForTest: run) == Self.line)
        var dumped = ""
        dump(run, to: &dumped)
        #expect(dumped.utf8.count < 300, "dump: \(dumped)")
    }

    /// Wrapped in `#expect`, a failing expectation reports twice (its own message, then the
    /// expression's values): the second names the run in one line.
    @Test func aRunInsideExpectPrintsOneLine() throws {
        let run = try ReportingTests.killedRun()
        withKnownIssue {
            #expect(run.expectNoTermination())
        } matching: { issue in
            guard case .expectationFailed = issue.kind else { return true }  // the expectation's own report
            return issue.description.count < 300 && issue.description.contains(Self.line)
        }
    }
}
