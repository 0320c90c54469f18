import Clocks

/// swift-clocks' `TestClock` that tells when something starts to sleep on it, so that a test can
/// wait for a timer to be set (a poll loop's next tick) by suspending, not by polling the clock.
final class WatchedClock: Clock, Sendable {
    typealias Duration = Swift.Duration
    typealias Instant = TestClock<Duration>.Instant

    private let base = TestClock()
    /// The deadline of every sleep, as it begins.
    private let sleeps: AsyncStream<Instant>
    private let sleepBegins: AsyncStream<Instant>.Continuation

    init() { (sleeps, sleepBegins) = AsyncStream.makeStream() }

    var now: Instant { base.now }
    var minimumResolution: Duration { base.minimumResolution }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        sleepBegins.yield(deadline)
        try await base.sleep(until: deadline, tolerance: tolerance)
    }

    /// Whether nothing sleeps on the clock.
    var isIdle: Bool {
        get async { (try? await base.checkSuspension()) != nil }
    }

    /// Moves time on by `duration`, waking the sleepers whose deadlines it reaches.
    func advance(by duration: Duration) async { await base.advance(by: duration) }

    /// Advances `duration` once something sleeps on the clock (a poll loop's timer may not have
    /// started yet, or not have gone back to sleep after its last tick), so that the advance wakes
    /// it rather than passing it by. Gives up waiting when the test is cancelled (its time limit).
    func advanceOnceAsleep(by duration: Duration) async {
        var registering = false
        // `checkSuspension()` returns normally while nothing sleeps.
        while !Task.isCancelled, (try? await base.checkSuspension()) != nil {
            // A sleep ahead of now has begun: TestClock registers it a lock away, so only yield.
            if registering { continue }
            var next = sleeps.makeAsyncIterator()
            guard let deadline = await next.next() else { break }
            registering = deadline > base.now
        }
        await base.advance(by: duration)
    }
}
