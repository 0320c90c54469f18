import NIOConcurrencyHelpers
import NIOCore

/// A counting semaphore for tasks whose limit can change while tasks wait (the in-flight bound).
///
/// Waiters are served first in, first out; a cancelled waiter leaves the queue with `CancellationError`.
public final class AsyncSemaphore: Sendable {
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var limit: Int
        var inUse = 0
        var nextID: UInt64 = 0
        var waiters = CircularBuffer<Waiter>()

        /// Removes the waiters that now fit under the limit.
        mutating func admit() -> [Waiter] {
            var admitted: [Waiter] = []
            while inUse < limit, !waiters.isEmpty {
                inUse += 1
                admitted.append(waiters.removeFirst())
            }
            return admitted
        }
    }

    private let state: NIOLockedValueBox<State>

    /// A semaphore admitting `limit` holders at once (at least 1).
    public init(limit: Int) {
        state = NIOLockedValueBox(State(limit: max(1, limit)))
    }

    /// The current limit.
    public var limit: Int { state.withLockedValue { $0.limit } }

    /// How many holders are inside now.
    public var inUse: Int { state.withLockedValue { $0.inUse } }

    /// Changes the limit (at least 1); waiters that now fit are admitted at once.
    public func setLimit(_ newLimit: Int) {
        let admitted = state.withLockedValue { state in
            state.limit = max(1, newLimit)
            return state.admit()
        }
        for waiter in admitted { waiter.continuation.resume() }
    }

    /// Waits for a place; pair every successful call with ``signal()``.
    public func wait() async throws {
        let id: UInt64? = state.withLockedValue { state in
            if state.inUse < state.limit, state.waiters.isEmpty {
                state.inUse += 1
                return nil
            }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = state.withLockedValue { state -> Bool in
                    if Task.isCancelled { return true }
                    state.waiters.append(Waiter(id: id, continuation: continuation))
                    return false
                }
                if cancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    let admitted = state.withLockedValue { $0.admit() }
                    for waiter in admitted { waiter.continuation.resume() }
                }
            }
        } onCancel: {
            let removed = state.withLockedValue { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            removed?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Gives a place back and admits the next waiter.
    public func signal() {
        let admitted = state.withLockedValue { state in
            state.inUse -= 1
            return state.admit()
        }
        for waiter in admitted { waiter.continuation.resume() }
    }
}
