import Foundation

/// The one source of time of the APNs client and the companion server: a `Clock` to wait on and
/// measure with, and the calendar date it stands for.
///
/// Whatever waits (a poll interval, a pause between resends) or measures (a latency, a rate
/// limit's refill) asks ``sleep(for:)``, ``sleep(untilElapsed:)`` or ``elapsed``; whatever must
/// write a calendar time (a token's
/// `iat`, `apns-expiration`, a stored `received_at`) asks ``now``. The system value reads
/// `Date()` for ``now`` rather than adding the monotonic clock's progress to the start date: the
/// calendar is corrected by NTP while the monotonic clock is not, and dates sent to APNs or
/// stored must be the real ones. A test makes both from one test clock with
/// ``init(clock:startingAt:)``, so advancing it moves the waits and the dates together.
///
/// ```swift
/// let clock = TestClock()   // swift-clocks, in a test
/// let time = WallClock(clock: clock, startingAt: Date(timeIntervalSince1970: 1_800_000_000))
/// await clock.advance(by: .seconds(60))   // time.now is one minute later, sleepers woke
/// ```
public struct WallClock: Sendable {
    private let clock: any Clock<Duration>
    private let date: @Sendable () -> Date
    private let stopwatch: Stopwatch

    /// The system's time: `ContinuousClock` to wait on, `Date()` for dates.
    public static let system = WallClock(clock: ContinuousClock(), date: { Date() })

    /// Time read from `clock` alone: ``now`` is `origin` plus the time `clock` has advanced since.
    public init(clock: any Clock<Duration>, startingAt origin: Date) {
        let stopwatch = Stopwatch(clock)
        self.init(
            clock: clock, stopwatch: stopwatch, date: { origin.addingTimeInterval(stopwatch.elapsed().secondsValue) })
    }

    private init(clock: any Clock<Duration>, date: @escaping @Sendable () -> Date) {
        self.init(clock: clock, stopwatch: Stopwatch(clock), date: date)
    }

    private init(clock: any Clock<Duration>, stopwatch: Stopwatch, date: @escaping @Sendable () -> Date) {
        self.clock = clock
        self.stopwatch = stopwatch
        self.date = date
    }

    /// The calendar time now.
    public var now: Date { date() }

    /// The time the clock has advanced since this value was made: a monotonic reading to subtract
    /// from a later one, or to wait for with ``sleep(untilElapsed:)``.
    public var elapsed: Duration { stopwatch.elapsed() }

    /// Waits `duration` on the clock.
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(for duration: Duration) async throws {
        try await clock.sleep(for: duration)
    }

    /// Waits until ``elapsed`` reaches `deadline`: a schedule of deadlines that does not drift
    /// however late each wait returns.
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(untilElapsed deadline: Duration) async throws {
        try await stopwatch.sleep(deadline)
    }

    /// Readings of one clock's time since a start, and waits for a reading, in `Duration`s, so
    /// that no instant of the clock's own type has to leave the generic function that reads it.
    private struct Stopwatch: Sendable {
        let elapsed: @Sendable () -> Duration
        let sleep: @Sendable (Duration) async throws -> Void

        init(_ clock: any Clock<Duration>) { self = Self.started(clock) }

        private init(
            elapsed: @escaping @Sendable () -> Duration, sleep: @escaping @Sendable (Duration) async throws -> Void
        ) {
            self.elapsed = elapsed
            self.sleep = sleep
        }

        private static func started<C: Clock<Duration>>(_ clock: C) -> Stopwatch {
            let start = clock.now
            return Stopwatch(
                elapsed: { start.duration(to: clock.now) },
                sleep: { try await clock.sleep(until: start.advanced(by: $0), tolerance: nil) })
        }
    }
}
