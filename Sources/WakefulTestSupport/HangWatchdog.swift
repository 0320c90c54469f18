import Foundation
import Testing

/// Ends the test process, naming every test still running, when a test outlives its time limit
/// while the process makes no progress.
///
/// Swift Testing's `.timeLimit` fails a test that runs too long and cancels its task, but it then
/// waits for the task to end. A test stuck on a continuation that is never resumed (or in a
/// library that ignores cancellation) never ends, and neither does `swift test`: every thread
/// idles and the run must be killed from outside, which names nothing. The watchdog runs on a
/// thread of its own, so a starved or blocked cooperative pool cannot stop it.
///
/// A slow test is not a stuck one. On a busy machine a test waits its turn (all tests start at
/// once, and the computing ones queue for ``CPUBoundExecutor``'s threads) and then computes at a
/// fraction of a core, so its wall time says nothing of a hang: a run loaded with CPU hogs once
/// ended here after 12 minutes with nothing stuck. So the watchdog ends the run only when a test
/// is past its time limit plus ``grace`` **and** the process has been idle for ``idleWindow``:
/// no test ended and it used next to no CPU (``Watchdog/idleShare`` of one core). A stuck test
/// waits that way once everything else is done; a slow run never does. A test that loops on the
/// CPU for ever is caught by ``ceilingFactor`` times its limit instead.
///
/// Every suite in this repository carries it (`scripts/lint.sh` checks): `@Suite("…", .watchdog)`.
public struct HangWatchdog: TestFunctionScoping {
    /// How long past its time limit a test may take to end after cancellation.
    public static let grace: Duration = .seconds(120)
    /// The limit of a test that has no `.timeLimit`.
    public static let defaultLimit: Duration = .seconds(15 * 60)
    /// How long the process must have made no progress before an overdue test counts as stuck.
    public static let idleWindow: Duration = .seconds(60)
    /// A test running this many times its limit (plus grace) ends the run whatever the process
    /// does: a loop that never ends keeps the CPU busy and would never look idle.
    public static let ceilingFactor = 4

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
    /// How long the process must have been idle before an overdue test ends the run.
    let idleWindow: Duration
    /// The share of one core below which an interval counts as idle: a hung process's event loops
    /// and timers use far less, one computing test far more.
    static let idleShare = 0.05

    init(checkEvery interval: Duration, idleWindow: Duration = HangWatchdog.idleWindow) {
        self.interval = interval
        self.idleWindow = idleWindow
    }

    private struct State {
        var running: [UInt64: RunningTest] = [:]
        var nextToken: UInt64 = 0
        var watching = false
        /// Tests ended so far: an interval in which one ended made progress.
        var endedCount = 0
        /// The last sample the thread took, and since when the process has been idle.
        var lastSample: ProgressSample?
        var idleSince: ContinuousClock.Instant?
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
        lock.withLock {
            if state.running.removeValue(forKey: token) != nil { state.endedCount += 1 }
        }
    }

    /// Checks every ``interval``, for the life of the process: a real-time loop is what a watchdog
    /// is, and it runs on its own thread so that nothing the tests do can hold it up.
    private func watch() {
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        while true {
            Thread.sleep(forTimeInterval: seconds)
            let now = ContinuousClock.now
            record(ProgressSample(at: now, cpu: Self.processCPUTime(), ended: lock.withLock { state.endedCount }))
            guard let report = overdue(at: now) else { continue }
            FileHandle.standardError.write(Data(report.utf8))
            // Not exit(): its atexit handlers could wait on the threads that are stuck.
            _exit(1)
        }
    }

    /// Takes a sample: the process was idle since the previous one when no test ended and it used
    /// less than ``idleShare`` of a core.
    func record(_ sample: ProgressSample) {
        lock.withLock {
            defer { state.lastSample = sample }
            guard let last = state.lastSample else { return }
            let busy = sample.cpu - last.cpu > (sample.at - last.at) * Self.idleShare
            if busy || sample.ended != last.ended {
                state.idleSince = nil
            } else if state.idleSince == nil {
                state.idleSince = last.at
            }
        }
    }

    /// The report to end the run with, when a test in flight has outlived its limit at `now` while
    /// the process has been idle for ``idleWindow``, or has outlived ``HangWatchdog/ceilingFactor``
    /// times its limit.
    func overdue(at now: ContinuousClock.Instant) -> String? {
        let (running, idleSince) = lock.withLock { (Array(state.running.values), state.idleSince) }
        let idle = idleSince.map { now - $0 } ?? .zero
        let sorted = running.sorted { $0.started < $1.started }
        let stuck = sorted.first { test in
            let age = now - test.started
            return (age > test.limit && idle >= idleWindow) || age > test.limit * HangWatchdog.ceilingFactor
        }
        guard let stuck else { return nil }
        return Self.report(stuck: stuck, running: sorted, idle: idle, now: now)
    }

    static func report(
        stuck: RunningTest, running: [RunningTest], idle: Duration, now: ContinuousClock.Instant
    ) -> String {
        let why =
            idle > .zero
            ? "and the test process has been idle for \(minutes(idle)) (no test ended, next to no CPU used): "
                + "it did not end when cancelled (a continuation never resumed, or a call that ignores cancellation)."
            : "\(HangWatchdog.ceilingFactor) times its limit with the process still busy (a loop that never ends?)."
        var lines = [
            "",
            "✘ Test watchdog: \"\(stuck.name)\" (\(stuck.location)) has run \(minutes(now - stuck.started)), "
                + "past its time limit and \(minutes(HangWatchdog.grace)) of grace, " + why,
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

    /// The CPU time the whole process has used, user and system, on every thread.
    static func processCPUTime() -> Duration {
        var usage = rusage()
        #if canImport(Glibc)
            // Glibc declares the constant as an enum case and the parameter as its raw type.
            let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
            let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return .zero }
        func duration(_ time: timeval) -> Duration {
            .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec))
        }
        return duration(usage.ru_utime) + duration(usage.ru_stime)
    }
}

/// What the watchdog reads of the process at one check.
struct ProgressSample: Sendable {
    var at: ContinuousClock.Instant
    /// The process's CPU time so far.
    var cpu: Duration
    /// How many tests had ended.
    var ended: Int
}

extension Trait where Self == TimeLimitTrait {
    /// The time limit of every test that waits on something (a socket, a child process, a
    /// database): a hang detector, never a speed check. Ten minutes, so that no load on a 2-core
    /// machine reaches it, while a hang still ends well inside CI's budget for `swift test`. Not for
    /// a `.cpuBound` suite, whose wait for a thread would count against it (``CPUBound``).
    public static var hangLimit: Self { .timeLimit(.minutes(10)) }
}
