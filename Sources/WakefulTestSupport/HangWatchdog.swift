import Foundation
import Testing

/// Ends the test process, naming every test still running, when a test outlives its time limit
/// and does not end when cancelled.
///
/// Swift Testing's `.timeLimit` fails a test that runs too long and cancels its task, but it then
/// waits for the task to end. A test stuck on a continuation that is never resumed (or in a
/// library that ignores cancellation) never ends, and neither does `swift test`: every thread
/// idles and the run must be killed from outside, which names nothing. The watchdog runs on a
/// thread of its own, so a starved or blocked cooperative pool cannot stop it: once a test has run
/// ``grace`` past its time limit it prints the tests still running, how long each has run and its
/// source location, and exits with status 1.
///
/// Every suite in this repository carries it (`scripts/lint.sh` checks): `@Suite("…", .watchdog)`.
public struct HangWatchdog: TestFunctionScoping {
    /// How long past its time limit a test may take to end after cancellation.
    public static let grace: Duration = .seconds(120)
    /// The limit of a test that has no `.timeLimit`.
    public static let defaultLimit: Duration = .seconds(15 * 60)

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let location = test.sourceLocation
        let entry = RunningTest(
            name: test.displayName ?? test.name, location: "\(location.fileID):\(location.line)",
            started: .now, limit: (test.timeLimit ?? Self.defaultLimit) + Self.grace)
        let token = Watchdog.shared.started(entry)
        defer { Watchdog.shared.ended(token) }
        try await function()
    }
}

extension Trait where Self == HangWatchdog {
    /// Ends the run naming the tests still running when one outlives its time limit (``HangWatchdog``).
    public static var watchdog: Self { HangWatchdog() }
}

/// One test function in flight.
struct RunningTest: Sendable {
    var name: String
    var location: String
    var started: ContinuousClock.Instant
    /// When the watchdog gives up on it: its time limit plus the grace.
    var limit: Duration
}

/// The tests in flight, and the thread that watches them.
final class Watchdog: @unchecked Sendable {
    static let shared = Watchdog(checkEvery: .seconds(5))

    /// How often the thread looks at the tests in flight.
    let interval: Duration

    init(checkEvery interval: Duration) {
        self.interval = interval
    }

    private struct State {
        var running: [UInt64: RunningTest] = [:]
        var nextToken: UInt64 = 0
        var watching = false
    }

    /// Guards `state`. (A lock rather than `Mutex`, which needs macOS 15.)
    private let lock = NSLock()
    private var state = State()

    func started(_ test: RunningTest) -> UInt64 {
        let (token, startThread) = lock.withLock {
            state.nextToken += 1
            state.running[state.nextToken] = test
            defer { state.watching = true }
            return (state.nextToken, !state.watching)
        }
        if startThread {
            Thread { [self] in
                Thread.current.name = "test-watchdog"
                watch()
            }.start()
        }
        return token
    }

    func ended(_ token: UInt64) {
        _ = lock.withLock { state.running.removeValue(forKey: token) }
    }

    /// Checks every ``interval``, for the life of the process: a real-time loop is what a watchdog
    /// is, and it runs on its own thread so that nothing the tests do can hold it up.
    private func watch() {
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        while true {
            Thread.sleep(forTimeInterval: seconds)
            guard let report = overdue(at: .now) else { continue }
            FileHandle.standardError.write(Data(report.utf8))
            // Not exit(): its atexit handlers could wait on the threads that are stuck.
            _exit(1)
        }
    }

    /// The report to end the run with, when a test in flight has outlived its limit at `now`.
    func overdue(at now: ContinuousClock.Instant) -> String? {
        let running = lock.withLock { Array(state.running.values) }.sorted { $0.started < $1.started }
        guard let stuck = running.first(where: { now - $0.started > $0.limit }) else { return nil }
        return Self.report(stuck: stuck, running: running, now: now)
    }

    static func report(stuck: RunningTest, running: [RunningTest], now: ContinuousClock.Instant) -> String {
        var lines = [
            "",
            "✘ Test watchdog: \"\(stuck.name)\" (\(stuck.location)) has run \(minutes(now - stuck.started)), "
                + "past its time limit and \(minutes(HangWatchdog.grace)) of grace, and did not end when cancelled "
                + "(a continuation never resumed, or a call that ignores cancellation).",
            "✘ Test watchdog: ending the test run with status 1. Tests started and never finished:",
        ]
        for test in running {
            lines.append(
                "started, never finished: \(test.name) (\(test.location)), running \(minutes(now - test.started))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func minutes(_ duration: Duration) -> String {
        let seconds = Int(duration.components.seconds)
        return "\(seconds / 60) min \(seconds % 60) s"
    }
}

extension Trait where Self == TimeLimitTrait {
    /// The time limit of every test that waits on something (a socket, a child process, a
    /// database): a hang detector, never a speed check. Ten minutes, so that no load on a 2-core
    /// machine reaches it, while a hang still ends well inside CI's budget for `swift test`.
    public static var hangLimit: Self { .timeLimit(.minutes(10)) }
}
