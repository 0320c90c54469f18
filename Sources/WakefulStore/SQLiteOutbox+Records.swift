import Foundation
import GRDB
import Wakeful

extension SQLiteOutbox {
    @discardableResult
    public func commit(_ write: OutboxWrite) throws -> [OutboxRecord] {
        guard !write.isEmpty else { return [] }
        return try queue.write { db in
            let stored = try append(write.records.map { ($0.kind, $0.payload, $0.recordedAt) }, db)
            let saveState = try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO job_states (job, last_completed, last_started, progress, checkpoint, completed_runs)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """)
            for state in write.jobStates {
                try saveState.execute(arguments: [
                    state.job, state.lastCompleted, state.lastStarted, state.progress, state.checkpoint,
                    state.completedRuns,
                ])
            }
            if !write.strategyStates.isEmpty {
                // Prepared only when needed: a store opened at an older migration has no table.
                let saveStrategy = try db.cachedStatement(
                    sql: "INSERT OR REPLACE INTO strategy_states (strategy, state) VALUES (?, ?)")
                for state in write.strategyStates {
                    try saveStrategy.execute(arguments: [state.strategy, state.state])
                }
            }
            try check(.afterAppend)
            return stored
        }
    }

    /// Appends records with the next sequence numbers, inside the caller's transaction.
    func append(_ records: [(kind: String, payload: String, recordedAt: TimeInterval)], _ db: Database) throws
        -> [OutboxRecord]
    {
        guard !records.isEmpty else { return [] }
        var seq = try Int64.fetchOne(db, sql: "SELECT next_seq FROM meta") ?? 1
        let insert = try db.cachedStatement(
            sql: "INSERT INTO records (seq, uuid, kind, payload, recorded_at, byte_count) VALUES (?, ?, ?, ?, ?, ?)")
        var stored: [OutboxRecord] = []
        stored.reserveCapacity(records.count)
        for (kind, payload, recordedAt) in records {
            let record = OutboxRecord(
                uuid: RecordIdentity.uuid(install: installID, seq: seq), seq: seq, kind: kind, payload: payload,
                recordedAt: recordedAt)
            // Temporary bindings: GRDB binds the strings without copying them.
            try insert.execute(arguments: [seq, record.uuid.databaseText, kind, payload, recordedAt, record.byteCount])
            stored.append(record)
            seq += 1
        }
        try db.execute(sql: "UPDATE meta SET next_seq = ?", arguments: [seq])
        return stored
    }

    public func jobStates() throws -> [JobState] {
        try queue.read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT job, last_completed, last_started, progress, checkpoint, completed_runs FROM job_states ORDER BY job"
            ).map { row in
                JobState(
                    job: row[0], lastCompleted: row[1], lastStarted: row[2], progress: row[3], checkpoint: row[4],
                    completedRuns: row[5])
            }
        }
    }

    public func strategyStates() throws -> [StrategyState] {
        try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT strategy, state FROM strategy_states ORDER BY strategy").map { row in
                StrategyState(strategy: row[0], state: row[1])
            }
        }
    }

    public func quarantine() throws -> [QuarantinedRecord] {
        try queue.read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT seq, kind, payload, recorded_at, reason, quarantined_at FROM quarantine ORDER BY quarantined_at, seq"
            ).map { row in
                QuarantinedRecord(record: record(row), reason: row[4], at: row[5])
            }
        }
    }

    public func statistics() throws -> OutboxStatistics {
        try queue.read { db in
            let pending = try Row.fetchOne(
                db, sql: "SELECT COUNT(*), COALESCE(SUM(byte_count), 0), MIN(recorded_at) FROM records")
            return OutboxStatistics(
                pendingCount: pending?[0] ?? 0, pendingBytes: pending?[1] ?? 0, oldestPending: pending?[2],
                openBatch: try String.fetchOne(db, sql: "SELECT id FROM batches").flatMap(UUID.init(uuidString:)),
                quarantinedCount: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM quarantine") ?? 0,
                nextSeq: try Int64.fetchOne(db, sql: "SELECT next_seq FROM meta") ?? 1)
        }
    }

    public func pendingSequenceNumbers() throws -> [Int64] {
        try queue.read { try Int64.fetchAll($0, sql: "SELECT seq FROM records ORDER BY seq") }
    }

    /// A record from a row whose first four columns are seq, kind, payload, recorded_at. The UUID is
    /// derived from the seq, as when it was stored (the `uuid` column keeps it unique and findable).
    func record(_ row: Row) -> OutboxRecord {
        let seq: Int64 = row[0]
        return OutboxRecord(
            uuid: RecordIdentity.uuid(install: installID, seq: seq), seq: seq, kind: row[1], payload: row[2],
            recordedAt: row[3])
    }
}
