import Logging
import ServiceLifecycle
import Synchronization

extension PostgresServerStorage {
    /// Runs `pool` until it returns, or until ``closeTimeout`` after graceful shutdown or
    /// cancellation began, whichever comes first; a pool still open then is logged and left behind.
    ///
    /// PostgresNIO's pool returns from `run()` only once every connection it holds or is opening has
    /// closed, and nothing outside it can bound that wait. A test run on a busy machine sat idle for
    /// good, every thread parked, in the shutdown of a server whose database had refused
    /// connections (`ALLOW_CONNECTIONS false`), and vapor/postgres-nio#599 reports servers that
    /// could not be stopped while the pool retried connecting: the application's graceful
    /// shutdown, its service group and a test's server all wait for this service. So the wait is
    /// bounded here: the pool runs in a task of its own, cancelled with this one, and returning
    /// does not wait for it.
    static func runPool(
        closeTimeout: Duration, logger: Logger, _ pool: @escaping @Sendable () async -> Void
    ) async {
        let closed = FirstOutcome<Bool>()
        let running = Task {
            await pool()
            closed.resolve(.success(true))
        }
        let timer = Mutex<Task<Void, Never>?>(nil)
        let giveUp: @Sendable () -> Void = {
            timer.withLock { timer in
                guard timer == nil else { return }
                timer = Task {
                    guard (try? await Task.sleep(for: closeTimeout)) != nil else { return }
                    closed.resolve(.success(false))
                }
            }
        }
        let finished = await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                (try? await closed.value) ?? false
            } onGracefulShutdown: {
                giveUp()
            }
        } onCancel: {
            running.cancel()
            giveUp()
        }
        timer.withLock { $0?.cancel() }
        if !finished {
            logger.warning(
                "storage: the PostgreSQL connection pool did not close within \(closeTimeout) of the shutdown; its connections close with the process"
            )
        }
    }
}
