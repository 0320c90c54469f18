import Foundation
import GRDB
import Wakeful

extension SQLiteOutbox {
    public func claimBatch(limits: BatchLimits, now: TimeInterval) throws -> OutboxBatch? {
        try queue.write { db in
            if let open = try openBatch(db) { return open }
            // Reads only the rows the batch needs, whatever the backlog: the pending records not in
            // a batch, in seq order (the primary key), up to the limits.
            let cursor = try Row.fetchCursor(
                db.cachedStatement(
                    sql: "SELECT uuid, seq, kind, payload, recorded_at, byte_count FROM records WHERE batch_id IS NULL ORDER BY seq LIMIT ?"),
                arguments: [max(1, limits.maxRecords)])
            var records: [OutboxRecord] = []
            var bytes = 0
            while let row = try cursor.next() {
                let byteCount: Int = row[5]
                // A record over the byte limit alone still forms a batch of one.
                guard records.isEmpty || bytes + byteCount <= limits.maxBytes else { break }
                records.append(try Self.record(row))
                bytes += byteCount
            }
            guard let first = records.first, let last = records.last else { return nil }
            let number = try Int64.fetchOne(db, sql: "SELECT next_batch FROM meta") ?? 1
            let batch = OutboxBatch(id: RecordIdentity.batchID(install: installID, number: number), records: records, claimedAt: now)
            try db.execute(sql: "UPDATE meta SET next_batch = ?", arguments: [number + 1])
            try db.execute(sql: "INSERT INTO batches (id, claimed_at) VALUES (?, ?)", arguments: [batch.id.uuidString, now])
            // The claimed records are consecutive among those not in a batch, and no batch was open.
            try db.execute(
                sql: "UPDATE records SET batch_id = ? WHERE seq BETWEEN ? AND ?",
                arguments: [batch.id.uuidString, first.seq, last.seq])
            try check(.afterClaim)
            return batch
        }
    }

    @discardableResult
    public func acknowledge(batchID: UUID, answer: IngestAnswer, now: TimeInterval) throws -> AcknowledgeSummary {
        try queue.write { db in
            let id = batchID.uuidString
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM batches WHERE id = ?", arguments: [id]) != nil else {
                return AcknowledgeSummary()  // unknown or already settled: a late answer
            }
            let seqs = try Int64.fetchAll(db, sql: "SELECT seq FROM records WHERE batch_id = ? ORDER BY seq", arguments: [id])
            let uuids = Dictionary(uniqueKeysWithValues: seqs.map { (RecordIdentity.uuid(install: installID, seq: $0), $0) })
            guard answer.accounts(for: Set(uuids.keys)) else { return AcknowledgeSummary() }
            let quarantine = try db.cachedStatement(
                sql: """
                    INSERT INTO quarantine (seq, uuid, kind, payload, recorded_at, reason, quarantined_at)
                    SELECT seq, uuid, kind, payload, recorded_at, ?, ? FROM records WHERE seq = ?
                    """)
            for rejection in answer.rejected {
                try quarantine.execute(arguments: [rejection.reason, now, uuids[rejection.uuid]])
            }
            try db.execute(sql: "DELETE FROM records WHERE batch_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM batches WHERE id = ?", arguments: [id])
            try check(.insideAcknowledge)
            return AcknowledgeSummary(
                accepted: answer.accepted, duplicates: answer.duplicates, rejected: answer.rejected.count, settled: true)
        }
    }

    public func releaseBatch(_ batchID: UUID) throws {
        try queue.write { db in
            // The foreign key's ON DELETE SET NULL makes the batch's records pending again.
            try db.execute(sql: "DELETE FROM batches WHERE id = ?", arguments: [batchID.uuidString])
        }
    }

    /// The open batch with its records, if one is claimed.
    private func openBatch(_ db: Database) throws -> OutboxBatch? {
        guard let row = try Row.fetchOne(db, sql: "SELECT id, claimed_at FROM batches LIMIT 1") else { return nil }
        let text: String = row[0]
        guard let id = UUID(uuidString: text) else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "batch id \(text) is not a UUID")
        }
        let records = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT uuid, seq, kind, payload, recorded_at FROM records WHERE batch_id = ? ORDER BY seq"),
            arguments: [text]
        ).map(Self.record)
        return OutboxBatch(id: id, records: records, claimedAt: row[1])
    }
}
