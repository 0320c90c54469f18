import Foundation

/// A failed expectation: what was expected, what happened instead and why, and where the test
/// asked.
public struct ExpectationFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The full message, as a test report shows it.
    public var message: String
    /// The calling file, as `#fileID` gives it (`MyAppTests/TripTests.swift`).
    public var fileID: String
    /// The calling file's path.
    public var filePath: String
    /// The calling line.
    public var line: Int
    /// The calling column.
    public var column: Int

    public var description: String { "\(fileID):\(line): \(message)" }

    /// Runs `body` and returns the failures its expectations found instead of reporting them.
    ///
    /// Use it to check an expectation's message, or from a harness of your own:
    ///
    /// ```swift
    /// let failures = ExpectationFailure.collect { run.expectNoTermination() }
    /// XCTAssertEqual(failures.count, 1)
    /// ```
    public static func collect(_ body: () throws -> Void) rethrows -> [ExpectationFailure] {
        let collector = FailureCollector()
        try FailureCollector.$current.withValue(collector) { try body() }
        return collector.failures
    }
}

/// Where ``ExpectationFailure/collect(_:)`` gathers failures; only its own task reads it.
final class FailureCollector: @unchecked Sendable {
    /// The collector of the innermost `collect` around the current task, if any.
    @TaskLocal static var current: FailureCollector?

    private let lock = NSLock()
    private var gathered: [ExpectationFailure] = []

    var failures: [ExpectationFailure] { lock.withLock { gathered } }

    func append(_ failure: ExpectationFailure) { lock.withLock { gathered.append(failure) } }
}
