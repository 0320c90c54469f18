import Foundation
import GRDBSQLite

/// The baseline for `wakeful bench-store`: the same inserts, claims and deletes on the same schema
/// through SQLite's C API directly, with nothing of GRDB or the outbox in between.
final class RawSQLite {
    /// The connection.
    private let connection: OpaquePointer
    /// Where the database is, for error messages.
    private let path: String

    /// Opens `path` in WAL mode with the given `synchronous` level and foreign keys on.
    init(path: String, synchronous: String) throws {
        var connection: OpaquePointer?
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let connection else {
            throw RawSQLiteError(path: path, message: "cannot open")
        }
        self.connection = connection
        self.path = path
        try execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = \(synchronous); PRAGMA foreign_keys = ON")
    }

    deinit {
        sqlite3_close_v2(connection)
    }

    /// Runs SQL without results.
    func execute(_ sql: String) throws {
        guard sqlite3_exec(connection, sql, nil, nil, nil) == SQLITE_OK else { throw error() }
    }

    /// Inserts records `(seq, uuid, kind, payload, recorded_at, byte_count)` in one transaction.
    func insert(_ rows: [RawRow]) throws {
        try execute("BEGIN IMMEDIATE")
        let statement = try prepare("INSERT INTO records (seq, uuid, kind, payload, recorded_at, byte_count) VALUES (?, ?, ?, ?, ?, ?)")
        defer { sqlite3_finalize(statement) }
        for row in rows {
            sqlite3_bind_int64(statement, 1, row.seq)
            sqlite3_bind_text(statement, 2, row.uuid, -1, transient)
            sqlite3_bind_text(statement, 3, row.kind, -1, transient)
            sqlite3_bind_text(statement, 4, row.payload, -1, transient)
            sqlite3_bind_double(statement, 5, row.recordedAt)
            sqlite3_bind_int64(statement, 6, Int64(row.byteCount))
            guard sqlite3_step(statement) == SQLITE_DONE else { throw error() }
            sqlite3_reset(statement)
        }
        try execute("COMMIT")
    }

    /// Claims the oldest `limit` records not in a batch as batch `id`, reading them into memory,
    /// in one transaction; returns how many.
    func claim(limit: Int, id: String, now: Double) throws -> Int {
        try execute("BEGIN IMMEDIATE")
        let select = try prepare("SELECT uuid, seq, kind, payload, recorded_at, byte_count FROM records ORDER BY seq LIMIT ?")
        defer { sqlite3_finalize(select) }
        sqlite3_bind_int64(select, 1, Int64(limit))
        var rows: [RawRow] = []
        while sqlite3_step(select) == SQLITE_ROW {
            rows.append(RawRow(
                seq: sqlite3_column_int64(select, 1), uuid: String(cString: sqlite3_column_text(select, 0)),
                kind: String(cString: sqlite3_column_text(select, 2)), payload: String(cString: sqlite3_column_text(select, 3)),
                recordedAt: sqlite3_column_double(select, 4), byteCount: Int(sqlite3_column_int64(select, 5))))
        }
        if let first = rows.first, let last = rows.last {
            try execute("INSERT INTO batches (id, claimed_at, first_seq, last_seq) VALUES ('\(id)', \(now), \(first.seq), \(last.seq))")
        }
        try execute("COMMIT")
        return rows.count
    }

    /// Deletes batch `id` and its records in one transaction.
    func settle(id: String) throws {
        try execute(
            """
            BEGIN IMMEDIATE;
            DELETE FROM records
            WHERE seq BETWEEN (SELECT first_seq FROM batches WHERE id = '\(id)') AND (SELECT last_seq FROM batches WHERE id = '\(id)');
            DELETE FROM batches WHERE id = '\(id)';
            COMMIT
            """)
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK else { throw error() }
        return statement
    }

    private func error() -> RawSQLiteError {
        RawSQLiteError(path: path, message: String(cString: sqlite3_errmsg(connection)))
    }

    /// SQLite copies bound text at once (`SQLITE_TRANSIENT`).
    private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// One record's columns, as the baseline inserts and reads them.
struct RawRow {
    var seq: Int64
    var uuid: String
    var kind: String
    var payload: String
    var recordedAt: Double
    var byteCount: Int
}

/// A failure of the baseline, with SQLite's message.
struct RawSQLiteError: Error, CustomStringConvertible {
    var path: String
    var message: String
    var description: String { "\(path): \(message)" }
}
