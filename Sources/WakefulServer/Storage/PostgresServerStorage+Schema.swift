import Logging
import PostgresNIO

/// One append-only step of the PostgreSQL schema: its version, a name for the logs, its statements.
struct PostgresMigration: Sendable {
    /// The version it brings the schema to, higher than the previous migration's. A number may be
    /// missing: each feature branch is given its number before the branches are merged.
    let version: Int
    /// What it adds.
    let name: String
    /// The statements, run in order (the extended protocol takes one statement per query).
    let statements: [String]
}

extension PostgresServerStorage {
    /// The schema's migrations, in order of version. A new feature adds one with the next free
    /// number, or the number it was given when several branches add one at once; a migration that
    /// was released is never edited.
    ///
    /// The same tables as ``SQLiteServerStorage``: times are seconds since 1970 (double precision),
    /// IDs native `uuid`s, the credential only as the hex SHA-256 of the token.
    static let migrations: [PostgresMigration] = [
        PostgresMigration(
            version: 1, name: "v1: devices, records, batches, APNs tokens",
            statements: [
                """
                CREATE TABLE devices (
                    id uuid PRIMARY KEY,
                    install_id uuid NOT NULL UNIQUE,
                    bundle_id text NOT NULL,
                    app_version text NOT NULL,
                    os_version text NOT NULL,
                    token_hash text NOT NULL UNIQUE,
                    created_at double precision NOT NULL,
                    revoked_at double precision,
                    last_seen double precision NOT NULL
                )
                """,
                """
                CREATE TABLE records (
                    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    device_id uuid NOT NULL REFERENCES devices(id),
                    uuid uuid NOT NULL,
                    seq bigint NOT NULL CHECK (seq >= 1),
                    kind text NOT NULL,
                    payload text NOT NULL,
                    recorded_at double precision NOT NULL,
                    received_at double precision NOT NULL,
                    UNIQUE (device_id, uuid)
                )
                """,
                "CREATE INDEX records_by_time ON records (device_id, recorded_at, seq)",
                """
                CREATE TABLE ingest_batches (
                    device_id uuid NOT NULL REFERENCES devices(id),
                    batch_id uuid NOT NULL,
                    digest text NOT NULL,
                    received_at double precision NOT NULL,
                    record_count integer NOT NULL,
                    accepted integer NOT NULL,
                    duplicates integer NOT NULL,
                    PRIMARY KEY (device_id, batch_id)
                )
                """,
                """
                CREATE TABLE apns_tokens (
                    device_id uuid PRIMARY KEY REFERENCES devices(id),
                    token text NOT NULL,
                    environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
                    topic text NOT NULL,
                    updated_at double precision NOT NULL,
                    invalidated_at double precision
                )
                """,
            ]),
        PostgresMigration(
            version: 2, name: "v2: wakes and their APNs attempts",
            statements: [
                // claim_id / claimed_until: which instance is sending a wake, and until when it may.
                """
                CREATE TABLE wakes (
                    id uuid PRIMARY KEY,
                    device_id uuid NOT NULL REFERENCES devices(id),
                    scheduled_at double precision NOT NULL,
                    expires_at double precision NOT NULL,
                    note text,
                    collapse_id text,
                    created_at double precision NOT NULL,
                    state text NOT NULL CHECK (state IN ('scheduled', 'sending', 'delivered', 'failed', 'expired')),
                    next_attempt_at double precision NOT NULL,
                    attempt_count integer NOT NULL DEFAULT 0,
                    reason text,
                    delivered_at double precision,
                    claim_id uuid,
                    claimed_until double precision
                )
                """,
                "CREATE INDEX wakes_by_device ON wakes (device_id, scheduled_at)",
                "CREATE INDEX wakes_due ON wakes (state, next_attempt_at)",
                "CREATE INDEX wakes_by_claim ON wakes (claim_id) WHERE claim_id IS NOT NULL",
                """
                CREATE TABLE push_attempts (
                    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    wake_id uuid NOT NULL REFERENCES wakes(id),
                    device_id uuid NOT NULL REFERENCES devices(id),
                    apns_id text NOT NULL,
                    status integer,
                    reason text,
                    latency_seconds double precision NOT NULL,
                    attempted_at double precision NOT NULL,
                    outcome text NOT NULL
                )
                """,
                "CREATE INDEX push_attempts_by_device ON push_attempts (device_id, attempted_at)",
                "CREATE INDEX push_attempts_by_wake ON push_attempts (wake_id, id)",
            ]),
        PostgresMigration(
            version: 3, name: "v3: records by position and by seq",
            statements: [
                // Pages seek to (recorded_at, seq, id), a total order; SQLite's records_by_time
                // already ends with the rowid, PostgreSQL's index needs the column.
                "CREATE INDEX records_by_position ON records (device_id, recorded_at, seq, id)",
                "DROP INDEX records_by_time",
                // Finds a seq the device already stored under another UUID (ingest counts such reuse).
                "CREATE INDEX records_by_seq ON records (device_id, seq)",
            ]),
        PostgresMigration(
            version: 4, name: "v4: remote configurations and cohorts",
            statements: [
                // Rows are never updated: the table is the audit trail. target: a device ID or a cohort's name.
                """
                CREATE TABLE configurations (
                    version integer PRIMARY KEY CHECK (version >= 1),
                    target_kind text NOT NULL CHECK (target_kind IN ('device', 'cohort')),
                    target text NOT NULL,
                    payload text NOT NULL,
                    signature text NOT NULL,
                    author text NOT NULL,
                    note text,
                    created_at double precision NOT NULL
                )
                """,
                "CREATE INDEX configurations_by_target ON configurations (target_kind, target, version)",
                """
                CREATE TABLE device_cohorts (
                    device_id uuid PRIMARY KEY REFERENCES devices(id),
                    cohort text NOT NULL,
                    author text NOT NULL,
                    updated_at double precision NOT NULL
                )
                """,
            ]),
        PostgresMigration(
            version: 5, name: "v5: timeline exports",
            statements: [
                // One per (device, export ID), the body as the device sent it (TimelineExportStorage).
                """
                CREATE TABLE timeline_exports (
                    device_id uuid NOT NULL REFERENCES devices(id),
                    export_id uuid NOT NULL,
                    digest text NOT NULL,
                    received_at double precision NOT NULL,
                    entry_count bigint NOT NULL,
                    byte_count bigint NOT NULL,
                    first_at double precision,
                    last_at double precision,
                    header_count bigint NOT NULL,
                    body bytea NOT NULL,
                    PRIMARY KEY (device_id, export_id)
                )
                """,
                "CREATE INDEX timeline_exports_by_receipt ON timeline_exports (device_id, received_at)",
            ]),
        PostgresMigration(
            version: 6, name: "v6: Live Activity tokens and pushes",
            statements: [
                // activity '' is the device's push-to-start token (LIVE-4); the others are update tokens (LIVE-5).
                """
                CREATE TABLE live_activity_tokens (
                    device_id uuid NOT NULL REFERENCES devices(id),
                    activity text NOT NULL,
                    token text NOT NULL,
                    environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
                    updated_at double precision NOT NULL,
                    invalidated_at double precision,
                    PRIMARY KEY (device_id, activity)
                )
                """,
                """
                CREATE TABLE live_activity_pushes (
                    id uuid PRIMARY KEY,
                    device_id uuid NOT NULL REFERENCES devices(id),
                    activity text NOT NULL,
                    event text NOT NULL CHECK (event IN ('start', 'update', 'end')),
                    priority integer NOT NULL CHECK (priority IN (5, 10)),
                    created_at double precision NOT NULL,
                    state text NOT NULL CHECK (state IN ('sending', 'delivered', 'failed', 'unsent')),
                    status integer,
                    reason text,
                    apns_id text,
                    answered_at double precision
                )
                """,
                "CREATE INDEX live_activity_pushes_by_device ON live_activity_pushes (device_id, created_at)",
            ]),
    ]

