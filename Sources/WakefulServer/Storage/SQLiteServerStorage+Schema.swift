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
        migrator.registerMigration("v4: remote configurations and cohorts") { db in
            // Rows are never updated: the table is the audit trail. target: a device ID or a cohort's name.
            try db.execute(
                sql: """
                    CREATE TABLE configurations (
                        version INTEGER PRIMARY KEY NOT NULL CHECK (version >= 1),
                        target_kind TEXT NOT NULL CHECK (target_kind IN ('device', 'cohort')),
                        target TEXT NOT NULL,
                        payload TEXT NOT NULL,
                        signature TEXT NOT NULL,
                        author TEXT NOT NULL,
                        note TEXT,
                        created_at REAL NOT NULL
                    );
                    CREATE INDEX configurations_by_target ON configurations (target_kind, target, version);
                    CREATE TABLE device_cohorts (
                        device_id TEXT PRIMARY KEY NOT NULL REFERENCES devices(id),
                        cohort TEXT NOT NULL,
                        author TEXT NOT NULL,
                        updated_at REAL NOT NULL
                    );
                    """)
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
        migrator.registerMigration("v6: Live Activity tokens and pushes") { db in
            // activity '' is the device's push-to-start token (LIVE-4); the others are update tokens (LIVE-5).
            try db.execute(
                sql: """
                    CREATE TABLE live_activity_tokens (
                        device_id TEXT NOT NULL REFERENCES devices(id),
                        activity TEXT NOT NULL,
                        token TEXT NOT NULL,
                        environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
                        updated_at REAL NOT NULL,
                        invalidated_at REAL,
                        PRIMARY KEY (device_id, activity)
                    );
                    CREATE TABLE live_activity_pushes (
                        id TEXT PRIMARY KEY NOT NULL,
                        device_id TEXT NOT NULL REFERENCES devices(id),
                        activity TEXT NOT NULL,
                        event TEXT NOT NULL CHECK (event IN ('start', 'update', 'end')),
                        priority INTEGER NOT NULL CHECK (priority IN (5, 10)),
                        created_at REAL NOT NULL,
                        state TEXT NOT NULL CHECK (state IN ('sending', 'delivered', 'failed', 'unsent')),
                        status INTEGER,
                        reason TEXT,
                        apns_id TEXT,
                        answered_at REAL
                    );
                    CREATE INDEX live_activity_pushes_by_device ON live_activity_pushes (device_id, created_at);
                    """)
        }
        return migrator
    }
}
