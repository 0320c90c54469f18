import Foundation
import GRDB
import Wakeful

extension SQLiteOutbox {
    /// The schema's migrations, in order. Append only: a released migration never changes.
    public static let migrations = ["v1", "v2", "v3"]

    /// Migrates the store up to `lastMigration` (all when nil), each migration in its own
    /// transaction, and returns the install ID.
    static func migrate(_ queue: DatabaseQueue, location: String, upTo lastMigration: String?, options: Options) throws
        -> UUID
    {
        let target = lastMigration ?? migrations[migrations.count - 1]
        guard let targetIndex = migrations.firstIndex(of: target) else {
            throw OutboxStoreError(.unknownMigration, path: location, detail: target)
        }
        let migrator = migrator(newInstallID: options.newInstallID ?? UUID(), injector: options.faultInjector)
        let (applied, tables) = try queue.read { db in
            let tables = """
                SELECT name FROM sqlite_master
                WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'grdb_migrations' ORDER BY name
                """
            return (try migrator.appliedIdentifiers(db), try String.fetchAll(db, sql: tables))
        }
        if applied.isEmpty, !tables.isEmpty {
            // Someone else's database: migrating it would mix our tables into it.
            let detail = "an SQLite database of something else, with tables \(tables.joined(separator: ", "))"
            throw OutboxStoreError(.notADatabase, path: location, detail: detail)
        }
        let unknown = applied.subtracting(migrations).sorted()
        guard unknown.isEmpty else {
            throw OutboxStoreError(.newerSchema, path: location, detail: unknown.joined(separator: ", "))
        }
        if let beyond = migrations[(targetIndex + 1)...].first(where: applied.contains) {
            // GRDB stops the process on such a request; a clear error is kinder.
            throw OutboxStoreError(.newerSchema, path: location, detail: "\(beyond), beyond the requested \(target),")
        }
        try migrator.migrate(queue, upTo: target)
        return try queue.read { db in
            guard let text = try String.fetchOne(db, sql: "SELECT install_id FROM meta"),
                let id = UUID(uuidString: text)
            else {
                throw OutboxStoreError(.notADatabase, path: location, detail: "the meta table has no valid install ID")
            }
            return id
        }
    }

    /// The migrator: `v1` the records, the open batch, job states and the meta row; `v2` the
    /// quarantine and its index by time; `v3` the strategies' saved states.
    private static func migrator(newInstallID: UUID, injector: (any OutboxFaultInjector)?) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1", foreignKeyChecks: .immediate) { db in
            // One row: the install and the durable counters (seq and batch numbers are never reused).
            try db.execute(
                sql: """
                    CREATE TABLE meta (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        install_id TEXT NOT NULL,
                        next_seq INTEGER NOT NULL CHECK (next_seq >= 1),
                        next_batch INTEGER NOT NULL CHECK (next_batch >= 1));
                    -- The open batch: the pending records from first_seq to last_seq. A claim takes the
                    -- oldest pending records and nothing older is added later, so the batch is always
                    -- the oldest pending records, and claiming or settling it rewrites no record row.
                    CREATE TABLE batches (
                        id TEXT PRIMARY KEY NOT NULL,
                        claimed_at REAL NOT NULL,
                        first_seq INTEGER NOT NULL,
                        last_seq INTEGER NOT NULL,
                        CHECK (first_seq <= last_seq));
                    CREATE TABLE records (
                        seq INTEGER PRIMARY KEY,
                        uuid TEXT NOT NULL UNIQUE,
                        kind TEXT NOT NULL,
                        payload TEXT NOT NULL,
                        recorded_at REAL NOT NULL,
                        byte_count INTEGER NOT NULL);
                    CREATE TABLE job_states (
                        job TEXT PRIMARY KEY NOT NULL,
                        last_completed REAL,
                        last_started REAL,
                        progress REAL NOT NULL,
                        checkpoint TEXT,
                        completed_runs INTEGER NOT NULL);
                    """)
            try db.execute(
                sql: "INSERT INTO meta (id, install_id, next_seq, next_batch) VALUES (1, ?, 1, 1)",
                arguments: [newInstallID.uuidString])
            try injector?.check(.duringMigration("v1"))
        }
        migrator.registerMigration("v2", foreignKeyChecks: .immediate) { db in
            try db.execute(
                sql: """
                    CREATE TABLE quarantine (
                        seq INTEGER PRIMARY KEY,
                        uuid TEXT NOT NULL UNIQUE,
                        kind TEXT NOT NULL,
                        payload TEXT NOT NULL,
                        recorded_at REAL NOT NULL,
                        reason TEXT NOT NULL,
                        quarantined_at REAL NOT NULL);
                    CREATE INDEX quarantine_by_time ON quarantine(quarantined_at);
                    """)
            try injector?.check(.duringMigration("v2"))
        }
        migrator.registerMigration("v3", foreignKeyChecks: .immediate) { db in
            try db.execute(
                sql: "CREATE TABLE strategy_states (strategy TEXT PRIMARY KEY NOT NULL, state TEXT NOT NULL)")
            try injector?.check(.duringMigration("v3"))
        }
        return migrator
    }
}
