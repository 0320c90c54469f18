import Foundation
import Logging
import PostgresNIO
import Wakeful

extension PostgresServerStorage: ConfigurationStorage {
    public func insertConfiguration(
        target: ConfigurationTarget, author: String, note: String?, at time: TimeInterval,
        sign: @escaping @Sendable (Int) throws -> SignedRemoteConfiguration
    ) async throws -> StoredConfiguration {
        try await inTransaction("insert configuration") { [self] connection in
            // Serialises configuration writers across servers until the commit, so the highest
            // version read is still the highest at the insert; readers are not blocked.
            try await connection.query("LOCK TABLE configurations IN SHARE ROW EXCLUSIVE MODE", logger: logger)
            let highest =
                try await connection.query("SELECT COALESCE(MAX(version), 0) FROM configurations", logger: logger)
                .decode(Int.self).first { _ in true } ?? 0
            let version = highest + 1
            let signed = try sign(version)
            let payload = String(decoding: signed.payload, as: UTF8.self)
            let signature = Data(signed.signature).base64EncodedString()
            try await connection.query(
                """
                INSERT INTO configurations (version, target_kind, target, payload, signature, author, note, created_at)
                VALUES (\(version), \(target.kind), \(target.name), \(payload), \(signature), \(author), \(note), \(time))
                """, logger: logger)
            return StoredConfiguration(
                version: version, target: target, signed: signed, author: author, note: note, createdAt: time)
        }
    }

    public func configurations(target: ConfigurationTarget, limit: Int) async throws -> [StoredConfiguration] {
        try await withConnection("configurations") { [self] connection in
            try await Self.configurations(
                from: connection.query(
                    """
                    SELECT \(unescaped: Self.configurationColumns()) FROM configurations
                    WHERE target_kind = \(target.kind) AND target = \(target.name)
                    ORDER BY version DESC LIMIT \(limit)
                    """, logger: logger))
        }
    }

    public func effectiveConfiguration(deviceID: UUID) async throws -> StoredConfiguration? {
        try await withConnection("effective configuration") { [self] connection in
            let own = try await Self.configurations(
                from: connection.query(
                    """
                    SELECT \(unescaped: Self.configurationColumns()) FROM configurations
                    WHERE target_kind = 'device' AND target = \(deviceID.uuidString)
                    ORDER BY version DESC LIMIT 1
                    """, logger: logger))
            if let own = own.first { return own }
            return try await Self.configurations(
                from: connection.query(
                    """
                    SELECT \(unescaped: Self.configurationColumns("c.")) FROM configurations c
                    JOIN device_cohorts d ON c.target = d.cohort
                    WHERE c.target_kind = 'cohort' AND d.device_id = \(deviceID)
                    ORDER BY c.version DESC LIMIT 1
                    """, logger: logger)
            ).first
        }
    }

    public func setCohort(_ cohort: String?, deviceID: UUID, author: String, at time: TimeInterval) async throws {
        try await withConnection("set cohort", writes: true) { [self] connection in
            if let cohort {
                try await connection.query(
                    """
                    INSERT INTO device_cohorts (device_id, cohort, author, updated_at)
                    VALUES (\(deviceID), \(cohort), \(author), \(time))
                    ON CONFLICT (device_id) DO UPDATE SET cohort = EXCLUDED.cohort, author = EXCLUDED.author,
                        updated_at = EXCLUDED.updated_at
                    """, logger: logger)
            } else {
                try await connection.query("DELETE FROM device_cohorts WHERE device_id = \(deviceID)", logger: logger)
            }
        }
    }

    public func cohort(deviceID: UUID) async throws -> String? {
        try await withConnection("cohort") { [self] connection in
            try await connection.query(
                "SELECT cohort FROM device_cohorts WHERE device_id = \(deviceID)", logger: logger
            ).decode(String.self).first { _ in true }
        }
    }

    /// The columns ``configurations(from:)`` reads, in its order.
    private static func configurationColumns(_ prefix: String = "") -> String {
        ["version", "target_kind", "target", "payload", "signature", "author", "note", "created_at"]
            .map { prefix + $0 }.joined(separator: ", ")
    }

    /// The rows of a query of ``configurationColumns``; rows this version cannot read are left out.
    private static func configurations(from rows: PostgresRowSequence) async throws -> [StoredConfiguration] {
        var stored: [StoredConfiguration] = []
        for try await (version, kind, name, payload, signature, author, note, createdAt) in rows.decode(
            (Int, String, String, String, String, String, String?, Double).self)
        {
            guard let target = ConfigurationTarget(kind: kind, name: name),
                let signature = Data(base64Encoded: signature)
            else { continue }
            stored.append(
                StoredConfiguration(
                    version: version, target: target,
                    signed: SignedRemoteConfiguration(payload: Array(payload.utf8), signature: Array(signature)),
                    author: author, note: note, createdAt: createdAt))
        }
        return stored
    }
}
