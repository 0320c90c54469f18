import Foundation
import HTTPTypes
import Logging
import NIOSSL
import PostgresNIO
import ServiceLifecycle

/// ``ServerStorage`` on a PostgreSQL database, so several stateless servers can share one store.
///
/// ```swift
/// let url = try PostgresDatabaseURL("postgres://wakeful@db.internal/wakeful")
/// let storage = try await PostgresServerStorage(url: url, logger: logger)
/// let app = try await buildApplication(ServerConfiguration(storage: storage, adminToken: token))
/// try await app.runService()   // runs the storage's connection pool beside the server
/// ```
///
/// Creating it connects once to check the database and applies the migrations (under an advisory
/// lock, so servers starting together migrate once). Its connection pool serves requests while
/// ``run()`` runs: ``buildApplication(_:parts:)`` adds the storage to the application's services, so the
/// pool starts with the server and closes after it on graceful shutdown. Every commit waits for
/// the WAL flush (`synchronous_commit = on`), so an acknowledgement means the data is durable.
/// A database failure during a request becomes a 503 answer with `Retry-After`, never a 500.
public final class PostgresServerStorage: ServerStorage, Service {
    /// The database, for logs and messages (its description hides the password).
    public let url: PostgresDatabaseURL
    let client: PostgresClient
    let logger: Logger
    /// The `Retry-After` seconds of the 503 answer when the database fails during a request.
    let retryAfterSeconds: Int
    /// How long a request waits for a pooled connection before its answer is a 503.
    let leaseTimeout: Duration
    /// How long ``run()`` waits for the pool to close once the shutdown began.
    let closeTimeout: Duration

    /// Connects to `url`, applies the migrations and prepares the connection pool.
    ///
    /// - Parameters:
    ///   - url: The database; its password is never logged.
    ///   - logger: Receives the start-up line, warnings and database failures.
    ///   - maximumConnections: The pool's most connections to the database, per server.
    ///   - retryAfterSeconds: The `Retry-After` of the 503 answer when the database fails during a request.
    ///   - leaseTimeout: How long a request waits for a pooled connection (all busy, or the database
    ///     unreachable: the pool itself gives up only after a minute) before its answer is a 503.
    ///   - closeTimeout: How long ``run()`` waits for the pool to close its connections once graceful
    ///     shutdown or cancellation began, before it returns anyway.
    /// - Throws: ``PostgresStorageStartError`` naming the URL (password hidden) and what to check.
    public init(
        url: PostgresDatabaseURL, logger: Logger, maximumConnections: Int = 20, retryAfterSeconds: Int = 1,
        leaseTimeout: Duration = .seconds(5), closeTimeout: Duration = .seconds(10)
    ) async throws {
        self.url = url
        self.logger = logger
        self.retryAfterSeconds = retryAfterSeconds
        self.leaseTimeout = leaseTimeout
        self.closeTimeout = closeTimeout
        let tls = try Self.tlsConfiguration(url.tls)
        var configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
            tls: tls.client)
        configuration.options.additionalStartupParameters = Self.sessionParameters
        configuration.options.maximumConnections = maximumConnections
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        logger.info("storage: PostgreSQL", metadata: ["database": .string(url.description)])
        try await Self.prepareDatabase(url: url, tls: tls.connection, logger: logger)
    }

    /// Runs the connection pool until cancelled or until graceful shutdown, then closes it: returns
    /// once it has closed, or ``closeTimeout`` after the shutdown began if it has not.
    public func run() async {
        await Self.runPool(closeTimeout: closeTimeout, logger: logger) { [client] in await client.run() }
    }

    /// Every session asks for durable commits and UTC, whatever the server's defaults.
    static let sessionParameters: [(String, String)] = [("synchronous_commit", "on"), ("TimeZone", "UTC")]

    /// The TLS settings of the pool and of the one start-up connection for `mode`.
    private static func tlsConfiguration(
        _ mode: PostgresDatabaseURL.TLSMode
    ) throws -> (client: PostgresClient.Configuration.TLS, connection: PostgresConnection.Configuration.TLS) {
        var unverified = TLSConfiguration.makeClientConfiguration()
        unverified.certificateVerification = .none
        switch mode {
        case .disable: return (.disable, .disable)
        case .prefer: return (.prefer(unverified), .prefer(try NIOSSLContext(configuration: unverified)))
        case .require: return (.require(unverified), .require(try NIOSSLContext(configuration: unverified)))
        case .verifyFull:
            let verified = TLSConfiguration.makeClientConfiguration()
            return (.require(verified), .require(try NIOSSLContext(configuration: verified)))
        }
    }

    /// Connects once outside the pool, so a wrong URL fails at start with a clear message rather
    /// than after the pool's retries, and migrates on that connection.
    private static func prepareDatabase(
        url: PostgresDatabaseURL, tls: PostgresConnection.Configuration.TLS, logger: Logger
    ) async throws {
        var configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: tls
        )
        configuration.options.additionalStartupParameters = sessionParameters
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
        } catch {
            throw PostgresStorageStartError(url: url, stage: .connect, error: error)
        }
        do {
            try await migrate(on: connection, logger: logger)
            if try await setting("fsync", on: connection, logger: logger) == "off" {
                logger.warning("the PostgreSQL server runs with fsync = off: acknowledged data can be lost in a crash")
            }
        } catch {
            try? await connection.close()
            throw PostgresStorageStartError(url: url, stage: .migrate, error: error)
        }
        try? await connection.close()
    }

    /// A server setting as `SHOW` prints it.
    static func setting(_ name: String, on connection: PostgresConnection, logger: Logger) async throws -> String? {
        try await connection.query("SELECT current_setting(\(name))", logger: logger).decode(String.self).first { _ in
            true
        }
    }
}

