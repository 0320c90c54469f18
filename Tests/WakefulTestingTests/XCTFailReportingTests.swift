import Foundation
import WakefulTesting
import XCTest

#if !canImport(ObjectiveC)
    /// Under XCTest a failed expectation is an `XCTFail` at the caller's file and line. This case
    /// catches its own failures (corelibs XCTest routes them through `recordFailure`) to check that.
    final class XCTFailReportingTests: XCTestCase {
        private var capturing = false
        private var recorded: [(description: String, file: String, line: Int)] = []

        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
        ) {
            guard capturing else {
                return super.recordFailure(
                    withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
            }
            recorded.append((description, filePath, lineNumber))
        }

        func testAFailedExpectationIsAnXCTFailAtTheCallersLine() throws {
            var run = BackgroundTestRun(
                configuration: try .named("TaskChaining"), iOS: .v17,
                scenario: try BuiltinScenarios.load("stay-logged-in"))
            run.advance(by: .minutes(2))
            capturing = true
            let line = #line + 1
            let held = run.expectNoTermination()
            capturing = false  // the assertions below report for real
            let failures = recorded
            XCTAssertFalse(held)
            XCTAssertEqual(failures.count, 1)
            XCTAssertEqual(failures.first?.line, line)
            XCTAssertEqual(failures.first?.file, "\(#filePath)")
            XCTAssertTrue(
                failures.first?.description.contains("taskAssertionTimeout [TASK-13, TERM-6, code 0x2182bad2]") == true)
        }
    }
#endif
