import Foundation
import Testing
import Wakeful
import WakefulStore
import WakefulTestSupport

/// Files that cannot be an outbox give an error naming the path and what to do.
@Suite("SQLiteOutbox open errors", .watchdog, .cpuBound)
struct SQLiteOutboxOpenErrorTests {
    @Test(
        "a file that is not a database",
        arguments: ["plain text, not SQLite\n", String(repeating: "\u{1}", count: 4096)])
    func notADatabase(_ contents: String) throws {
        try withDatabasePath { path in
            try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
            let error = try #require(throws: OutboxStoreError.self) { try SQLiteOutbox(path: path) }
            #expect(error.code == .notADatabase)
            #expect(error.description.hasPrefix(path + ": not a Wakeful outbox database"))
            #expect(error.description.contains("Move the file aside"))
        }
    }

    @Test("a damaged database: a valid header, then garbage")
    func damaged() throws {
        try withDatabasePath { path in
            do {
                let outbox = try openOutbox(path)
                try appendSamples(outbox, count: 50, padding: 200)
            }
            // Keep the 100-byte header, overwrite the schema page and the rest.
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seek(toOffset: 100)
            try handle.write(contentsOf: Data(repeating: 0xA5, count: 8192))
            try handle.close()
            try? FileManager.default.removeItem(atPath: path + "-wal")
            try? FileManager.default.removeItem(atPath: path + "-shm")
            let error = try #require(throws: OutboxStoreError.self) { try SQLiteOutbox(path: path) }
            #expect(error.code == .notADatabase)
            #expect(error.path == path)
        }
    }

    @Test("another program's SQLite database is left untouched")
    func foreignDatabase() throws {
        try withDatabasePath { path in
            try makeForeignDatabase(at: path)
            let error = try #require(throws: OutboxStoreError.self) { try SQLiteOutbox(path: path) }
            #expect(error.code == .notADatabase)
            #expect(error.detail.contains("tables players"))
            #expect(try tableNames(at: path) == ["players"])
        }
    }

    @Test("a folder that does not exist")
    func missingFolder() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("missing/outbox.sqlite").path
            let error = try #require(throws: OutboxStoreError.self) { try SQLiteOutbox(path: path) }
            #expect(error.code == .cannotOpen)
            #expect(error.description.hasPrefix(path + ": cannot open"))
        }
    }

    @Test("an unknown migration name")
    func unknownMigration() throws {
        try withDatabasePath { path in
            let error = try #require(throws: OutboxStoreError.self) { try SQLiteOutbox(path: path, upTo: "v9") }
            #expect(error.code == .unknownMigration)
            #expect(error.description.contains("expected one of v1, v2"))
        }
    }

    @Test("a store migrated further than asked")
    func migratedBeyond() throws {
        try withDatabasePath { path in
            _ = try SQLiteOutbox(path: path)
            let error = try #require(throws: OutboxStoreError.self) { try SQLiteOutbox(path: path, upTo: "v1") }
            #expect(error.code == .newerSchema)
            #expect(error.detail.contains("v2"))
        }
    }
}