extension PostgresServerStorage {
    /// Runs `body` on a pooled connection; a database failure becomes a 503 answer with `Retry-After`.
    func withConnection<Result: Sendable>(
        _ operation: StaticString, writes: Bool = false,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        do {
            return try await leased(body)
        } catch {
            throw unavailable(operation, error, writes: writes)
        }
    }

    /// Runs `body` in one transaction on a pooled connection: committed when it returns, rolled
    /// back when it throws. Retried (at most three times) when PostgreSQL aborts it for a deadlock
    /// or a serialization failure, which concurrent servers can cause; any other database failure
    /// becomes a 503 answer with `Retry-After`. ``ServerStorageError`` passes through.
    func inTransaction<Result: Sendable>(
        _ operation: StaticString, _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let logger = logger
        var attempt = 1
        while true {
            do {
                return try await leased { connection in
                    try await connection.query("BEGIN", logger: logger)
                    do {
                        let result = try await body(connection)
                        try await connection.query("COMMIT", logger: logger)
                        return result
                    } catch {
                        // A broken connection is dropped by the pool; the server rolls back what it had.
                        _ = try? await connection.query("ROLLBACK", logger: logger)
                        throw error
                    }
                }
            } catch let error as ServerStorageError {
                throw error
            } catch {
                if attempt < 3, PostgresFailure(error).isRetryableConflict {
                    attempt += 1
                    continue
                }
                throw unavailable(operation, error, writes: true)
            }
        }
    }

    /// Logs a failure (never its query's values) and makes the 503 answer: nothing was acknowledged.
    /// Only a write's answer says that nothing was stored; a read's would leave its client wondering
    /// what it had tried to store.
    private func unavailable(_ operation: StaticString, _ error: any Error, writes: Bool) -> any Error {
        if let error = error as? ServerStorageError { return error }
        logger.error(
            "database failure",
            metadata: [
                "operation": "\(operation)", "database": .string(url.description),
                "error": .string(PostgresFailure(error).summary),
            ])
        var answer = APIError(
            .serviceUnavailable, "storage_unavailable",
            "the database is unavailable\(writes ? "; nothing was stored" : ""); retry after \(retryAfterSeconds) s")
        answer.headers[.retryAfter] = String(retryAfterSeconds)
        return answer
    }
}

/// No pooled connection became free in time: every connection busy, or the database unreachable.
struct PostgresLeaseTimeout: Error, CustomStringConvertible {
    let waited: Duration
    var description: String { "no database connection within \(waited)" }
}
