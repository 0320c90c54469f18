import Foundation
import GRDB
import Wakeful

extension SQLiteOutbox {
    public func enforceRetention(_ policy: RetentionPolicy, now: TimeInterval) throws -> LossReport? {
        try queue.write { db in
            let loss = OutboxRecord.lossKind
            // Loss records count for no limit (and are never dropped), so a second pass is a no-op.
            let totals = try Row.fetchOne(
                db, sql: "SELECT COUNT(*), COALESCE(SUM(byte_count), 0) FROM records WHERE kind <> ?", arguments: [loss]
            )
            var keptCount: Int = totals?[0] ?? 0
            var keptBytes: Int = totals?[1] ?? 0
            var dropped: [Int64] = []
            var droppedBytes = 0
            var reasons: [String] = []
            let delete = try db.cachedStatement(sql: "DELETE FROM records WHERE seq = ?")
            // The open batch is the oldest pending records: everything after it may go.
            let afterBatch = try openBatch(db, records: false)?.lastSeq ?? 0

            /// Drops the records the cursor yields (seq, byte_count; oldest first) while `condition` holds.
            func drop(_ reason: String, _ sql: String, _ arguments: StatementArguments, while condition: () -> Bool)
                throws
            {
                // Collected before deleting: a cursor must not outlive changes to its table.
                var victims: [(seq: Int64, bytes: Int)] = []
                let cursor = try Row.fetchCursor(db, sql: sql, arguments: arguments)
                while condition(), let row = try cursor.next() {
                    let bytes: Int = row[1]
                    victims.append((row[0], bytes))
                    keptCount -= 1
                    keptBytes -= bytes
                }
                for victim in victims {
                    try delete.execute(arguments: [victim.seq])
                    dropped.append(victim.seq)
                    droppedBytes += victim.bytes
                }
                if !victims.isEmpty { reasons.append(reason) }
            }
            // Never the open batch nor a loss record.
            let eligible = "SELECT seq, byte_count FROM records WHERE seq > ? AND kind <> ?"
            if let maxAge = policy.maxAge {
                try drop("age", eligible + " AND ? - recorded_at > ? ORDER BY seq", [afterBatch, loss, now, maxAge]) {
                    true
                }
            }
            if let maxCount = policy.maxCount, keptCount > maxCount {
                try drop("count", eligible + " ORDER BY seq", [afterBatch, loss]) { keptCount > maxCount }
            }
            if let maxBytes = policy.maxBytes, keptBytes > maxBytes {
                try drop("bytes", eligible + " ORDER BY seq", [afterBatch, loss]) { keptBytes > maxBytes }
            }
            guard !reasons.isEmpty else { return nil }
            dropped.sort()
            let payload = LossReport.lossPayload(reasons: reasons, droppedSeqs: dropped, droppedBytes: droppedBytes)
            let lossRecord = try append([(loss, payload, now)], db)[0]
            try check(.insideRetention)
            return LossReport(
                reasons: reasons, droppedSeqs: dropped, droppedBytes: droppedBytes, lossRecord: lossRecord)
        }
    }
}