    /// The advisory lock key that serialises migrations between servers starting at once
    /// ("wakeful" in ASCII).
    static let migrationLock: Int64 = 0x77_616B_6566_756C

    /// Applies the migrations the database lacks, all in one transaction.
    ///
    /// The transaction first takes an advisory lock, so a second server starting at the same time
    /// waits, then finds the schema migrated and applies nothing. `wakeful_schema_migrations`
    /// records each applied version; a migration whose version is not recorded is applied, even
    /// below a recorded one.
    ///
    /// - Parameter migrations: The schema's migrations; a test passes others.
    /// - Returns: The versions applied now.
    @discardableResult
    static func migrate(
        on connection: PostgresConnection, logger: Logger, migrations: [PostgresMigration] = migrations
    ) async throws -> [Int] {
        try await connection.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(migrationLock))", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS wakeful_schema_migrations (
                    version integer PRIMARY KEY,
                    name text NOT NULL,
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """, logger: logger)
            // Each migration not yet recorded, not only those above the highest: features merged
            // in another order than they were numbered leave a gap a later one fills.
            let recorded = try await connection.query("SELECT version FROM wakeful_schema_migrations", logger: logger)
                .decode(Int.self).reduce(into: Set<Int>()) { $0.insert($1) }
            var applied: [Int] = []
            for migration in migrations where !recorded.contains(migration.version) {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO wakeful_schema_migrations (version, name) VALUES (\(migration.version), \(migration.name))",
                    logger: logger)
                logger.info(
                    "migration applied",
                    metadata: ["version": .stringConvertible(migration.version), "name": .string(migration.name)])
                applied.append(migration.version)
            }
            return applied
        }
    }
}
