import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import Wakeful
@testable import WakefulServer
import WakefulTestSupport

@Suite("Group commit of ingest batches", .hangLimit, .watchdog)
struct GroupCommitTests {
    static let registration = DeviceRegistration(
        installID: UUID(), bundleID: "com.example.app", appVersion: "1.0", osVersion: "17.4")

    @Test("in one group a mismatched or failing batch rolls back only itself; the others are stored")
    func mixedGroup() async throws {
        try await Self.withDevice { storage, device in
            let install = Self.registration.installID
            let earlier = UUID()
            _ = try await storage.ingest(
                deviceID: device, batchID: earlier, digest: "a", records: makeRecords(install: install, count: 1),
                receivedAt: 20)
            let good = makeRecords(install: install, from: 10, count: 3)
            // seq 0 breaks the CHECK (seq >= 1) after a valid record was inserted: the savepoint takes both back.
            var invalid = makeRecords(install: install, from: 20, count: 2)
            invalid[1].seq = 0
            let overlapping = makeRecords(install: install, from: 12, count: 2)  // seq 12 is in `good`
            let failingID = UUID()
            let results = try await storage.ingest([
                IngestRequestBatch(deviceID: device, batchID: UUID(), digest: "g", records: good, receivedAt: 30),
                IngestRequestBatch(
                    deviceID: device, batchID: earlier, digest: "other",
                    records: makeRecords(install: install, from: 30, count: 1), receivedAt: 30),
                IngestRequestBatch(deviceID: device, batchID: failingID, digest: "f", records: invalid, receivedAt: 30),
                IngestRequestBatch(
                    deviceID: device, batchID: UUID(), digest: "o", records: overlapping, receivedAt: 30),
            ])
            #expect(results.count == 4)
            #expect(try results[0].get() == .stored(accepted: 3, duplicates: 0))
            #expect(try results[1].get() == .batchMismatch)
            #expect(throws: DatabaseError.self) { try results[2].get() }
            #expect(try results[3].get() == .stored(accepted: 1, duplicates: 1))
            let stored = try await storage.records(deviceID: device, matching: RecordQuery()).map(\.record.seq).sorted()
            #expect(stored == [1, 10, 11, 12, 13])
            let failedBatchRows = try await storage.pool.read { db in
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM ingest_batches WHERE batch_id = ?", arguments: [failingID.uuidString]
                )
            }
            #expect(failedBatchRows == 0)
        }
    }

    @Test("a group whose transaction dies between batches stores and acknowledges nothing")
    func crashBetweenBatches() async throws {
        try await Self.withDevice { storage, device in
            let install = Self.registration.installID
            let crashing = UUID()
            // The second batch's bookkeeping aborts the whole transaction, as a crash would lose it.
            try await storage.pool.write { db in
                try db.execute(
                    sql: """
                        CREATE TRIGGER crash BEFORE INSERT ON ingest_batches WHEN NEW.batch_id = '\(crashing.uuidString)'
                        BEGIN SELECT RAISE(ROLLBACK, 'simulated crash'); END
                        """)
            }
            let first = IngestRequestBatch(
                deviceID: device, batchID: UUID(), digest: "1", records: makeRecords(install: install, count: 2),
                receivedAt: 20)
            let group = [
                first,
                IngestRequestBatch(
                    deviceID: device, batchID: crashing, digest: "2",
                    records: makeRecords(install: install, from: 3, count: 2), receivedAt: 20),
                IngestRequestBatch(
                    deviceID: device, batchID: UUID(), digest: "3",
                    records: makeRecords(install: install, from: 5, count: 2), receivedAt: 20),
            ]
            await #expect(throws: DatabaseError.self) { try await storage.ingest(group) }
            #expect(try await storage.records(deviceID: device, matching: RecordQuery()).isEmpty)
            try await storage.pool.write { db in try db.execute(sql: "DROP TRIGGER crash") }
            #expect(try await storage.ingest([first]).map { try $0.get() } == [.stored(accepted: 2, duplicates: 0)])
        }
    }

    @Test("batches arriving during a commit wait and share the next one; none is answered before its commit")
    func concurrentRequestsShareACommit() async throws {
        try await Self.withCommitter(batches: 4, records: 5) { storage, committer, device, batches in
            var groups = storage.groups.makeAsyncIterator()
            storage.close()
            let answered = Answered()
            try await withThrowingTaskGroup(of: IngestOutcome.self) { tasks in
                tasks.addTask { try await answered.note(committer.ingest(batches[0])) }
                #expect(await groups.next()?.map(\.batchID) == [batches[0].batchID])
                for batch in batches.dropFirst() { tasks.addTask { try await answered.note(committer.ingest(batch)) } }
                while await committer.waitingCount < 3 { await Task.yield() }
                #expect(await answered.count == 0)
                storage.open()
                // The three arrived concurrently: one group holds them all, in whatever order they came.
                #expect(await groups.next().map { Set($0.map(\.batchID)) } == Set(batches.dropFirst().map(\.batchID)))
                for try await outcome in tasks { #expect(outcome == .stored(accepted: 5, duplicates: 0)) }
            }
            #expect(await answered.count == 4)
            #expect(try await storage.records(deviceID: device, matching: RecordQuery()).count == 20)
        }
    }

    @Test("when the shared commit fails every waiting request gets the error, and the next group works")
    func failedCommitAcknowledgesNothing() async throws {
        try await Self.withCommitter(batches: 3, records: 2) { storage, committer, device, batches in
            var groups = storage.groups.makeAsyncIterator()
            storage.close()
            storage.fail(with: SimulatedFailure())
            try await withThrowingTaskGroup(of: Bool.self) { tasks in
                for (index, batch) in batches.enumerated() {
                    tasks.addTask {
                        do {
                            _ = try await committer.ingest(batch)
                            return false
                        } catch { return error is SimulatedFailure }
                    }
                    if index == 0 { _ = await groups.next() }
                }
                while await committer.waitingCount < 2 { await Task.yield() }
                storage.open()
                for try await failed in tasks { #expect(failed) }
            }
            #expect(try await storage.records(deviceID: device, matching: RecordQuery()).isEmpty)
            storage.fail(with: nil)
            #expect(try await committer.ingest(batches[0]) == .stored(accepted: 2, duplicates: 0))
        }
    }

    /// SQLite storage with one registered device, for `body`; the database is removed afterwards.
    static func withDevice(_ body: (SQLiteServerStorage, UUID) async throws -> Void) async throws {
        try await withTemporaryDirectory { directory in
            let storage = try SQLiteServerStorage(directory: directory)
            try await body(storage, try await storage.register(Self.registration, tokenHash: "h", at: 10))
        }
    }

    /// A committer on gated storage with one registered device and `count` batches of `records`
    /// records of it, for `body`; the database is removed afterwards.
    static func withCommitter(
        batches count: Int, records: Int,
        _ body: (GatedStorage, IngestCommitter, UUID, [IngestRequestBatch]) async throws -> Void
    ) async throws {
        try await withTemporaryDirectory { directory in
            let storage = try GatedStorage(directory: directory)
            let device = try await storage.register(Self.registration, tokenHash: "h", at: 10)
            let batches = (0..<count).map { index in
                IngestRequestBatch(
                    deviceID: device, batchID: UUID(), digest: "\(index)",
                    records: makeRecords(
                        install: Self.registration.installID, from: Int64(index * 10 + 1), count: records),
                    receivedAt: 20)
            }
            try await body(storage, IngestCommitter(storage: storage), device, batches)
        }
    }

    @Test(
        "a second request for a batch still being processed is 409 with Retry-After; afterwards the batch is answered as usual"
    )
    func sameBatchInProgress() async throws {
        try await withTemporaryDirectory { directory in
            let storage = try GatedStorage(directory: directory)
            let configuration = ServerConfiguration(
                port: 0, storage: storage, adminToken: ServerHarness.adminToken, clock: ServerHarness.fixedClock())
            let app = try await buildApplication(configuration)
            try await app.test(.router) { client in
                let device = try await client.register()
                let batch = IngestBatch(
                    batchID: UUID(), installID: device.installID,
                    records: makeRecords(install: device.installID, count: 3))
                var groups = storage.groups.makeAsyncIterator()
                storage.close()
                try await withThrowingTaskGroup(of: TestResponse.self) { tasks in
                    tasks.addTask { try await client.ingest(batch, token: device.token) }
                    _ = await groups.next()
                    let duplicate = try await client.ingest(batch, token: device.token)
                    #expect(duplicate.status == .conflict, "\(duplicate.text)")
                    #expect(duplicate.headers[.retryAfter] == "1")
                    #expect(duplicate.errorCode == "batch_in_progress")
                    #expect(try duplicate.object()["field"] as? String == "Idempotency-Key")
                    storage.open()
                    let first = try #require(try await tasks.next())
                    #expect(first.status == .ok)
                    #expect(
                        try IngestAnswer.parse(Array(first.text.utf8)).answer
                            == IngestAnswer(accepted: 3, duplicates: 0))
                }
                let resend = try await client.ingest(batch, token: device.token)
                #expect(
                    try IngestAnswer.parse(Array(resend.text.utf8)).answer == IngestAnswer(accepted: 0, duplicates: 3))
            }
        }
    }
}

/// Counts the requests answered so far.
private actor Answered {
    private(set) var count = 0

    func note(_ outcome: IngestOutcome) -> IngestOutcome {
        count += 1
        return outcome
    }
}

private struct SimulatedFailure: Error {}
