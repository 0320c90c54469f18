import Foundation

/// Where a test called an expectation: failures are reported there, not inside this library.
struct CallSite {
    var fileID: String
    var filePath: StaticString
    var line: UInt
    var column: UInt

    /// Reports a failure at this call site, or hands it to ``ExpectationFailure/collect(_:)``.
    func report(_ message: String) {
        FailureReporter.report(ExpectationFailure(message: message, fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)), at: self)
    }
}
