import Foundation
import GRDB
import Wakeful
@testable import WakefulStore

/// Runs `body` with the path of a database file in a temporary directory removed afterwards.
func withDatabasePath<T>(_ body: (String) throws -> T) throws -> T {
    try withTemporaryDirectory { directory in try body(directory.appendingPathComponent("outbox.sqlite").path) }
}

/// Opens the outbox at `path` for install ``testInstall``.
func openOutbox(_ path: String, upTo migration: String? = nil, crashAt points: Set<OutboxFaultPoint> = []) throws
    -> SQLiteOutbox
{
    try SQLiteOutbox(
        path: path, upTo: migration,
        options: SQLiteOutbox.Options(newInstallID: testInstall, faultInjector: points.isEmpty ? nil : CrashAt(points)))
}

extension SQLiteOutbox {
    /// Every row of every table, as text, for comparing states byte for byte.
    func dump() throws -> [String] {
        try queue.read { db in
            let tables = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            return try tables.flatMap { table in
                try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY rowid").map { "\(table): \($0.description)" }
            }
        }
    }

    /// The schema's tables and indexes, by name.
    func schemaObjects() throws -> Set<String> {
        try queue.read { db in
            Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"))
        }
    }

    /// The value of a pragma, as text.
    func pragma(_ name: String) throws -> String? {
        try queue.read { db in try String.fetchOne(db, sql: "PRAGMA \(name)") }
    }
}

extension SQLiteOutbox {
    /// The store's invariants that do not hold (empty when consistent): at most one open batch,
    /// which holds the oldest pending records, the counters beyond every seq used, pending and quarantined
    /// records disjoint, foreign keys and SQLite's own integrity.
    func invariantViolations() throws -> [String] {
        try queue.read { db in
            var violations: [String] = []
            if try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM batches")! > 1 {
                violations.append("more than one open batch")
            }
            let olderThanBatch = "SELECT COUNT(*) FROM records WHERE seq < (SELECT first_seq FROM batches)"
            if try Int.fetchOne(db, sql: olderThanBatch)! > 0 {
                violations.append("pending records older than the open batch")
            }
            if try Int.fetchOne(
                db,
                sql:
                    "SELECT COUNT(*) FROM records WHERE seq BETWEEN (SELECT first_seq FROM batches) AND (SELECT last_seq FROM batches)"
            ) == 0,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM batches")! > 0
            {
                violations.append("an open batch without records")
            }
            let nextSeq = try Int64.fetchOne(db, sql: "SELECT next_seq FROM meta")!
            let hasQuarantine = try db.tableExists("quarantine")
            let used =
                hasQuarantine
                ? "SELECT seq FROM records UNION ALL SELECT seq FROM quarantine" : "SELECT seq FROM records"
            let maxSeq = try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM (\(used))") ?? 0
            if nextSeq <= maxSeq { violations.append("next_seq \(nextSeq) not beyond the last seq \(maxSeq)") }
            if hasQuarantine, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM records JOIN quarantine USING (seq)")! > 0
            {
                violations.append("records both pending and quarantined")
            }
            if try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") != nil {
                violations.append("foreign key violation")
            }
            if let check = try String.fetchOne(db, sql: "PRAGMA integrity_check"), check != "ok" {
                violations.append(check)
            }
            return violations
        }
    }
}

/// Creates an SQLite database that is not an outbox, with one table `players`.
func makeForeignDatabase(at path: String) throws {
    try DatabaseQueue(path: path).write { db in
        try db.execute(sql: "CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT)")
    }
}

/// The tables of the database at `path`.
func tableNames(at path: String) throws -> [String] {
    try DatabaseQueue(path: path).read { db in
        try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    }
}
