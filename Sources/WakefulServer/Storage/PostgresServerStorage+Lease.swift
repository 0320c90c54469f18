import PostgresNIO
import Synchronization

extension PostgresServerStorage {
    /// Runs `body` on a pooled connection, or throws ``PostgresLeaseTimeout`` when none is leased
    /// within ``leaseTimeout``. Exactly one of the two happens: a lease that arrives after the
    /// timeout is handed back without running `body`.
    ///
    /// The lease runs in a task of its own, not in a task group beside the timer: a group waits for
    /// all its children before it returns, and PostgresNIO's pool can miss a cancellation that
    /// arrives while it queues the request (`ConnectionRequest.leaseConnection` checks for
    /// cancellation, then queues; a cancel in between finds nothing to remove). While the database
    /// refuses connections such a request waits for a connection that is not coming, and a grouped
    /// timer waited with it: `/readyz` held past the test's two minutes, and a graceful shutdown
    /// that never ended. Here the timer answers on its own; a lease that arrives later is handed
    /// back unused, and the pool fails whatever is still queued when it shuts down.
    func leased<Value: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> Value) async throws
        -> Value
    {
        let client = client
        let leaseTimeout = leaseTimeout
        return try await Self.lease(within: leaseTimeout) { race in
            try await client.withConnection { connection in
                guard race.claim() else { throw PostgresLeaseTimeout(waited: leaseTimeout) }
                return try await body(connection)
            }
        }
    }

    /// Runs `lease` (which calls ``LeaseRace/claim()`` once it holds a connection) and answers with
    /// its outcome, or with ``PostgresLeaseTimeout`` after `timeout` if it has not claimed by then,
    /// whether or not `lease` itself ever returns.
    static func lease<Value: Sendable>(
        within timeout: Duration, _ lease: @escaping @Sendable (LeaseRace) async throws -> Value
    ) async throws -> Value {
        let race = LeaseRace()
        let answer = FirstOutcome<Value>()
        let work = Task {
            do {
                answer.resolve(.success(try await lease(race)))
            } catch {
                answer.resolve(.failure(error))
            }
        }
        let timer = Task {
            try await Task.sleep(for: timeout)
            guard race.expire() else { return }  // leased in time: the body's answer counts
            work.cancel()
            answer.resolve(.failure(PostgresLeaseTimeout(waited: timeout)))
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await answer.value
        } onCancel: {
            work.cancel()
            // A body already running finishes on its connection (a transaction commits or rolls
            // back whole); a request still waiting for a connection stops waiting now.
            if race.expire() { answer.resolve(.failure(CancellationError())) }
        }
    }
}

/// Who wins between a lease and its timeout.
final class LeaseRace: Sendable {
    private enum State: UInt8 { case waiting, leased, expired }
    private let state = Atomic<UInt8>(State.waiting.rawValue)

    /// The lease wins unless the timeout already did.
    func claim() -> Bool {
        state.compareExchange(
            expected: State.waiting.rawValue, desired: State.leased.rawValue, ordering: .acquiringAndReleasing
        ).exchanged
    }

    /// The timeout wins unless the lease already did.
    func expire() -> Bool {
        state.compareExchange(
            expected: State.waiting.rawValue, desired: State.expired.rawValue, ordering: .acquiringAndReleasing
        ).exchanged
    }
}
