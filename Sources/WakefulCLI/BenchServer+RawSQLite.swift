import Foundation
import GRDBSQLite
import Wakeful
import WakefulServer

/// The baseline for `wakeful bench-server`: the server's inserts through SQLite's C API on one
/// connection, with no HTTP, JSON or GRDB in between — the same schema (made by the server's own
/// migrations), statement, transaction per batch, WAL and `synchronous = FULL`.
enum RawIngestBaseline {
    static func measure(_ workload: IngestWorkload) async throws -> IngestMeasurement {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wakeful-bench-raw-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = try SQLiteServerStorage(directory: directory)
        var work: [(device: String, batches: [IngestBatch])] = []
        for index in 0..<workload.clients {
            let install = UUID()
            let registration = DeviceRegistration(installID: install, bundleID: "bench", appVersion: "1", osVersion: "1")
            let device = try await storage.register(registration, tokenHash: BearerToken.hash(BearerToken.generate()), at: 0)
            work.append((device.uuidString, workload.batches(client: index, install: install)))
        }
        let connection = try RawConnection(path: directory.appendingPathComponent(SQLiteServerStorage.fileName).path)
        let clock = ContinuousClock()
        var latencies: [Duration] = []
        let start = clock.now
        // Round robin over the devices, one batch per transaction, as the server's single writer sees them.
        for round in 0..<(work.map(\.batches.count).max() ?? 0) {
            for (device, batches) in work where round < batches.count {
                let begin = clock.now
                try connection.insert(batches[round].records, device: device, receivedAt: 1_795_248_100)
                latencies.append(clock.now - begin)
            }
        }
        return IngestMeasurement(records: workload.records, wall: clock.now - start, latencies: latencies)
    }
}

/// One raw SQLite connection.
private final class RawConnection {
    private let connection: OpaquePointer
    private let path: String
    private var statement: OpaquePointer?

    init(path: String) throws {
        var connection: OpaquePointer?
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let connection else {
            throw RawSQLiteError(path: path, message: "cannot open")
        }
        self.connection = connection
        self.path = path
        try execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
        guard
            sqlite3_prepare_v2(
                connection,
                """
                INSERT INTO records (device_id, uuid, seq, kind, payload, recorded_at, received_at)
                VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (device_id, uuid) DO NOTHING
                """, -1, &statement, nil) == SQLITE_OK
        else { throw error() }
    }

    deinit {
        sqlite3_finalize(statement)
        sqlite3_close_v2(connection)
    }

    /// Inserts one batch in one transaction.
    func insert(_ records: [OutboxRecord], device: String, receivedAt: Double) throws {
        try execute("BEGIN IMMEDIATE")
        for record in records {
            sqlite3_bind_text(statement, 1, device, -1, transient)
            sqlite3_bind_text(statement, 2, record.uuid.uuidString, -1, transient)
            sqlite3_bind_int64(statement, 3, record.seq)
            sqlite3_bind_text(statement, 4, record.kind, -1, transient)
            sqlite3_bind_text(statement, 5, record.payload, -1, transient)
            sqlite3_bind_double(statement, 6, record.recordedAt)
            sqlite3_bind_double(statement, 7, receivedAt)
            guard sqlite3_step(statement) == SQLITE_DONE else { throw error() }
            sqlite3_reset(statement)
        }
        try execute("COMMIT")
    }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(connection, sql, nil, nil, nil) == SQLITE_OK else { throw error() }
    }

    private func error() -> RawSQLiteError {
        RawSQLiteError(path: path, message: String(cString: sqlite3_errmsg(connection)))
    }

    /// SQLite copies bound text at once (`SQLITE_TRANSIENT`).
    private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
