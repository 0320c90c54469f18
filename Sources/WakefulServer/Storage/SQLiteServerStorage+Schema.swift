import GRDB

extension SQLiteServerStorage {
    /// The schema's append-only migrations, applied on open.
    ///
    /// Times are seconds since 1970 (REAL), IDs and UUIDs upper-case text, the credential only as
    /// the hex SHA-256 of the token.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: devices, records, batches, APNs tokens") { db in
            try db.execute(
                sql: """
                    CREATE TABLE devices (
                        id TEXT PRIMARY KEY NOT NULL,
                        install_id TEXT NOT NULL UNIQUE,
                        bundle_id TEXT NOT NULL,
                        app_version TEXT NOT NULL,
                        os_version TEXT NOT NULL,
                        token_hash TEXT NOT NULL UNIQUE,
                        created_at REAL NOT NULL,
                        revoked_at REAL,
                        last_seen REAL NOT NULL
                    );
                    CREATE TABLE records (
                        id INTEGER PRIMARY KEY,
                        device_id TEXT NOT NULL REFERENCES devices(id),
                        uuid TEXT NOT NULL,
                        seq INTEGER NOT NULL CHECK (seq >= 1),
                        kind TEXT NOT NULL,
                        payload TEXT NOT NULL,
                        recorded_at REAL NOT NULL,
                        received_at REAL NOT NULL,
                        UNIQUE (device_id, uuid)
                    );
                    CREATE INDEX records_by_time ON records (device_id, recorded_at, seq);
                    CREATE TABLE ingest_batches (
                        device_id TEXT NOT NULL REFERENCES devices(id),
                        batch_id TEXT NOT NULL,
                        digest TEXT NOT NULL,
                        received_at REAL NOT NULL,
                        record_count INTEGER NOT NULL,
                        accepted INTEGER NOT NULL,
                        duplicates INTEGER NOT NULL,
                        PRIMARY KEY (device_id, batch_id)
                    );
                    CREATE TABLE apns_tokens (
                        device_id TEXT PRIMARY KEY NOT NULL REFERENCES devices(id),
                        token TEXT NOT NULL,
                        environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
                        topic TEXT NOT NULL,
                        updated_at REAL NOT NULL,
                        invalidated_at REAL
                    );
                    """)
        }
        migrator.registerMigration("v2: wakes and their APNs attempts") { db in
            // claim_id / claimed_until: which instance is sending a wake, and until when it may.
            try db.execute(
                sql: """
                    CREATE TABLE wakes (
                        id TEXT PRIMARY KEY NOT NULL,
                        device_id TEXT NOT NULL REFERENCES devices(id),
                        scheduled_at REAL NOT NULL,
                        expires_at REAL NOT NULL,
                        note TEXT,
                        collapse_id TEXT,
                        created_at REAL NOT NULL,
                        state TEXT NOT NULL CHECK (state IN ('scheduled', 'sending', 'delivered', 'failed', 'expired')),
                        next_attempt_at REAL NOT NULL,
                        attempt_count INTEGER NOT NULL DEFAULT 0,
                        reason TEXT,
                        delivered_at REAL,
                        claim_id TEXT,
                        claimed_until REAL
                    );
                    CREATE INDEX wakes_by_device ON wakes (device_id, scheduled_at);
                    CREATE INDEX wakes_due ON wakes (state, next_attempt_at);
                    CREATE TABLE push_attempts (
                        id INTEGER PRIMARY KEY,
                        wake_id TEXT NOT NULL REFERENCES wakes(id),
                        device_id TEXT NOT NULL REFERENCES devices(id),
                        apns_id TEXT NOT NULL,
                        status INTEGER,
                        reason TEXT,
                        latency_seconds REAL NOT NULL,
                        attempted_at REAL NOT NULL,
                        outcome TEXT NOT NULL
                    );
                    CREATE INDEX push_attempts_by_device ON push_attempts (device_id, attempted_at);
                    CREATE INDEX push_attempts_by_wake ON push_attempts (wake_id, id);
                    """)
        }
        migrator.registerMigration("v3: records by device and seq") { db in
            // Finds a seq the device already stored under another UUID (ingest counts such reuse).
            try db.execute(sql: "CREATE INDEX records_by_seq ON records (device_id, seq)")
        }
        migrator.registerMigration("v5: timeline exports") { db in
            // One per (device, export ID), the body as the device sent it (TimelineExportStorage).
            try db.execute(
                sql: """
                    CREATE TABLE timeline_exports (
                        device_id TEXT NOT NULL REFERENCES devices(id),
                        export_id TEXT NOT NULL,
                        digest TEXT NOT NULL,
                        received_at REAL NOT NULL,
                        entry_count INTEGER NOT NULL,
                        byte_count INTEGER NOT NULL,
                        first_at REAL,
                        last_at REAL,
                        header_count INTEGER NOT NULL,
                        body BLOB NOT NULL,
                        PRIMARY KEY (device_id, export_id)
                    );
                    CREATE INDEX timeline_exports_by_receipt ON timeline_exports (device_id, received_at);
                    """)
        }
        return migrator
    }
}
