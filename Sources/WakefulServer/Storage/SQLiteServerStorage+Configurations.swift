import Foundation
import GRDB
import Wakeful

extension SQLiteServerStorage: ConfigurationStorage {
    public func insertConfiguration(
        target: ConfigurationTarget, author: String, note: String?, at time: TimeInterval,
        sign: @escaping @Sendable (Int) throws -> SignedRemoteConfiguration
    ) async throws -> StoredConfiguration {
        // One writer at a time (SQLite), so the highest version read is still the highest at the insert.
        try await pool.write { db in
            let version = (try Int.fetchOne(db, sql: "SELECT MAX(version) FROM configurations") ?? 0) + 1
            let signed = try sign(version)
            try db.execute(
                sql: """
                    INSERT INTO configurations (version, target_kind, target, payload, signature, author, note, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    version, target.kind, target.name, String(decoding: signed.payload, as: UTF8.self),
                    Data(signed.signature).base64EncodedString(), author, note, time,
                ])
            return StoredConfiguration(
                version: version, target: target, signed: signed, author: author, note: note, createdAt: time)
        }
    }

    public func configurations(target: ConfigurationTarget, limit: Int) async throws -> [StoredConfiguration] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM configurations WHERE target_kind = ? AND target = ?
                    ORDER BY version DESC LIMIT ?
                    """,
                arguments: [target.kind, target.name, limit]
            ).compactMap(Self.configuration)
        }
    }

    public func effectiveConfiguration(deviceID: UUID) async throws -> StoredConfiguration? {
        try await pool.read { db in
            let own = try Row.fetchOne(
                db,
                sql: """
                    SELECT * FROM configurations WHERE target_kind = 'device' AND target = ?
                    ORDER BY version DESC LIMIT 1
                    """,
                arguments: [deviceID.uuidString])
            let row =
                try own
                ?? Row.fetchOne(
                    db,
                    sql: """
                        SELECT c.* FROM configurations c JOIN device_cohorts d ON c.target = d.cohort
                        WHERE c.target_kind = 'cohort' AND d.device_id = ?
                        ORDER BY c.version DESC LIMIT 1
                        """,
                    arguments: [deviceID.uuidString])
            return row.flatMap(Self.configuration)
        }
    }

    public func setCohort(_ cohort: String?, deviceID: UUID, author: String, at time: TimeInterval) async throws {
        try await pool.write { db in
            if let cohort {
                try db.execute(
                    sql: """
                        INSERT INTO device_cohorts (device_id, cohort, author, updated_at) VALUES (?, ?, ?, ?)
                        ON CONFLICT (device_id) DO UPDATE SET cohort = excluded.cohort, author = excluded.author,
                            updated_at = excluded.updated_at
                        """,
                    arguments: [deviceID.uuidString, cohort, author, time])
            } else {
                try db.execute(sql: "DELETE FROM device_cohorts WHERE device_id = ?", arguments: [deviceID.uuidString])
            }
        }
    }

    public func cohort(deviceID: UUID) async throws -> String? {
        try await pool.read { db in
            try String.fetchOne(
                db, sql: "SELECT cohort FROM device_cohorts WHERE device_id = ?", arguments: [deviceID.uuidString])
        }
    }

    /// A `configurations` row; nil for a row this version cannot read (never written by it).
    private static func configuration(_ row: Row) -> StoredConfiguration? {
        guard let target = ConfigurationTarget(kind: row["target_kind"], name: row["target"]),
            let signature = Data(base64Encoded: row["signature"] as String)
        else { return nil }
        return StoredConfiguration(
            version: row["version"], target: target,
            signed: SignedRemoteConfiguration(
                payload: Array((row["payload"] as String).utf8), signature: Array(signature)),
            author: row["author"], note: row["note"], createdAt: row["created_at"])
    }
}
