import Foundation

#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// Sends a failure to the test framework that is running the current test.
enum FailureReporter {
    /// Reports `failure`: to ``ExpectationFailure/collect(_:)`` when one is collecting; as a Swift
    /// Testing issue inside a `@Test`; as `XCTFail` otherwise (an XCTest case).
    static func report(_ failure: ExpectationFailure, at site: CallSite) {
        if let collector = FailureCollector.current {
            collector.append(failure)
            return
        }
        #if canImport(Testing)
            if Test.current != nil {
                Issue.record(
                    Comment(rawValue: failure.message),
                    sourceLocation: SourceLocation(
                        fileID: failure.fileID, filePath: failure.filePath, line: failure.line, column: failure.column))
                return
            }
        #endif
        #if canImport(XCTest)
            XCTFail(failure.message, file: site.filePath, line: site.line)
        #else
            // Neither framework: say it where a developer running the tests will see it.
            FileHandle.standardError.write(Data("\(failure)\n".utf8))
        #endif
    }
}
