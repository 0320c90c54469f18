import Logging
import PostgresNIO

/// One append-only step of the PostgreSQL schema: its version, a name for the logs, its statements.
struct PostgresMigration: Sendable {
    /// Its version: higher than the previous migration's. Versions may leave gaps, filled later by
    /// migrations that were numbered before they were released.
    let version: Int
    /// What it adds.
    let name: String
    /// The statements, run in order (the extended protocol takes one statement per query).
    let statements: [String]
}

extension PostgresServerStorage {
    /// The schema's migrations, in order of version. A new feature appends one with the version it
    /// was given (versions are handed out before the features land, so one may fill a gap below the
    /// highest); a migration that was released is never edited.
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
    ]

    /// The advisory lock key that serialises migrations between servers starting at once
    /// ("wakeful" in ASCII).
    static let migrationLock: Int64 = 0x77_616B_6566_756C

    /// Applies the migrations the database lacks, all in one transaction.
    ///
    /// The transaction first takes an advisory lock, so a second server starting at the same time
    /// waits, then finds the schema migrated and applies nothing. `wakeful_schema_migrations`
    /// records each applied version; each of `migrations` not recorded there is applied, in order,
    /// so one filling a gap below the highest applied version still runs (as GRDB's migrator,
    /// which goes by name, does for SQLite).
    ///
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
            let recorded = try await connection.query(
                "SELECT version FROM wakeful_schema_migrations", logger: logger
            )
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
