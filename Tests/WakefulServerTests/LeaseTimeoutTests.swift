import Foundation
import Synchronization
import Testing
@testable import WakefulServer
import WakefulTestSupport

/// ``PostgresServerStorage/lease(within:_:)`` against a pool that misses a cancellation: the
/// request's answer must not wait for it (it once held `/readyz`, and then a graceful shutdown,
/// for as long as PostgreSQL refused connections).
@Suite("Lease timeout", .hangLimit, .watchdog)
struct LeaseTimeoutTests {
    /// A lease that gets no connection and ignores cancellation until the test lets it go, as a
    /// pool request queued after its cancellation was missed. It lets itself go after 120 s, so a
    /// lease that waited for it fails `gaveUp` instead of hanging the run; the order of events is
    /// checked, not a duration, because a loaded 2-core run can delay any task by seconds.
    private final class StuckPool: Sendable {
        let (released, release) = AsyncStream.makeStream(of: Void.self)
        private let selfReleased = Atomic<Bool>(false)

        /// Whether the pool let itself go before the test did.
        var gaveUp: Bool { selfReleased.load(ordering: .acquiring) }

        init() {
            Task { [self] in
                try await Task.sleep(for: .seconds(120))
                selfReleased.store(true, ordering: .releasing)
                release.finish()
            }
        }

        func lease(_ race: LeaseRace) async throws -> Int {
            // A task of its own is not cancelled with the request's.
            let released = released
            await Task { for await _ in released {} }.value
            guard race.claim() else { throw PostgresLeaseTimeout(waited: .zero) }
            return 1
        }
    }

    @Test(
        "a lease the pool never answers times out without waiting for it, and its late connection is handed back unused"
    )
    func stuckLeaseTimesOut() async throws {
        let pool = StuckPool()
        await #expect(throws: PostgresLeaseTimeout.self) {
            _ = try await PostgresServerStorage.lease(within: .milliseconds(50), pool.lease)
        }
        #expect(!pool.gaveUp)
        pool.release.finish()
    }

    @Test("a lease that gets its connection in time answers with the body's result")
    func leaseInTime() async throws {
        let value = try await PostgresServerStorage.lease(within: .seconds(30)) { race in
            #expect(race.claim())
            return 42
        }
        #expect(value == 42)
    }

    @Test("a cancelled request stops waiting for a stuck lease")
    func cancelledRequestStopsWaiting() async throws {
        let pool = StuckPool()
        let request = Task { try await PostgresServerStorage.lease(within: .seconds(30), pool.lease) }
        request.cancel()
        await #expect(throws: CancellationError.self) { _ = try await request.value }
        #expect(!pool.gaveUp)
        pool.release.finish()
    }
}
