import Foundation
import Logging
import PostgresNIO

extension PostgresServerStorage {
    public func register(
        _ registration: DeviceRegistration, tokenHash: String, at time: TimeInterval, existing policy: ExistingInstall
    ) async throws -> UUID {
        // Whether an existing install's credential may be replaced: always (admin), only while it
        // is the presented one (rotation), or never. An empty hash matches no stored one.
        let (replaceAny, currentHash): (Bool, String) =
            switch policy {
            case .replace: (true, "")
            case .rotate(let current): (false, current)
            case .refuse: (false, "")
            }
        return try await inTransaction("register") { [self] connection in
            // One statement, so two servers registering the same install at once end with one
            // device: the second waits for the first's row, then updates it if allowed. A revoked
            // device's row, or one the caller may not replace, is left as it is and no ID comes back.
            let rows = try await connection.query(
                """
                INSERT INTO devices (id, install_id, bundle_id, app_version, os_version, token_hash, created_at, last_seen)
                VALUES (\(UUID()), \(registration.installID), \(registration.bundleID), \(registration.appVersion),
                    \(registration.osVersion), \(tokenHash), \(time), \(time))
                ON CONFLICT (install_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, bundle_id = EXCLUDED.bundle_id,
                    app_version = EXCLUDED.app_version, os_version = EXCLUDED.os_version, last_seen = EXCLUDED.last_seen
                WHERE devices.revoked_at IS NULL AND (\(replaceAny) OR devices.token_hash = \(currentHash))
                RETURNING id
                """, logger: logger)
            guard let id = try await rows.decode(UUID.self).first(where: { _ in true }) else {
                // The row exists and was locked by the attempt above: read why it was left alone.
                let revoked = try await connection.query(
                    "SELECT revoked_at IS NOT NULL FROM devices WHERE install_id = \(registration.installID)",
                    logger: logger
                ).decode(Bool.self).first { _ in true }
                throw revoked == true ? ServerStorageError.deviceRevoked : ServerStorageError.installRegistered
            }
            if let apns = registration.apns { try await upsertAPNs(apns, deviceID: id, at: time, on: connection) }
            return id
        }
    }

    public func device(tokenHash: String) async throws -> StoredDevice? {
        try await withConnection("device by token") { [self] connection in
            try await Self.device(
                from: connection.query(
                    "SELECT id, install_id, bundle_id, revoked_at FROM devices WHERE token_hash = \(tokenHash)",
                    logger: logger))
        }
    }

    public func device(id: UUID) async throws -> StoredDevice? {
        try await withConnection("device by ID") { [self] connection in
            try await Self.device(
                from: connection.query(
                    "SELECT id, install_id, bundle_id, revoked_at FROM devices WHERE id = \(id)", logger: logger))
        }
    }

    public func revoke(deviceID: UUID, at time: TimeInterval) async throws -> Bool {
        try await withConnection("revoke", writes: true) { [self] connection in
            let rows = try await connection.query(
                "UPDATE devices SET revoked_at = COALESCE(revoked_at, \(time)) WHERE id = \(deviceID) RETURNING id",
                logger: logger)
            return try await rows.decode(UUID.self).first(where: { _ in true }) != nil
        }
    }

    public func setAPNsToken(_ token: APNsRegistration, deviceID: UUID, at time: TimeInterval) async throws {
        try await withConnection("set APNs token", writes: true) { [self] connection in
            try await upsertAPNs(token, deviceID: deviceID, at: time, on: connection)
        }
    }

    public func apnsToken(deviceID: UUID) async throws -> StoredAPNsToken? {
        try await withConnection("APNs token") { [self] connection in
            let rows = try await connection.query(
                "SELECT token, environment, topic, updated_at, invalidated_at FROM apns_tokens WHERE device_id = \(deviceID)",
                logger: logger)
            for try await (token, environment, topic, updatedAt, invalidatedAt) in rows.decode(
                (String, String, String, Double, Double?).self)
            {
                guard let environment = APNsRegistration.Environment(rawValue: environment) else { return nil }
                return StoredAPNsToken(
                    registration: APNsRegistration(token: token, environment: environment, topic: topic),
                    updatedAt: updatedAt,
                    invalidatedAt: invalidatedAt)
            }
            return nil
        }
    }

    private func upsertAPNs(
        _ token: APNsRegistration, deviceID: UUID, at time: TimeInterval, on connection: PostgresConnection
    ) async throws {
        try await connection.query(
            """
            INSERT INTO apns_tokens (device_id, token, environment, topic, updated_at, invalidated_at)
            VALUES (\(deviceID), \(token.token), \(token.environment.rawValue), \(token.topic), \(time), NULL)
            ON CONFLICT (device_id) DO UPDATE SET token = EXCLUDED.token, environment = EXCLUDED.environment,
                topic = EXCLUDED.topic, updated_at = EXCLUDED.updated_at, invalidated_at = NULL
            """, logger: logger)
    }

    private static func device(from rows: PostgresRowSequence) async throws -> StoredDevice? {
        for try await (id, installID, bundleID, revokedAt) in rows.decode((UUID, UUID, String, Double?).self) {
            return StoredDevice(id: id, installID: installID, bundleID: bundleID, revokedAt: revokedAt)
        }
        return nil
    }
}
