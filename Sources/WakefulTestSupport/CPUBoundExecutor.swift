import Foundation
import Testing

/// Runs a suite's tests on threads of their own instead of Swift's cooperative pool.
///
/// The cooperative pool has one thread per core (two on CI) and runs its jobs in turn. A test that
/// computes for seconds without suspending (a simulated day, a chaos run, a 63 MB Info.plist) holds
/// a pool thread all that time, and every other test's next step waits in line behind it: on a
/// busy machine, tests whose bodies take milliseconds (a server round trip, a database query) ran
/// past a one-minute time limit while they waited. Suites that compute carry `.cpuBound`: their
/// tests run on ``CPUBoundExecutor/shared``, whose threads the system schedules beside the pool's,
/// so a computing test takes its share of the processor and no more, and the pool stays free for
/// the tests that wait on I/O.
///
/// Such a suite carries no `.timeLimit`: Swift Testing starts a test's clock before its scope
/// traits run, so the time a test waits here for a thread counts against the limit (a 60 s limit
/// failed a test whose scope waited 75 s before a body that took nothing), and beside CPU hogs the
/// last computing tests wait many minutes. ``HangWatchdog`` is their hang detector: it tells a
/// stuck test from a queued one by whether the process still makes progress.
public struct CPUBound: TestFunctionScoping {
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            // A child task, whose first step is enqueued on the preferred executor: the preference
            // alone moves a body only at its first suspension, so a test began (and on a busy
            // machine sometimes went on) on the caller's pool thread (CPUBoundTests caught it).
            // The child inherits the test's task-locals, through which Swift Testing records
            // issues, and its cancellation.
            try await withTaskExecutorPreference(CPUBoundExecutor.shared) {
                async let body: Void = function()
                try await body
            }
        } else {
            try await function()
        }
    }
}

extension Trait where Self == CPUBound {
    /// Runs the tests on threads of their own, off the cooperative pool (``CPUBound``).
    public static var cpuBound: Self { CPUBound() }
}

/// A task executor with a fixed set of threads taking jobs from one queue in order.
///
/// As many threads as cores: more would only slice the same processors finer.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public final class CPUBoundExecutor: TaskExecutor, @unchecked Sendable {
    public static let shared = CPUBoundExecutor(threads: ProcessInfo.processInfo.activeProcessorCount)

    /// Guards `jobs` and wakes a thread when one arrives.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    init(threads: Int) {
        for index in 0..<max(1, threads) {
            // Named from inside: on Linux a thread starts with its creator's name, and a name is
            // at most 15 bytes.
            Thread { [self] in
                Thread.current.name = "cpu-bound-\(index)"
                Thread.current.threadDictionary[Self.marker] = true
                work()
            }.start()
        }
    }

    /// Whether the caller runs on one of the executor's threads. A mark in the thread's dictionary,
    /// not its name: on Linux a name read back was at times a dispatch worker's ("…oot.default-qos")
    /// on a thread that ran the executor's jobs, and the check failed one run in three.
    public static var isCurrentThread: Bool { Thread.current.threadDictionary[marker] as? Bool == true }

    private static let marker = "WakefulTestSupport.CPUBoundExecutor"

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
