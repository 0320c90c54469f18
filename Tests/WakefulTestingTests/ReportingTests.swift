import Foundation
import Testing
import WakefulTestSupport
import WakefulTesting

/// Failures point at the caller's line, under Swift Testing and through `collect`.
@Suite("Reporting failures", .watchdog, .cpuBound)
struct ReportingTests {
    static func killedRun() throws -> BackgroundTestRun {
        var run = BackgroundTestRun(
            configuration: try .named("TaskChaining"), iOS: .v17, scenario: try BuiltinScenarios.load("stay-logged-in"))
        run.advance(by: .minutes(2))
        return run
    }

    @Test func anIssueIsRecordedAtTheCallersLine() throws {
        let run = try Self.killedRun()
        let line = #line + 2
        withKnownIssue {
            run.expectNoTermination()
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
        }
    }

    @Test func collectHandsOverFailuresWithTheCallersLocation() throws {
        let run = try Self.killedRun()
        let line = #line + 1
        let failures = ExpectationFailure.collect { run.expectNoTermination() }
        let failure = try #require(failures.first)
        #expect(failures.count == 1)
        #expect(failure.line == line)
        #expect(failure.fileID == #fileID)
        #expect(failure.filePath == #filePath)
        #expect(failure.description.hasPrefix("\(#fileID):\(line): Expected no termination"))
    }

    @Test func collectGathersNothingWhenEverythingHolds() throws {
        var run = BackgroundTestRun(configuration: .none, iOS: .v17, scenario: .blank())
        run.openApp()
        let failures = ExpectationFailure.collect {
            run.expectNoTermination()
            run.expectBackgroundTasksAlwaysEnded()
        }
        #expect(failures.isEmpty)
    }
}
