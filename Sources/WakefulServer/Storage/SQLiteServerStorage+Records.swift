import Foundation
import GRDB
import Wakeful

extension SQLiteServerStorage {
    public func ingest(
        deviceID: UUID, batchID: UUID, digest: String, records: [OutboxRecord], receivedAt: TimeInterval
    ) async throws -> IngestOutcome {
        let device = deviceID.uuidString
        let batch = batchID.uuidString
        return try await pool.write { db in
            if let known = try String.fetchOne(
                db, sql: "SELECT digest FROM ingest_batches WHERE device_id = ? AND batch_id = ?", arguments: [device, batch]),
                known != digest
            {
                return .batchMismatch
            }
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO records (device_id, uuid, seq, kind, payload, recorded_at, received_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (device_id, uuid) DO NOTHING
                    """)
            var accepted = 0
            for record in records {
                try insert.execute(arguments: [
                    device, record.uuid.uuidString, record.seq, record.kind, record.payload, record.recordedAt, receivedAt,
                ])
                accepted += db.changesCount
            }
            let duplicates = records.count - accepted
            try db.execute(
                sql: """
                    INSERT INTO ingest_batches (device_id, batch_id, digest, received_at, record_count, accepted, duplicates)
                    VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (device_id, batch_id) DO NOTHING
                    """,
                arguments: [device, batch, digest, receivedAt, records.count, accepted, duplicates])
            try db.execute(sql: "UPDATE devices SET last_seen = MAX(last_seen, ?) WHERE id = ?", arguments: [receivedAt, device])
            return .stored(accepted: accepted, duplicates: duplicates)
        }
    }

    public func deviceSummaries() async throws -> [DeviceSummary] {
        try await pool.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT d.id, d.install_id, d.bundle_id, d.created_at, d.last_seen, d.revoked_at,
                        (SELECT COUNT(*) FROM records r WHERE r.device_id = d.id) AS record_count,
                        (SELECT MAX(r.received_at - r.recorded_at) FROM records r WHERE r.device_id = d.id) AS lag_max
                    FROM devices d ORDER BY d.created_at, d.id
                    """)
            let median = try db.cachedStatement(
                sql: """
                    SELECT received_at - recorded_at AS lag FROM records WHERE device_id = ?
                    ORDER BY lag LIMIT 1 OFFSET ?
                    """)
            return try rows.map { row in
                let count: Int = row["record_count"]
                let id: String = row["id"]
                let lagMedian = count == 0 ? nil : try Double.fetchOne(median, arguments: [id, (count - 1) / 2])
                return DeviceSummary(
                    id: UUID(uuidString: id)!, installID: UUID(uuidString: row["install_id"])!, bundleID: row["bundle_id"],
                    createdAt: row["created_at"], lastSeen: row["last_seen"], revokedAt: row["revoked_at"], recordCount: count,
                    lagMedian: lagMedian, lagMax: row["lag_max"])
            }
        }
    }

    public func records(deviceID: UUID, matching query: RecordQuery) async throws -> [StoredRecord] {
        var conditions = ["device_id = ?"]
        var arguments: StatementArguments = [deviceID.uuidString]
        if let from = query.from {
            conditions.append("recorded_at >= ?")
            arguments += [from]
        }
        if let to = query.to {
            conditions.append("recorded_at < ?")
            arguments += [to]
        }
        if let kind = query.kind {
            conditions.append("kind = ?")
            arguments += [kind]
        }
        arguments += [query.limit]
        let sql = """
            SELECT uuid, seq, kind, payload, recorded_at, received_at FROM records
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY recorded_at, seq LIMIT ?
            """
        return try await pool.read { [arguments] db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                StoredRecord(
                    record: OutboxRecord(
                        uuid: UUID(uuidString: row["uuid"])!, seq: row["seq"], kind: row["kind"], payload: row["payload"],
                        recordedAt: row["recorded_at"]),
                    receivedAt: row["received_at"])
            }
        }
    }
}
