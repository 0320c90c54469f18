import Foundation
import GRDB
import Testing
@testable import WakefulServer

/// What only the SQLite engine promises; the shared behaviour is in ``ServerStorageConformanceTests``.
@Suite("SQLiteServerStorage", .timeLimit(.minutes(2)))
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
}
