import Foundation
import Wakeful
import WakefulSimulator

/// A failed expectation: which one, over which stretch of simulated time, the gaps and rules
/// behind it, the timeline entries it cites, the message, and where the test asked.
///
/// Swift Testing shows it as an issue and XCTest as an `XCTFail`, both with ``message`` at the
/// calling line; ``collect(_:)`` hands it over as a value to check field by field.
public struct ExpectationFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which expectation failed, or that a driving call could not be carried out.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// ``BackgroundTestRun/expectBackgroundTasksAlwaysEnded(during:fileID:filePath:line:column:)``.
        case backgroundTasksAlwaysEnded
        /// ``BackgroundTestRun/expectNoGap(longerThan:in:during:fileID:filePath:line:column:)``.
        case noGap
        /// ``BackgroundTestRun/expectEveryRecordUploadedExactlyOnce(settlingTime:fileID:filePath:line:column:)``.
        case everyRecordUploadedExactlyOnce
        /// ``BackgroundTestRun/expectTriggered(within:of:fileID:filePath:line:column:)``.
        case triggered
        /// ``BackgroundTestRun/expectNoTermination(includingUserActions:during:fileID:filePath:line:column:)``.
        case noTermination
        /// ``BackgroundTestRun/expectPushDelivered(_:during:fileID:filePath:line:column:)``.
        case pushDelivered
        /// ``BackgroundTestRun/expectJobRan(_:during:fileID:filePath:line:column:)``.
        case jobRan
        /// ``BackgroundTestRun/expectRecords(_:atLeast:during:fileID:filePath:line:column:)``.
        case records
        /// ``BackgroundTestRun/expectRelaunched(atLeast:during:fileID:filePath:line:column:)``.
        case relaunched
        /// ``BackgroundTestRun/expectWoken(by:atLeast:during:fileID:filePath:line:column:)``.
        case woken
        /// ``BackgroundTestRun/expectAppState(_:at:fileID:filePath:line:column:)``.
        case appState
        /// ``BackgroundTestRun/expectTaskPending(_:fileID:filePath:line:column:)``.
        case taskPending
        /// ``BackgroundTestRun/expectTaskRan(_:atLeast:during:fileID:filePath:line:column:)``.
        case taskRan
        /// A driving call (moving, advancing, acting) that could not be carried out.
        case driving
    }

    /// Which expectation failed.
    public var kind: Kind
    /// The stretch of simulated time looked at, from the start of the run: the expectation's
    /// `during:` window, or the whole run so far.
    public var window: ClosedRange<Duration>
    /// The gaps the failure is about: the one longer than the limit, or the stretch in which a
    /// trigger never came. A gap nothing had ended by the window's end has `endedBy` `Gap.stillOpen`.
    public var gaps: [Gap]
    /// The rules of the iOS background policy behind the failure, in reading order (`PUSH-1`,
    /// `STATE-4`, `TASK-6`).
    public var rules: [String]
    /// The timeline entries the message cites: what iOS refused, held back or deferred near a gap,
    /// a push's fate, a job's runs.
    public var entries: [TimelineEntry]
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
