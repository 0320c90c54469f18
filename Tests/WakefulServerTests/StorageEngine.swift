import Foundation
import Testing
import WakefulServer

/// The storage engines the conformance suite runs on.
enum StorageEngine: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// Runs `body` with a new empty store of this engine, removed afterwards on every path.
    ///
    /// A PostgreSQL store when PostgreSQL is not installed cancels the test case (reported as
    /// skipped) unless `WAKEFUL_REQUIRE_POSTGRES=1`.
    func withStore<T>(_ body: (TestStore) async throws -> T) async throws -> T {
        switch self {
        case .sqlite:
            return try await withTemporaryDirectory { directory in
                let store = TestStore(location: .directory(directory))
                return try await store.closing { try await body(store) }
            }
        case .postgres:
            guard PostgresTestDatabase.isEnabled else { try Test.cancel(PostgresTestDatabase.unavailableMessage) }
            return try await PostgresTestDatabase.withDatabase { url in
                let store = TestStore(location: .postgres(url))
                return try await store.closing { try await body(store) }
            }
        }
    }

    /// Runs `body` with one storage on a new empty store.
    func withStorage<T>(_ body: (any ServerStorage) async throws -> T) async throws -> T {
        try await withStore { store in try await body(try await store.open()) }
    }
}

/// One test's store: a SQLite directory or a PostgreSQL database, which several storages (servers)
/// can open; the PostgreSQL ones run their connection pools until the test ends.
final class TestStore: Sendable {
    enum Location {
        case directory(URL)
        case postgres(PostgresDatabaseURL)
    }

    let location: Location
    /// The PostgreSQL storages opened so far, for ``closing(_:)`` to run their pools.
    private let opened: AsyncStream<PostgresServerStorage>
    private let opening: AsyncStream<PostgresServerStorage>.Continuation

    init(location: Location) {
        self.location = location
        (opened, opening) = AsyncStream.makeStream(of: PostgresServerStorage.self)
    }

    /// Opens a storage on the store, as a server starting would.
    func open() async throws -> any ServerStorage {
        switch location {
        case .directory(let directory): return try SQLiteServerStorage(directory: directory)
        case .postgres(let url): return try await openPostgres(url)
        }
    }

    /// Opens a PostgreSQL storage whose pool runs until the test ends.
    func openPostgres(_ url: PostgresDatabaseURL) async throws -> PostgresServerStorage {
        let storage = try await PostgresServerStorage(
            url: url, logger: PostgresTestDatabase.logger, maximumConnections: 8)
        opening.yield(storage)
        return storage
    }

    /// Runs `body` while a child task runs the pool of every storage it opens (structured, as a
    /// server's service group runs it), then stops the pools and waits for them to close.
    func closing<T>(_ body: () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [opened] in
                await withDiscardingTaskGroup { pools in
                    for await storage in opened { pools.addTask { await storage.run() } }
                }
            }
            let result: Result<T, any Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            opening.finish()
            group.cancelAll()
            try await group.waitForAll()
            return try result.get()
        }
    }
}
