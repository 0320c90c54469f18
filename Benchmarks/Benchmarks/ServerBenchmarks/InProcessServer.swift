import BenchmarkSupport
import Foundation
import Logging
import ServiceLifecycle
import WakefulServer

/// The benchmarks' server: started in this process on a free port, given to `body`, and shut down
/// gracefully afterwards on every path.
enum InProcessServer {
    /// Runs a server on `storage` while `body` uses its port (on 127.0.0.1) and its parts (the
    /// response budget, the connection counts); `adminToken` opens its admin routes. Logs warnings
    /// and errors only. The open-file limit is raised first, as `wakeful-server serve` does.
    static func with<T: Sendable>(
        storage: any ServerStorage, adminToken: String, limits: ServerLimits = ServerLimits(),
        _ body: @escaping @Sendable (_ port: Int, _ parts: ServerParts) async throws -> T
    ) async throws -> T {
        var logger = Logger(label: "wakeful.benchmarks.server")
        logger.logLevel = .warning
        DescriptorLimit.raiseSoftLimit()
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let configuration = ServerConfiguration(
            port: 0, storage: storage, adminToken: adminToken, limits: limits, logger: logger,
            onListening: { portContinuation.yield($0) })
        let parts = try ServerParts(configuration)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [try await buildApplication(configuration, parts: parts)], logger: logger))
        return try await withThrowingTaskGroup(of: T?.self) { tasks in
            tasks.addTask {
                try await group.run()
                return nil
            }
            do {
                var iterator = ports.makeAsyncIterator()
                guard let port = await iterator.next() else { throw BenchmarkFailure("the server did not start") }
                let result = try await body(port, parts)
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
                return result
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
        }
    }
}
