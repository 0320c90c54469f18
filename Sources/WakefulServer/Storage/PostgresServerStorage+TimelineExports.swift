import Foundation
import Logging
import PostgresNIO

extension PostgresServerStorage: TimelineExportStorage {
    public func storeTimelineExport(_ export: NewTimelineExport) async throws -> TimelineExportInsertion {
        let summary = export.summary
        let body = Data(export.body)
        return try await inTransaction("store timeline export") { [self] connection in
            // One statement decides: a second server storing the same ID waits for the first's row,
            // inserts nothing and reads it.
            let inserted = try await connection.query(
                """
                INSERT INTO timeline_exports (device_id, export_id, digest, received_at, entry_count, byte_count,
                    first_at, last_at, header_count, body)
                VALUES (\(summary.deviceID), \(summary.id), \(summary.digest), \(summary.receivedAt), \(summary.entries),
                    \(summary.bytes), \(summary.from), \(summary.to), \(summary.headers), \(body))
                ON CONFLICT (device_id, export_id) DO NOTHING
                RETURNING export_id
                """, logger: logger
            ).decode(UUID.self).first { _ in true }
            if inserted != nil { return .stored(summary) }
            let rows = try await connection.query(
                """
                SELECT \(unescaped: Self.exportColumns) FROM timeline_exports
                WHERE device_id = \(summary.deviceID) AND export_id = \(summary.id)
                """, logger: logger)
            guard let existing = try await Self.summaries(rows).first else { return .idReused }
            return existing.digest == summary.digest ? .alreadyStored(existing) : .idReused
        }
    }

    public func timelineExports(deviceID: UUID, limit: Int) async throws -> [TimelineExportSummary] {
        try await withConnection("timeline exports") { [self] connection in
            try await Self.summaries(
                connection.query(
                    """
                    SELECT \(unescaped: Self.exportColumns) FROM timeline_exports WHERE device_id = \(deviceID)
                    ORDER BY received_at DESC, export_id LIMIT \(limit)
                    """, logger: logger))
        }
    }

    public func timelineExport(deviceID: UUID, id: UUID) async throws -> StoredTimelineExport? {
        try await withConnection("timeline export") { [self] connection in
            let rows = try await connection.query(
                "SELECT body FROM timeline_exports WHERE device_id = \(deviceID) AND export_id = \(id)", logger: logger)
            guard let body = try await rows.decode(Data.self).first(where: { _ in true }) else { return nil }
            let summary = try await Self.summaries(
                connection.query(
                    """
                    SELECT \(unescaped: Self.exportColumns) FROM timeline_exports
                    WHERE device_id = \(deviceID) AND export_id = \(id)
                    """, logger: logger)
            ).first
            return summary.map { StoredTimelineExport(summary: $0, body: [UInt8](body)) }
        }
    }

    private static let exportColumns =
        "device_id, export_id, digest, received_at, entry_count, byte_count, first_at, last_at, header_count"

    private static func summaries(_ rows: PostgresRowSequence) async throws -> [TimelineExportSummary] {
        var summaries: [TimelineExportSummary] = []
        for try await (device, id, digest, receivedAt, entries, bytes, from, to, headers) in rows.decode(
            (UUID, UUID, String, Double, Int, Int, Double?, Double?, Int).self)
        {
            summaries.append(
                TimelineExportSummary(
                    id: id, deviceID: device, receivedAt: receivedAt, digest: digest, entries: entries, bytes: bytes,
                    from: from, to: to, headers: headers))
        }
        return summaries
    }
}
