import Foundation
import Logging
import ServiceLifecycle
import Testing
@testable import WakefulServer
import WakefulTestSupport

/// ``PostgresServerStorage/runPool(closeTimeout:logger:_:)`` against a pool that never closes: the
/// storage's service must end anyway, or the server's graceful shutdown (and a test's server)
/// waits for ever.
@Suite("Pool close", .hangLimit, .watchdog)
struct PoolCloseTests {
    /// A pool that ignores cancellation and graceful shutdown and never returns until the test lets
    /// it go, as one waiting on a connection attempt that never ends.
    private final class StuckPool: Sendable {
        let (started, start) = AsyncStream.makeStream(of: Void.self)
        let (released, release) = AsyncStream.makeStream(of: Void.self)

        func run() async {
            start.yield()
            // A task of its own is not cancelled with the service's.
            let released = released
            await Task { for await _ in released {} }.value
        }
    }

    /// The storage's service as `buildApplication` runs it, around `pool`.
    private struct PoolService: Service {
        let closeTimeout: Duration
        let logger: Logger
        let pool: @Sendable () async -> Void

        func run() async throws {
            await PostgresServerStorage.runPool(closeTimeout: closeTimeout, logger: logger, pool)
        }
    }

    @Test("cancelled, it returns after the close timeout and says that the pool did not close")
    func cancelledStuckPool() async {
        let pool = StuckPool()
        let log = RecordedLog()
        let run = Task {
            await PostgresServerStorage.runPool(closeTimeout: .milliseconds(50), logger: log.logger(), pool.run)
        }
        for await _ in pool.started { break }
        run.cancel()
        await run.value
        #expect(
            log.contains(prefix: "storage: the PostgreSQL connection pool did not close within 0.05 seconds"),
            "\(log.text)")
        pool.release.finish()
    }

    @Test("a service group's graceful shutdown ends although the pool never closes")
    func gracefulShutdownWithStuckPool() async throws {
        let pool = StuckPool()
        let log = RecordedLog()
        let group = ServiceGroup(
            services: [PoolService(closeTimeout: .milliseconds(50), logger: log.logger(), pool: pool.run)],
            logger: log.logger(level: .warning))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            for await _ in pool.started { break }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        #expect(log.contains(prefix: "storage: the PostgreSQL connection pool did not close"), "\(log.text)")
        pool.release.finish()
    }

    @Test("a pool that closes ends the service at once, without waiting for the close timeout")
    func poolThatCloses() async {
        let log = RecordedLog()
        let (started, start) = AsyncStream.makeStream(of: Void.self)
        let run = Task {
            // An hour: waiting for the timeout would outlive the test's time limit.
            await PostgresServerStorage.runPool(closeTimeout: .seconds(3600), logger: log.logger()) {
                start.yield()
                // Returns once cancelled, as PostgresNIO's pool does after closing its connections.
                try? await Task.sleep(for: .seconds(3600))
            }
        }
        for await _ in started { break }
        run.cancel()
        await run.value
        #expect(log.text.isEmpty, "\(log.text)")
    }
}
