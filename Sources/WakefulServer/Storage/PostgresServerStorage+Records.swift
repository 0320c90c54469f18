import Foundation
import Logging
import PostgresNIO
import Wakeful

extension PostgresServerStorage {
    public func ingest(
        deviceID: UUID, batchID: UUID, digest: String, records: [OutboxRecord], receivedAt: TimeInterval
    ) async throws -> IngestOutcome {
        // In UUID order, so two servers storing overlapping batches wait for each other's rows in
        // the same order and cannot deadlock.
        let sorted = records.sorted { $0.uuid.uuidString < $1.uuid.uuidString }
        let uuids: [UUID] = sorted.map(\.uuid)
        let seqs: [Int64] = sorted.map(\.seq)
        let kinds: [String] = sorted.map(\.kind)
        let payloads: [String] = sorted.map(\.payload)
        let times: [Double] = sorted.map(\.recordedAt)
        let count: Int = records.count
        return try await inTransaction("ingest") { [self] connection in
            // Claim the batch ID first: a concurrent transaction with the same ID makes this wait
            // for its commit, so the digest check below always sees the winner's digest.
            let claimed =
                try await connection.query(
                    """
                    INSERT INTO ingest_batches (device_id, batch_id, digest, received_at, record_count, accepted, duplicates)
                    VALUES (\(deviceID), \(batchID), \(digest), \(receivedAt), \(count), 0, 0)
                    ON CONFLICT (device_id, batch_id) DO NOTHING RETURNING 1
                    """, logger: logger
                ).decode(Int.self).first { _ in true } != nil
            if !claimed {
                let known = try await connection.query(
                    "SELECT digest FROM ingest_batches WHERE device_id = \(deviceID) AND batch_id = \(batchID)",
                    logger: logger
                ).decode(String.self).first { _ in true }
                if known != digest { return .batchMismatch }
            }
            // One statement for the whole batch; DO NOTHING also skips a UUID repeated in the batch.
            // It also counts the inserted records whose seq the device already had under another
            // UUID: rows stored before (the outer query sees the snapshot from before the insert;
            // only seqs up to the highest stored one are looked up) or earlier in this batch (all
            // but the first of a seq, numbered by a window: a self-join would be quadratic).
            let (accepted, seqReused) =
                try await connection.query(
                    """
                    WITH inserted AS (
                        INSERT INTO records (device_id, uuid, seq, kind, payload, recorded_at, received_at)
                        SELECT \(deviceID), r.uuid, r.seq, r.kind, r.payload, r.recorded_at, \(receivedAt)
                        FROM unnest(\(uuids)::uuid[], \(seqs)::bigint[], \(kinds)::text[], \(payloads)::text[], \(times)::float8[])
                            WITH ORDINALITY AS r(uuid, seq, kind, payload, recorded_at, position)
                        ORDER BY r.position
                        ON CONFLICT (device_id, uuid) DO NOTHING
                        RETURNING seq, uuid
                    ), numbered AS (
                        SELECT seq, uuid, row_number() OVER (PARTITION BY seq ORDER BY uuid) AS nth FROM inserted
                    )
                    SELECT count(*)::bigint,
                        count(*) FILTER (WHERE nth > 1 OR (
                            seq <= (SELECT max(seq) FROM records WHERE device_id = \(deviceID))
                            AND EXISTS (SELECT 1 FROM records r WHERE r.device_id = \(deviceID) AND r.seq = n.seq AND r.uuid <> n.uuid)))
                    FROM numbered n
                    """, logger: logger
                ).decode((Int, Int).self).first { _ in true } ?? (0, 0)
            let duplicates = count - accepted
            if claimed {
                try await connection.query(
                    """
                    UPDATE ingest_batches SET accepted = \(accepted), duplicates = \(duplicates)
                    WHERE device_id = \(deviceID) AND batch_id = \(batchID)
                    """, logger: logger)
            }
            try await connection.query(
                "UPDATE devices SET last_seen = GREATEST(last_seen, \(receivedAt)) WHERE id = \(deviceID)",
                logger: logger)
            return .stored(accepted: accepted, duplicates: duplicates, seqReused: seqReused)
        }
    }

    public func checkReachable() async throws {
        let logger = logger
        try await withConnection("readiness check") { connection in
            _ = try await connection.query("SELECT 1", logger: logger)
        }
    }

