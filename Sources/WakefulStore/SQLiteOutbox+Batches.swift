import Foundation
import GRDB
import Wakeful

extension SQLiteOutbox {
    public func claimBatch(limits: BatchLimits, now: TimeInterval) throws -> OutboxBatch? {
        try queue.write { db in
            if let open = try openBatch(db) { return open.batch }
            // Reads only the rows the batch needs, whatever the backlog: the oldest pending records,
            // in seq order (the primary key), up to the limits.
            let cursor = try Row.fetchCursor(
                db.cachedStatement(
                    sql: "SELECT seq, kind, payload, recorded_at, byte_count FROM records ORDER BY seq LIMIT ?"),
                arguments: [max(1, limits.maxRecords)])
            var records: [OutboxRecord] = []
            var bytes = 0
            while let row = try cursor.next() {
                let byteCount: Int = row[4]
                // A record over the byte limit alone still forms a batch of one.
                guard records.isEmpty || bytes + byteCount <= limits.maxBytes else { break }
                records.append(record(row))
                bytes += byteCount
            }
            guard let first = records.first, let last = records.last else { return nil }
            let number = try Int64.fetchOne(db, sql: "SELECT next_batch FROM meta") ?? 1
            let batch = OutboxBatch(
                id: RecordIdentity.batchID(install: installID, number: number), records: records, claimedAt: now)
            try db.execute(sql: "UPDATE meta SET next_batch = ?", arguments: [number + 1])
            try db.execute(
                sql: "INSERT INTO batches (id, claimed_at, first_seq, last_seq) VALUES (?, ?, ?, ?)",
                arguments: [batch.id.uuidString, now, first.seq, last.seq])
            try check(.afterClaim)
            return batch
        }
    }

    @discardableResult
    public func acknowledge(batchID: UUID, answer: IngestAnswer, now: TimeInterval) throws -> AcknowledgeSummary {
        try queue.write { db in
            guard let open = try openBatch(db, records: false), open.batch.id == batchID else {
                return AcknowledgeSummary()  // unknown or already settled: a late answer
            }
            let seqs = try Int64.fetchAll(
                db.cachedStatement(sql: "SELECT seq FROM records WHERE seq BETWEEN ? AND ?"),
                arguments: [open.firstSeq, open.lastSeq])
            let uuids = Dictionary(
                uniqueKeysWithValues: seqs.map { (RecordIdentity.uuid(install: installID, seq: $0), $0) })
            guard answer.accounts(for: Set(uuids.keys)) else { return AcknowledgeSummary() }
            let quarantine = try db.cachedStatement(
                sql: """
                    INSERT INTO quarantine (seq, uuid, kind, payload, recorded_at, reason, quarantined_at)
                    SELECT seq, uuid, kind, payload, recorded_at, ?, ? FROM records WHERE seq = ?
                    """)
            for rejection in answer.rejected {
                try quarantine.execute(arguments: [rejection.reason, now, uuids[rejection.uuid]])
            }
            try db.execute(
                sql: "DELETE FROM records WHERE seq BETWEEN ? AND ?", arguments: [open.firstSeq, open.lastSeq])
            try db.execute(sql: "DELETE FROM batches WHERE id = ?", arguments: [batchID.uuidString])
            try check(.insideAcknowledge)
            return AcknowledgeSummary(
                accepted: answer.accepted, duplicates: answer.duplicates, rejected: answer.rejected.count, settled: true
            )
        }
    }

    public func releaseBatch(_ batchID: UUID) throws {
        try queue.write { db in
            // Its records are pending again: a batch is only its row.
            try db.execute(sql: "DELETE FROM batches WHERE id = ?", arguments: [batchID.uuidString])
        }
    }

    /// The open batch, if one is claimed, with its records when `records` is set.
    func openBatch(_ db: Database, records: Bool = true) throws -> (
        batch: OutboxBatch, firstSeq: Int64, lastSeq: Int64
    )? {
        guard let row = try Row.fetchOne(db, sql: "SELECT id, claimed_at, first_seq, last_seq FROM batches LIMIT 1")
        else { return nil }
        let text: String = row[0]
        guard let id = UUID(uuidString: text) else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "batch id \(text) is not a UUID")
        }
        let firstSeq: Int64 = row[2]
        let lastSeq: Int64 = row[3]
        let batchRecords =
            try records
            ? Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT seq, kind, payload, recorded_at FROM records WHERE seq BETWEEN ? AND ? ORDER BY seq"),
                arguments: [firstSeq, lastSeq]
            ).map(record) : []
        return (OutboxBatch(id: id, records: batchRecords, claimedAt: row[1]), firstSeq, lastSeq)
    }
}
