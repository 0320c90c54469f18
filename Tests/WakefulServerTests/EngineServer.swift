import Foundation
import HummingbirdTesting
import Testing
import WakefulServer

extension StorageEngine {
    /// Runs `body` against the router on a new empty store of this engine (its service group runs
    /// PostgreSQL's pool). The router, not a live server on a socket: HummingbirdTesting's live
    /// client gives up on an answer after 20 s, which a 50,000-record export in a debug build
    /// outlasted on a busy machine.
    ///
    /// PostgreSQL when it is not installed cancels the test (reported as skipped) unless
    /// `WAKEFUL_REQUIRE_POSTGRES=1`.
    func withServer<T: Sendable>(
        limits: ServerLimits = ServerLimits(),
        _ body: @escaping @Sendable (any ServerStorage, any TestClientProtocol) async throws -> T
    ) async throws -> T {
        switch self {
        case .sqlite:
            return try await withTemporaryDirectory { directory in
                let storage = try SQLiteServerStorage(directory: directory)
                return try await buildApplication(Self.configuration(storage, limits: limits)).test(.router) { client in
                    try await body(storage, client)
                }
            }
        case .postgres:
            guard PostgresTestDatabase.isEnabled else { try Test.cancel(PostgresTestDatabase.unavailableMessage) }
            return try await PostgresTestDatabase.withDatabase { url in
                let storage = try await PostgresServerStorage(url: url, logger: PostgresTestDatabase.logger)
                return try await buildApplication(Self.configuration(storage, limits: limits)).test(.router) { client in
                    try await body(storage, client)
                }
            }
        }
    }

    private static func configuration(_ storage: any ServerStorage, limits: ServerLimits) -> ServerConfiguration {
        ServerConfiguration(
            port: 0, storage: storage, adminToken: ServerHarness.adminToken, clock: ServerHarness.fixedClock(),
            limits: limits)
    }
}
