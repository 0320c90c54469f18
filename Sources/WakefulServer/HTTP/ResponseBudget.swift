import NIOConcurrencyHelpers

/// The bytes the server may hold at once for answers being sent, over all connections
/// (``ServerLimits/maximumResponseBytesInFlight``): a large answer takes a ``Reservation`` before it
/// reads a slice of records, holds it while the slice is written, and gives it back after, so
/// clients that stop reading can pin at most this much memory between them, however many there are.
///
/// Tests read ``bytesInUse`` and ``peakBytes`` to see what the server held, rather than the process's
/// resident size, which other tests in the same process move.
public final class ResponseBudget: Sendable {
    /// The most bytes held at once.
    public let capacity: Int
    private let state = NIOLockedValueBox(State())

    private struct State {
        var inUse = 0
        var peak = 0
    }

    /// A budget of `capacity` bytes.
    public init(capacity: Int) { self.capacity = capacity }

    /// The bytes held now.
    public var bytesInUse: Int { state.withLockedValue { $0.inUse } }

    /// The most bytes held at once since the budget was made.
    public var peakBytes: Int { state.withLockedValue { $0.peak } }

    /// Takes `bytes` when they fit beside what is held, or returns nil.
    func tryReserve(_ bytes: Int) -> Reservation? {
        let taken = state.withLockedValue { state in
            guard state.inUse + bytes <= capacity else { return false }
            state.inUse += bytes
            state.peak = max(state.peak, state.inUse)
            return true
        }
        return taken ? Reservation(budget: self, bytes: bytes) : nil
    }

    /// Takes `bytes`, waiting up to `timeout` for them to fit; nil when they did not in time or the
    /// task was cancelled. A waiter looks again every 10 ms rather than queueing: waits happen only
    /// while clients pin the budget, and a few thousand lock takes a second cost nothing beside them.
    func reserve(_ bytes: Int, waitingAtMost timeout: Duration) async -> Reservation? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let reservation = tryReserve(bytes) { return reservation }
            guard ContinuousClock.now < deadline, (try? await Task.sleep(for: .milliseconds(10))) != nil else {
                return nil
            }
        }
    }

    fileprivate func give(_ bytes: Int) {
        state.withLockedValue { $0.inUse -= bytes }
    }
}

/// Bytes taken from a ``ResponseBudget``: given back by ``release()`` or, when the answer is
/// dropped unsent (a HEAD request, a failed write), when it is deinitialised.
final class Reservation: Sendable {
    private let budget: ResponseBudget
    private let held: NIOLockedValueBox<Int>

    fileprivate init(budget: ResponseBudget, bytes: Int) {
        self.budget = budget
        held = NIOLockedValueBox(bytes)
    }

    deinit { release() }

    /// The bytes held.
    var bytes: Int { held.withLockedValue { $0 } }

    /// Gives back what is held beyond `bytes` (what a slice turned out to need).
    func shrink(to bytes: Int) {
        let freed = held.withLockedValue { held in
            let freed = max(0, held - bytes)
            held -= freed
            return freed
        }
        if freed > 0 { budget.give(freed) }
    }

    /// Gives everything back; later calls do nothing.
    func release() { shrink(to: 0) }
}
