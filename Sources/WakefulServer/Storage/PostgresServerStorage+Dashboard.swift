import Foundation
import Logging
import PostgresNIO
import Wakeful

extension PostgresServerStorage: DashboardStorage {
    public func latestRecords(deviceID: UUID, before: RecordPosition, kind: String?, limit: Int) async throws
        -> [StoredRecord]
    {
        try await withConnection("latest records") { [self] connection in
            // A row comparison, so the index (device_id, recorded_at, seq, id) serves the descending scan.
            let rows = try await connection.query(
                """
                SELECT uuid, seq, kind, payload, recorded_at, received_at, id FROM records
                WHERE device_id = \(deviceID)
                    AND (recorded_at, seq, id) < (\(before.recordedAt)::float8, \(before.seq)::bigint, \(before.rowID)::bigint)
                    AND (\(kind)::text IS NULL OR kind = \(kind))
                ORDER BY recorded_at DESC, seq DESC, id DESC LIMIT \(limit)
                """, logger: logger)
            return try await Self.storedRecords(rows)
        }
    }

    public func registeredVersions(deviceID: UUID) async throws -> RegisteredVersions? {
        try await withConnection("registered versions") { [self] connection in
            let rows = try await connection.query(
                "SELECT app_version, os_version FROM devices WHERE id = \(deviceID)", logger: logger)
            return try await rows.decode((String, String).self).first { _ in true }.map {
                RegisteredVersions(appVersion: $0.0, osVersion: $0.1)
            }
        }
    }
}