    public func deviceSummaries() async throws -> [DeviceSummary] {
        try await withConnection("device summaries") { [self] connection in
            // percentile_disc(0.5) is the lower median, the value SQLiteServerStorage reads at
            // offset (count − 1) / 2, so both engines report the same lag.
            let rows = try await connection.query(
                """
                SELECT d.id, d.install_id, d.bundle_id, d.created_at, d.last_seen, d.revoked_at,
                    COALESCE(lag.record_count, 0), lag.median, lag.max
                FROM devices d LEFT JOIN LATERAL (
                    SELECT count(*)::bigint AS record_count,
                        percentile_disc(0.5) WITHIN GROUP (ORDER BY r.received_at - r.recorded_at) AS median,
                        max(r.received_at - r.recorded_at) AS max
                    FROM records r WHERE r.device_id = d.id
                ) lag ON true
                ORDER BY d.created_at, d.id
                """, logger: logger)
            var summaries: [DeviceSummary] = []
            for try await (id, installID, bundleID, createdAt, lastSeen, revokedAt, count, median, max) in rows.decode(
                (UUID, UUID, String, Double, Double, Double?, Int, Double?, Double?).self)
            {
                summaries.append(
                    DeviceSummary(
                        id: id, installID: installID, bundleID: bundleID, createdAt: createdAt, lastSeen: lastSeen,
                        revokedAt: revokedAt,
                        recordCount: count, lagMedian: median, lagMax: max))
            }
            return summaries
        }
    }

    public func records(deviceID: UUID, matching query: RecordQuery) async throws -> [StoredRecord] {
        // Without a position, one that precedes every row (ids start at 1), so that one statement
        // serves both and the row comparison always seeks in records_by_position.
        let after = query.after ?? RecordPosition(recordedAt: -.infinity, seq: .min, rowID: .min)
        let maximumBytes = query.maximumBytes
        return try await withConnection("records") { [self] connection in
            // The byte bound is applied in the database (a running sum of OutboxRecord.byteCount's
            // measure, computed row by row under the LIMIT): rows past it are never sent, so the
            // driver's read-ahead cannot buffer megabytes of records this answer will not use.
            let rows = try await connection.query(
                """
                SELECT uuid, seq, kind, payload, recorded_at, received_at, id FROM (
                    SELECT uuid, seq, kind, payload, recorded_at, received_at, id,
                        octet_length(kind) + octet_length(payload) + 64 AS size,
                        sum(octet_length(kind) + octet_length(payload) + 64)
                            OVER (ORDER BY recorded_at, seq, id ROWS UNBOUNDED PRECEDING) AS running
                    FROM records
                    WHERE device_id = \(deviceID)
                        AND (\(query.from)::float8 IS NULL OR recorded_at >= \(query.from))
                        AND (\(query.to)::float8 IS NULL OR recorded_at < \(query.to))
                        AND (\(query.kind)::text IS NULL OR kind = \(query.kind))
                        AND (recorded_at, seq, id) > (\(after.recordedAt)::float8, \(after.seq)::bigint, \(after.rowID)::bigint)
                    ORDER BY recorded_at, seq, id LIMIT \(query.limit)
                ) page
                WHERE \(maximumBytes)::bigint IS NULL OR running <= \(maximumBytes)::bigint OR running = size
                ORDER BY recorded_at, seq, id
                """, logger: logger)
            return try await Self.storedRecords(rows, within: query)
        }
    }

    public func deviceIDs() async throws -> [UUID] {
        try await withConnection("device IDs") { [self] connection in
            var ids: [UUID] = []
            for try await id in try await connection.query(
                "SELECT id FROM devices ORDER BY created_at, id", logger: logger
            ).decode(UUID.self) {
                ids.append(id)
            }
            return ids
        }
    }

    /// The rows of a `SELECT uuid, seq, kind, payload, recorded_at, received_at, id FROM records …`,
    /// up to `query`'s byte bound when it has one (leaving the sequence early drops the rows left).
    static func storedRecords(_ rows: PostgresRowSequence, within query: RecordQuery? = nil)
        async throws -> [StoredRecord]
    {
        var stored: [StoredRecord] = []
        var bytes = 0
        for try await (uuid, seq, kind, payload, recordedAt, receivedAt, rowID) in rows.decode(
            (UUID, Int64, String, String, Double, Double, Int64).self)
        {
            let record = StoredRecord(
                record: OutboxRecord(uuid: uuid, seq: seq, kind: kind, payload: payload, recordedAt: recordedAt),
                receivedAt: receivedAt,
                rowID: rowID)
            guard query?.admits(record, after: bytes, count: stored.count) ?? true else { break }
            bytes += record.record.byteCount
            stored.append(record)
        }
        return stored
    }
}
