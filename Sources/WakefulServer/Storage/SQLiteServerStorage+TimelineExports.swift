import Foundation
import GRDB
import Wakeful

extension SQLiteServerStorage: TimelineExportStorage {
    public func storeTimelineExport(_ export: NewTimelineExport) async throws -> TimelineExportInsertion {
        let summary = export.summary
        return try await pool.write { db in
            // One statement decides: a second request with the same ID, here or on another
            // connection, inserts nothing and reads the first.
            try db.execute(
                sql: """
                    INSERT INTO timeline_exports (device_id, export_id, digest, received_at, entry_count, byte_count,
                        first_at, last_at, header_count, body)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (device_id, export_id) DO NOTHING
                    """,
                arguments: [
                    summary.deviceID.uuidString, summary.id.uuidString, summary.digest, summary.receivedAt,
                    summary.entries, summary.bytes, summary.from, summary.to, summary.headers, Data(export.body),
                ])
            if db.changesCount > 0 { return .stored(summary) }
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT \(Self.exportColumns) FROM timeline_exports WHERE device_id = ? AND export_id = ?",
                    arguments: [summary.deviceID.uuidString, summary.id.uuidString])
            else { return .idReused }
            let existing = try Self.exportSummary(row)
            return existing.digest == summary.digest ? .alreadyStored(existing) : .idReused
        }
    }

    public func timelineExports(deviceID: UUID, limit: Int) async throws -> [TimelineExportSummary] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(Self.exportColumns) FROM timeline_exports WHERE device_id = ?
                    ORDER BY received_at DESC, export_id LIMIT ?
                    """,
                arguments: [deviceID.uuidString, limit]
            ).map(Self.exportSummary)
        }
    }

    public func timelineExport(deviceID: UUID, id: UUID) async throws -> StoredTimelineExport? {
        try await pool.read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql:
                        "SELECT \(Self.exportColumns), body FROM timeline_exports WHERE device_id = ? AND export_id = ?",
                    arguments: [deviceID.uuidString, id.uuidString])
            else { return nil }
            let body: Data = try row.decode(forColumn: "body")
            return StoredTimelineExport(summary: try Self.exportSummary(row), body: [UInt8](body))
        }
    }

    private static let exportColumns =
        "device_id, export_id, digest, received_at, entry_count, byte_count, first_at, last_at, header_count"

    private static func exportSummary(_ row: Row) throws -> TimelineExportSummary {
        TimelineExportSummary(
            id: try row.decode(forColumn: "export_id"), deviceID: try row.decode(forColumn: "device_id"),
            receivedAt: try row.decode(forColumn: "received_at"), digest: try row.decode(forColumn: "digest"),
            entries: try row.decode(forColumn: "entry_count"), bytes: try row.decode(forColumn: "byte_count"),
            from: try row.decode(forColumn: "first_at"), to: try row.decode(forColumn: "last_at"),
            headers: try row.decode(forColumn: "header_count"))
    }
}
