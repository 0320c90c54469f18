import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import GRDB
import Wakeful

/// ``ServerStorage`` on one SQLite file (GRDB): WAL journal, `synchronous = FULL` so a commit is
/// on disk before the server answers, migrations applied on open.
///
/// ```swift
/// let storage = try SQLiteServerStorage(directory: URL(fileURLWithPath: "wakeful-data"))
/// ```
///
/// Writers are serialised by SQLite; readers run beside them on the pool's other connections.
public final class SQLiteServerStorage: ServerStorage {
    /// The database file's name inside the data directory.
    public static let fileName = "wakeful-server.sqlite"

    let pool: DatabasePool

    /// Opens (creating if needed) the database in `directory`, which must exist, and migrates it.
    public init(directory: URL) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.foreignKeysEnabled = true
        let path = directory.appendingPathComponent(Self.fileName).path
        Self.restrictToOwner(path)
        pool = try DatabasePool(path: path, configuration: configuration)
        // Durable acknowledgements: the WAL is synced on every commit. Set on the writer after
        // opening, because GRDB's WAL set-up sets NORMAL itself.
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        try Self.migrator.migrate(pool)
    }

    /// Makes the database file readable by its owner only (0600, like the admin token), creating
    /// it empty when missing: SQLite then gives its `-wal` and `-shm` files the same mode.
    private static func restrictToOwner(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CREAT, 0o600)
        guard descriptor >= 0 else { return }  // GRDB's open reports what is wrong with the path
        _ = fchmod(descriptor, 0o600)
        close(descriptor)
    }

    public func register(
        _ registration: DeviceRegistration, tokenHash: String, at time: TimeInterval, existing policy: ExistingInstall
    ) async throws -> UUID {
        try await pool.write { db in
            let install = registration.installID.uuidString
            let existing = try Row.fetchOne(
                db, sql: "SELECT id, revoked_at, token_hash FROM devices WHERE install_id = ?", arguments: [install])
            let id: UUID
            if let existing {
                if try existing.decode(TimeInterval?.self, forColumn: "revoked_at") != nil {
                    throw ServerStorageError.deviceRevoked
                }
                switch policy {
                case .replace: break
                case .refuse: throw ServerStorageError.installRegistered
                case .rotate(let current):
                    guard try existing.decode(String.self, forColumn: "token_hash") == current else {
                        throw ServerStorageError.installRegistered
                    }
                }
                id = try existing.decode(forColumn: "id")
                try db.execute(
                    sql: """
                        UPDATE devices SET token_hash = ?, bundle_id = ?, app_version = ?, os_version = ?, last_seen = ?
                        WHERE id = ?
                        """,
                    arguments: [
                        tokenHash, registration.bundleID, registration.appVersion, registration.osVersion, time,
                        id.uuidString,
                    ])
            } else {
                id = UUID()
                try db.execute(
                    sql: """
                        INSERT INTO devices (id, install_id, bundle_id, app_version, os_version, token_hash, created_at, last_seen)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        id.uuidString, install, registration.bundleID, registration.appVersion, registration.osVersion,
                        tokenHash, time, time,
                    ])
            }
            if let apns = registration.apns { try Self.upsertAPNs(apns, deviceID: id.uuidString, at: time, in: db) }
            return id
        }
    }

    public func device(tokenHash: String) async throws -> StoredDevice? {
        try await pool.read { db in
            try DeviceRecord.fetchOne(
                db, sql: "SELECT id, install_id, bundle_id, revoked_at FROM devices WHERE token_hash = ?",
                arguments: [tokenHash])?
                .device
        }
    }

    public func device(id: UUID) async throws -> StoredDevice? {
        try await pool.read { db in
            try DeviceRecord.fetchOne(
                db, sql: "SELECT id, install_id, bundle_id, revoked_at FROM devices WHERE id = ?",
                arguments: [id.uuidString])?
                .device
        }
    }

    public func revoke(deviceID: UUID, at time: TimeInterval) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE devices SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?",
                arguments: [time, deviceID.uuidString])
            return db.changesCount > 0
        }
    }

    public func setAPNsToken(_ token: APNsRegistration, deviceID: UUID, at time: TimeInterval) async throws {
        try await pool.write { db in try Self.upsertAPNs(token, deviceID: deviceID.uuidString, at: time, in: db) }
    }

    public func apnsToken(deviceID: UUID) async throws -> StoredAPNsToken? {
        try await pool.read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql:
                        "SELECT token, environment, topic, updated_at, invalidated_at FROM apns_tokens WHERE device_id = ?",
                    arguments: [deviceID.uuidString]),
                let environment = APNsRegistration.Environment(rawValue: try row.decode(forColumn: "environment"))
            else { return nil }
            return StoredAPNsToken(
                registration: APNsRegistration(
                    token: try row.decode(forColumn: "token"), environment: environment,
                    topic: try row.decode(forColumn: "topic")),
                updatedAt: try row.decode(forColumn: "updated_at"),
                invalidatedAt: try row.decode(forColumn: "invalidated_at"))
        }
    }

    private static func upsertAPNs(_ token: APNsRegistration, deviceID: String, at time: TimeInterval, in db: Database)
        throws
    {
        try db.execute(
            sql: """
                INSERT INTO apns_tokens (device_id, token, environment, topic, updated_at, invalidated_at) VALUES (?, ?, ?, ?, ?, NULL)
                ON CONFLICT (device_id) DO UPDATE SET token = excluded.token, environment = excluded.environment,
                    topic = excluded.topic, updated_at = excluded.updated_at, invalidated_at = NULL
                """,
            arguments: [deviceID, token.token, token.environment.rawValue, token.topic, time])
    }
}
