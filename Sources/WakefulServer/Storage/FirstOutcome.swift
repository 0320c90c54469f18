import Synchronization

/// The first of several outcomes racing for one answer, awaited once: a lease's body, its timeout
/// or a cancellation; the pool closing or the wait for it giving up.
final class FirstOutcome<Value: Sendable>: Sendable {
    private enum State {
        case pending
        case awaited(CheckedContinuation<Value, any Error>)
        case resolved(Result<Value, any Error>)
        case delivered
    }

    private let state = Mutex<State>(.pending)

    /// Records the outcome; only the first one counts.
    func resolve(_ outcome: Result<Value, any Error>) {
        let waiting: CheckedContinuation<Value, any Error>? = state.withLock { state in
            switch state {
            case .pending:
                state = .resolved(outcome)
                return nil
            case .awaited(let continuation):
                state = .delivered
                return continuation
            case .resolved, .delivered:
                return nil
            }
        }
        waiting?.resume(with: outcome)
    }

    /// The outcome, once there is one.
    var value: Value {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                let ready: Result<Value, any Error>? = state.withLock { state in
                    switch state {
                    case .pending:
                        state = .awaited(continuation)
                        return nil
                    case .resolved(let outcome):
                        state = .delivered
                        return outcome
                    case .awaited, .delivered:
                        preconditionFailure("an outcome is awaited once")
                    }
                }
                if let ready { continuation.resume(with: ready) }
            }
        }
    }
}
