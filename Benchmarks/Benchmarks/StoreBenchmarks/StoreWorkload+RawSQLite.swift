import BenchmarkSupport
import Foundation
import SQLiteBaseline
import Wakeful
import WakefulStore

/// The baseline: the same inserts, claims and deletes on the outbox's own schema through SQLite's
/// C API, with the same file settings and transactions and nothing of GRDB or the outbox between.
extension StoreWorkload {
    /// Inserts every record, `batch` per transaction or all in one.
    func appendRaw(oneTransaction: Bool) throws -> Timing {
        try withRawDatabase { database, install in
            try insertRaw(into: database, install: install, perTransaction: oneTransaction ? records : batch)
        }
    }

    /// Fills the table (not timed), then claims the oldest `batch` records into memory as a batch
    /// and deletes them, until none are left.
    func drainRaw() throws -> Timing {
        try withRawDatabase { database, install in
            _ = try insertRaw(into: database, install: install, perTransaction: batch)
            var timing = Timing()
            var number: Int64 = 1
            while true {
                let id = RecordIdentity.batchID(install: install, number: number).uuidString
                var count = 0
                let sample = try Timing.Sample.measure {
                    count = try claim(in: database, id: id)
                    if count > 0 { try settle(database, id: id) }
                }
                guard count > 0 else { break }
                timing.add(count, sample)
                number += 1
            }
            return timing
        }
    }

    /// A new database with the outbox's schema (made by ``SQLiteOutbox`` and closed), opened raw.
    private func withRawDatabase<T>(_ body: (RawSQLite, UUID) throws -> T) throws -> T {
        try withTemporaryDirectory("wakeful-bench-store-raw") { directory in
            let path = Self.databasePath(in: directory)
            _ = try SQLiteOutbox(path: path)
            return try body(try RawSQLite(path: path, synchronous: synchronous.rawValue), UUID())
        }
    }

    private func insertRaw(into database: RawSQLite, install: UUID, perTransaction size: Int) throws -> Timing {
        var timing = Timing()
        for chunk in chunks(of: size) {
            // The rows are made before the clock starts: the baseline gets them ready-made.
            let rows = chunk.map { index in
                let seq = Int64(index + 1)
                let payload = Self.record(index).payloadJSON
                return (
                    seq: seq, uuid: RecordIdentity.uuid(install: install, seq: seq).uuidString, payload: payload,
                    recordedAt: Double(index)
                )
            }
            timing.add(
                rows.count,
                try Timing.Sample.measure {
                    try database.transaction {
                        let insert = try database.prepare(
                            "INSERT INTO records (seq, uuid, kind, payload, recorded_at, byte_count) VALUES (?, ?, ?, ?, ?, ?)"
                        )
                        for row in rows {
                            insert.bind(row.seq, at: 1)
                            insert.bind(row.uuid, at: 2)
                            insert.bind("sensor", at: 3)
                            insert.bind(row.payload, at: 4)
                            insert.bind(row.recordedAt, at: 5)
                            insert.bind(Int64(row.payload.utf8.count + 70), at: 6)
                            try insert.run()
                        }
                    }
                })
        }
        return timing
    }

    /// Reads the oldest `batch` records into memory and records them as batch `id`, in one
    /// transaction; returns how many.
    private func claim(in database: RawSQLite, id: String) throws -> Int {
        try database.transaction {
            let select = try database.prepare(
                "SELECT uuid, seq, kind, payload, recorded_at, byte_count FROM records ORDER BY seq LIMIT ?")
            select.bind(Int64(batch), at: 1)
            var rows:
                [(uuid: String, seq: Int64, kind: String, payload: String, recordedAt: Double, byteCount: Int64)] = []
            while try select.next() {
                rows.append(
                    (select.text(0), select.int64(1), select.text(2), select.text(3), select.double(4), select.int64(5))
                )
            }
            if let first = rows.first, let last = rows.last {
                try database.execute(
                    "INSERT INTO batches (id, claimed_at, first_seq, last_seq) VALUES ('\(id)', 0, \(first.seq), \(last.seq))"
                )
            }
            return rows.count
        }
    }

    /// Deletes batch `id` and its records in one transaction.
    private func settle(_ database: RawSQLite, id: String) throws {
        try database.execute(
            """
            BEGIN IMMEDIATE;
            DELETE FROM records
            WHERE seq BETWEEN (SELECT first_seq FROM batches WHERE id = '\(id)') AND (SELECT last_seq FROM batches WHERE id = '\(id)');
            DELETE FROM batches WHERE id = '\(id)';
            COMMIT
            """)
    }
}
