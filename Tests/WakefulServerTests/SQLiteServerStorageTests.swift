import Foundation
import GRDB
import Testing
@testable import WakefulServer
import WakefulTestSupport

/// What only the SQLite engine promises; the shared behaviour is in ``ServerStorageConformanceTests``.
@Suite("SQLiteServerStorage", .hangLimit, .watchdog)
struct SQLiteServerStorageTests {
    @Test("the writer syncs every commit (synchronous = FULL) in WAL mode")
    func durability() async throws {
        try await withTemporaryDirectory { directory in
            let storage = try SQLiteServerStorage(directory: directory)
            let (journal, synchronous) = try await storage.pool.write { db in
                (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA synchronous"))
            }
            #expect(journal == "wal")
            #expect(synchronous == 2)
        }
    }

    @Test("a stored value that does not read back fails the read with an error naming its column")
    func malformedStoredValue() async throws {
        try await withTemporaryDirectory { directory in
            let storage = try SQLiteServerStorage(directory: directory)
            let id = try await storage.register(
                DeviceRegistration(
                    installID: UUID(), bundleID: "com.example.app", appVersion: "1.0", osVersion: "18.0"),
                tokenHash: "hash", at: 0, existing: .refuse)
            // Written by hand: the server never stores such a value, but a damaged file may hold one.
            try await storage.pool.write { db in
                try db.execute(
                    sql: "UPDATE devices SET install_id = 'not-a-uuid' WHERE id = ?", arguments: [id.uuidString])
            }
            let error = await #expect(throws: RowDecodingError.self) { _ = try await storage.device(id: id) }
            #expect(String(describing: try #require(error)).contains("install_id"))
            await #expect(throws: RowDecodingError.self) { _ = try await storage.deviceSummaries() }
        }
    }
}
