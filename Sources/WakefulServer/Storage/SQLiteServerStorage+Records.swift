import Foundation
import GRDB
import Wakeful

extension SQLiteServerStorage {
    public func ingest(
        deviceID: UUID, batchID: UUID, digest: String, records: [OutboxRecord], receivedAt: TimeInterval
    ) async throws -> IngestOutcome {
        let batch = IngestRequestBatch(
            deviceID: deviceID, batchID: batchID, digest: digest, records: records, receivedAt: receivedAt)
        return try await pool.write { db in try Self.store(batch, in: db) }
    }

    /// Group commit: every batch in one transaction, each inside its own savepoint, so a failing or
    /// mismatched batch rolls back only itself, and one `fsync` (synchronous = FULL) makes them all
    /// durable. Nothing is returned before the commit; if the transaction is lost, this throws.
    public func ingest(_ batches: [IngestRequestBatch]) async throws -> [Result<IngestOutcome, any Error>] {
        try await pool.write { db in
            var results: [Result<IngestOutcome, any Error>] = []
            results.reserveCapacity(batches.count)
            for batch in batches {
                try db.execute(sql: "SAVEPOINT ingest_batch")
                do {
                    let outcome = try Self.store(batch, in: db)
                    try db.execute(sql: "RELEASE ingest_batch")
                    results.append(.success(outcome))
                } catch {
                    // A statement that aborted the whole transaction (RAISE(ROLLBACK), an I/O
                    // error) took the savepoint and the batches before it with it: nothing of the
                    // group may be acknowledged, so the group fails.
                    guard db.isInsideTransaction else { throw error }
                    try db.execute(sql: "ROLLBACK TO ingest_batch")
                    try db.execute(sql: "RELEASE ingest_batch")
                    results.append(.failure(error))
                }
            }
            return results
        }
    }

    /// Stores one batch inside the current transaction.
    private static func store(_ batch: IngestRequestBatch, in db: Database) throws -> IngestOutcome {
        let device = batch.deviceID.uuidString
        let batchID = batch.batchID.uuidString
        if let known = try String.fetchOne(
            db.cachedStatement(sql: "SELECT digest FROM ingest_batches WHERE device_id = ? AND batch_id = ?"),
            arguments: [device, batchID]),
            known != batch.digest
        {
            return .batchMismatch
        }
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO records (device_id, uuid, seq, kind, payload, recorded_at, received_at)
                VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (device_id, uuid) DO NOTHING
                """)
        // A record can reuse a seq only if it is at most the highest seq stored before it, so the
        // usual batch, whose seqs rise past everything stored, costs one index probe in all.
        var highestSeq =
            try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT MAX(seq) FROM records WHERE device_id = ?"), arguments: [device]) ?? 0
        let seqTaken = try db.cachedStatement(
            sql: "SELECT EXISTS (SELECT 1 FROM records WHERE device_id = ? AND seq = ? AND uuid <> ?)")
        var accepted = 0
        var seqReused = 0
        for record in batch.records {
            let uuid = record.uuid.uuidString
            try insert.execute(arguments: [
                device, uuid, record.seq, record.kind, record.payload, record.recordedAt, batch.receivedAt,
            ])
            guard db.changesCount == 1 else { continue }
            accepted += 1
            if record.seq <= highestSeq, try Bool.fetchOne(seqTaken, arguments: [device, record.seq, uuid]) == true {
                seqReused += 1
            }
            highestSeq = max(highestSeq, record.seq)
        }
        let duplicates = batch.records.count - accepted
        try db.cachedStatement(
            sql: """
                INSERT INTO ingest_batches (device_id, batch_id, digest, received_at, record_count, accepted, duplicates)
                VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (device_id, batch_id) DO NOTHING
                """
        ).execute(arguments: [
            device, batchID, batch.digest, batch.receivedAt, batch.records.count, accepted, duplicates,
        ])
        try db.cachedStatement(sql: "UPDATE devices SET last_seen = MAX(last_seen, ?) WHERE id = ?")
            .execute(arguments: [batch.receivedAt, device])
        return .stored(accepted: accepted, duplicates: duplicates, seqReused: seqReused)
    }

    public func checkReachable() async throws {
        _ = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    public func deviceSummaries() async throws -> [DeviceSummary] {
        try await pool.read { db in
            let devices = try DeviceSummaryRecord.fetchAll(
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
            return try devices.map { device in
                let count = device.recordCount
                return device.summary(
                    lagMedian: count == 0
                        ? nil : try Double.fetchOne(median, arguments: [device.id.uuidString, (count - 1) / 2]))
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
        if let after = query.after {
            // A row value, so SQLite seeks in records_by_time (whose entries end with the rowid `id`).
            conditions.append("(recorded_at, seq, id) > (?, ?, ?)")
            arguments += [after.recordedAt, after.seq, after.rowID]
        }
        arguments += [query.limit]
        let sql = """
            SELECT id, uuid, seq, kind, payload, recorded_at, received_at FROM records
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY recorded_at, seq, id LIMIT ?
            """
        return try await pool.read { [arguments] db in
            // A cursor, so reading stops at the byte bound instead of decoding every row first.
            let rows = try UploadRecord.fetchCursor(db, sql: sql, arguments: arguments)
            var records: [StoredRecord] = []
            var bytes = 0
            while let row = try rows.next() {
                guard query.admits(row.stored, after: bytes, count: records.count) else { break }
                bytes += row.stored.record.byteCount
                records.append(row.stored)
            }
            return records
        }
    }

    public func deviceIDs() async throws -> [UUID] {
        try await pool.read { db in
            try UUID.fetchAll(db, sql: "SELECT id FROM devices ORDER BY created_at, id")
        }
    }
}
