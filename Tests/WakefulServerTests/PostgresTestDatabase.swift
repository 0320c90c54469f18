import Foundation
import Logging
import PostgresNIO
import Subprocess
import Testing
import WakefulServer

/// The PostgreSQL server the tests use, and a fresh database per test.
///
/// `WAKEFUL_POSTGRES_URL` names a server to use; without it the tests run `scripts/postgres.sh start`,
/// which creates and starts a throwaway cluster in `.build/postgres`. Without PostgreSQL binaries the
/// PostgreSQL tests are skipped, unless `WAKEFUL_REQUIRE_POSTGRES=1` (CI) makes them run and fail.
enum PostgresTestDatabase {
    /// Why the PostgreSQL variants are skipped.
    static let unavailableMessage: Comment =
        "PostgreSQL is not installed: run scripts/postgres.sh install (or set WAKEFUL_POSTGRES_URL) to run the PostgreSQL storage tests"

    /// Whether the PostgreSQL tests run: a server is named, binaries are installed, or they are required.
    static var isEnabled: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["WAKEFUL_POSTGRES_URL"] != nil || environment["WAKEFUL_REQUIRE_POSTGRES"] == "1"
            || binariesInstalled
    }

    /// Whether `pg_ctl` is on the PATH or in Debian's /usr/lib/postgresql/N/bin.
    private static var binariesInstalled: Bool {
        let fileManager = FileManager.default
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        if path.split(separator: ":").contains(where: { fileManager.isExecutableFile(atPath: "\($0)/pg_ctl") }) {
            return true
        }
        let versions = (try? fileManager.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        return versions.contains { fileManager.isExecutableFile(atPath: "/usr/lib/postgresql/\($0)/bin/pg_ctl") }
    }

    /// Quiet storage logs: warnings and errors only.
    static var logger: Logger {
        var logger = Logger(label: "wakeful.tests.postgres")
        logger.logLevel = .warning
        return logger
    }

    /// Runs `body` with the URL of a new empty database, dropped afterwards on every path.
    ///
    /// - Parameter dropWithoutForce: Drop it without terminating its connections, failing if some
    ///   stay open: a check that everything using it closed its connections.
    static func withDatabase<T>(
        dropWithoutForce: Bool = false, _ body: (PostgresDatabaseURL) async throws -> T
    ) async throws -> T {
        let server = try await Provisioner.shared.serverURL()
        var url = server
        url.database = "wakeful_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await administer(server, "CREATE DATABASE \(url.database)")
        let result: T
        do {
            result = try await body(url)
        } catch {
            try? await administer(server, "DROP DATABASE IF EXISTS \(url.database) WITH (FORCE)")
            throw error
        }
        try await administer(server, "DROP DATABASE \(url.database)" + (dropWithoutForce ? "" : " WITH (FORCE)"))
        return result
    }

    /// Runs one statement on its own connection to `url`, bounded on the server's side: a query
    /// cannot be cancelled from here, so PostgreSQL ends one that waits on a lock or runs too long
    /// (the connection attempt itself gives up after PostgresNIO's 10 s).
    static func administer(_ url: PostgresDatabaseURL, _ sql: String) async throws {
        var configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
            tls: .disable)
        configuration.options.additionalStartupParameters = [("statement_timeout", "120s"), ("lock_timeout", "60s")]
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        do {
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }
}

/// Finds or starts the tests' server once per test run.
///
/// Concurrent tests share one provisioning task, so the script runs once however many tests ask at
/// once (an actor method that suspends would let each of them start its own).
private actor Provisioner {
    static let shared = Provisioner()
    private var provisioning: Task<PostgresDatabaseURL, any Error>?

    func serverURL() async throws -> PostgresDatabaseURL {
        if let provisioning { return try await provisioning.value }
        let task = Task<PostgresDatabaseURL, any Error> {
            if let named = ProcessInfo.processInfo.environment["WAKEFUL_POSTGRES_URL"] {
                return try PostgresDatabaseURL(named)
            }
            return try PostgresDatabaseURL(try await Self.startScript())
        }
        provisioning = task
        return try await task.value
    }

    /// `scripts/postgres.sh start`, at most `timeLimit`: its last line of output is the URL.
    ///
    /// Run through swift-subprocess, which watches the child itself (a pidfd): Foundation's `Process`
    /// on Linux learns of the exit from a socket every descendant inherits, so a daemon the script
    /// starts (the postmaster) kept it open and the termination handler never ran.
    private static func startScript(timeLimit: Duration = .seconds(120)) async throws -> String {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/postgres.sh").path
        let result = try await withThrowingTaskGroup(
            of: ExecutionResult<Void, StringOutput<UTF8>, StringOutput<UTF8>>?.self
        ) { group in
            group.addTask {
                try await run(
                    .name("bash"), arguments: [script, "start"], output: .string(limit: 64 << 10),
                    error: .string(limit: 64 << 10))
            }
            group.addTask {
                try await Task.sleep(for: timeLimit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let result = first else {
                throw ProvisioningError(
                    message:
                        "scripts/postgres.sh start did not finish within \(timeLimit); see .build/postgres/server.log")
            }
            return result
        }
        guard result.terminationStatus.isSuccess, let line = result.standardOutput.split(separator: "\n").last else {
            throw ProvisioningError(
                message: "scripts/postgres.sh start failed (\(result.terminationStatus)): \(result.standardError)")
        }
        return String(line)
    }
}

/// The tests' PostgreSQL server could not be started.
struct ProvisioningError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
