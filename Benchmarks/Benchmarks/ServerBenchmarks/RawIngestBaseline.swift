import BenchmarkSupport
import Foundation
import SQLiteBaseline
import Wakeful
import WakefulServer

/// The baseline of the ingest benchmark: the server's inserts through SQLite's C API on one
/// connection, with no HTTP, JSON or GRDB in between — the same schema (made by the server's own
/// migrations), statement, transaction per batch, WAL and `synchronous = FULL`.
enum RawIngestBaseline {
    static func measure(_ workload: IngestWorkload) async throws -> IngestMeasurement {
        try await withTemporaryDirectory("wakeful-bench-raw") { directory in
            let storage = try SQLiteServerStorage(directory: directory)
            var work: [(device: String, batches: [IngestBatch])] = []
            for index in 0..<workload.clients {
                let install = UUID()
                let registration = DeviceRegistration(
                    installID: install, bundleID: "bench", appVersion: "1", osVersion: "1")
                let device = try await storage.register(
                    registration, tokenHash: BearerToken.hash(BearerToken.generate()), at: 0)
                work.append((device.uuidString, workload.batches(client: index, install: install)))
            }
            let database = try RawSQLite(
                path: directory.appendingPathComponent(SQLiteServerStorage.fileName).path, synchronous: "FULL")
            let insert = try database.prepare(
                """
                INSERT INTO records (device_id, uuid, seq, kind, payload, recorded_at, received_at)
                VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (device_id, uuid) DO NOTHING
                """)
            let clock = ContinuousClock()
            var latencies: [Duration] = []
            let start = clock.now
            // Round robin over the devices, one batch per transaction, as the server's single writer sees them.
            for round in 0..<(work.map(\.batches.count).max() ?? 0) {
                for (device, batches) in work where round < batches.count {
                    let begin = clock.now
                    try database.transaction {
                        for record in batches[round].records {
                            insert.bind(device, at: 1)
                            insert.bind(record.uuid.uuidString, at: 2)
                            insert.bind(record.seq, at: 3)
                            insert.bind(record.kind, at: 4)
                            insert.bind(record.payload, at: 5)
                            insert.bind(record.recordedAt, at: 6)
                            insert.bind(1_795_248_100.0, at: 7)
                            try insert.run()
                        }
                    }
                    latencies.append(clock.now - begin)
                }
            }
            return IngestMeasurement(records: workload.records, wall: clock.now - start, latencies: latencies)
        }
    }
}
