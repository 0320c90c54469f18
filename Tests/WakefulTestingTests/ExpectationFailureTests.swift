import Foundation
import Testing
import WakefulTestSupport
import WakefulTesting

/// A failure is a value — kind, window, gaps, rules, cited entries, message, call site — and
/// still reads as one clear message wherever it is reported.
@Suite("ExpectationFailure as a value", .watchdog, .cpuBound)
struct ExpectationFailureTests {
    @Test func aGapFailureCarriesItsPartsAsFields() throws {
        let run = try ExpectationTests.gasStation(.v12)
        let line = #line + 1
        let failures = ExpectationFailure.collect { run.expectNoGap(longerThan: .minutes(1)) }
        let failure = try #require(failures.first)
        #expect(failure.kind == .noGap)
        #expect(failure.window == .zero ... .seconds(1100))
        let gap = try #require(failure.gaps.first)
        #expect(failure.gaps.count == 1)
        #expect(gap.from.rounded() == 186 && gap.to.rounded() == 871)  // 3 min 06 s to 14 min 31 s
        #expect(gap.cause == "suspended after task expiry" && gap.endedBy == "beaconRegionWake")
        #expect(gap.rules == ["STATE-1", "TASK-1", "TASK-3", "TASK-12"])
        #expect(failure.rules == ["STATE-1", "TASK-1", "TASK-3", "TASK-12"])
        #expect(failure.entries.isEmpty)
        #expect(failure.line == line && failure.fileID == #fileID)
        #expect(failure.description == "\(#fileID):\(line): \(failure.message)")
    }

    @Test func eachExpectationHasItsKind() throws {
        let killed = try ReportingTests.killedRun()
        let gasStation = try ExpectationTests.gasStation(.v17)
        let failures = ExpectationFailure.collect {
            killed.expectBackgroundTasksAlwaysEnded()
            killed.expectNoGap(longerThan: .seconds(10))
            gasStation.expectEveryRecordUploadedExactlyOnce()
            gasStation.expectTriggered(within: 3)
            killed.expectNoTermination()
            killed.expectPushDelivered()
            killed.expectJobRan("sync")
        }
        #expect(
            failures.map(\.kind) == [
                .backgroundTasksAlwaysEnded, .noGap, .everyRecordUploadedExactlyOnce, .triggered, .noTermination,
                .pushDelivered, .jobRan,
            ])
        #expect(failures.allSatisfy { !$0.message.isEmpty })
    }

    @Test func aKillCitesItsRules() throws {
        let run = try ReportingTests.killedRun()
        let failures = ExpectationFailure.collect { run.expectNoTermination() }
        #expect(failures.first?.rules == ["TASK-13", "TERM-6"])
        #expect(failures.first?.window == .zero ... .seconds(120))
    }

    @Test func aDrivingCallThatCouldNotBeDoneIsOfItsOwnKind() {
        var run = BackgroundTestRun(configuration: .none, iOS: .v17, scenario: .blank(duration: .minutes(1)))
        let failures = ExpectationFailure.collect { run.advance(by: .minutes(2)) }
        #expect(failures.map(\.kind) == [.driving])
        #expect(failures.first?.window == .seconds(0) ... .seconds(0))
    }
}
