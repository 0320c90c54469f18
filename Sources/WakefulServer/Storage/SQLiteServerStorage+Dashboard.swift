import Foundation
import GRDB
import Wakeful

extension SQLiteServerStorage: DashboardStorage {
    public func latestRecords(deviceID: UUID, before: RecordPosition, kind: String?, limit: Int) async throws
        -> [StoredRecord]
    {
        // Row values compare lexicographically; records_by_time (device_id, recorded_at, seq, then the
        // rowid `id`) serves the descending scan.
        let sql = """
            SELECT uuid, seq, kind, payload, recorded_at, received_at, id FROM records
            WHERE device_id = ? AND (recorded_at, seq, id) < (?, ?, ?) AND (? IS NULL OR kind = ?)
            ORDER BY recorded_at DESC, seq DESC, id DESC LIMIT ?
            """
        let arguments: StatementArguments = [
            deviceID.uuidString, before.recordedAt, before.seq, before.rowID, kind, kind, limit,
        ]
        return try await pool.read { db in
            try UploadRecord.fetchAll(db, sql: sql, arguments: arguments).map(\.stored)
        }
    }

    public func registeredVersions(deviceID: UUID) async throws -> RegisteredVersions? {
        try await pool.read { db in
            try Row.fetchOne(
                db, sql: "SELECT app_version, os_version FROM devices WHERE id = ?", arguments: [deviceID.uuidString]
            ).map {
                RegisteredVersions(
                    appVersion: try $0.decode(forColumn: "app_version"),
                    osVersion: try $0.decode(forColumn: "os_version"))
            }
        }
    }
}
