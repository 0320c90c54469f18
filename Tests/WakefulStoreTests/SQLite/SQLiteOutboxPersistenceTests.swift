import Foundation
import Testing
import Wakeful
@testable import WakefulStore
import WakefulTestSupport

/// What the file keeps across launches, and how it is opened.
@Suite("SQLiteOutbox persistence", .watchdog, .cpuBound)
struct SQLiteOutboxPersistenceTests {
    @Test("records, the open batch, job states and counters survive a relaunch")
    func reopen() throws {
        try withDatabasePath { path in
            var outbox: SQLiteOutbox? = try openOutbox(path)
            try appendSamples(try #require(outbox), count: 5)
            try outbox?.commit(OutboxWrite(jobStates: [JobState(job: "upload", progress: 0.25, checkpoint: "p2")]))
            let batch = try #require(try outbox?.claimBatch(limits: BatchLimits(maxRecords: 2), now: 7))
            let before = try #require(try outbox?.dump())
            outbox = nil

            let relaunched = try SQLiteOutbox(path: path, options: SQLiteOutbox.Options(newInstallID: UUID()))
            #expect(relaunched.installID == testInstall)
            #expect(try relaunched.dump() == before)
            #expect(try relaunched.claimBatch(limits: BatchLimits(), now: 9) == batch)
            #expect(try relaunched.jobStates() == [JobState(job: "upload", progress: 0.25, checkpoint: "p2")])
            #expect(try appendSamples(relaunched, count: 1).map(\.seq) == [6])
        }
    }

    @Test(
        "a file store is in WAL mode with the chosen synchronous level",
        arguments: SQLiteOutbox.Options.Synchronous.allCases)
    func pragmas(_ synchronous: SQLiteOutbox.Options.Synchronous) throws {
        try withDatabasePath { path in
            let outbox = try SQLiteOutbox(path: path, options: SQLiteOutbox.Options(synchronous: synchronous))
            #expect(try outbox.pragma("journal_mode") == "wal")
            #expect(try outbox.pragma("synchronous") == (synchronous == .full ? "2" : "1"))
            #expect(try outbox.pragma("foreign_keys") == "1")
        }
    }

    @Test("a store made without an install ID draws one and keeps it")
    func drawnInstallID() throws {
        try withDatabasePath { path in
            let first = try SQLiteOutbox(path: path).installID
            #expect(try SQLiteOutbox(path: path).installID == first)
        }
    }

    @Test("a store at v1 is migrated to v2 with its data kept")
    func migrationKeepsData() throws {
        try withDatabasePath { path in
            var old: SQLiteOutbox? = try openOutbox(path, upTo: "v1")
            #expect(try old?.schemaObjects().contains("quarantine") == false)
            let stored = try appendSamples(try #require(old), count: 4)
            try old?.commit(OutboxWrite(jobStates: [JobState(job: "j", completedRuns: 3)]))
            let batch = try #require(try old?.claimBatch(limits: BatchLimits(maxRecords: 3), now: 1))
            old = nil

            let outbox = try openOutbox(path)
            #expect(try outbox.schemaObjects().isSuperset(of: ["quarantine", "quarantine_by_time"]))
            #expect(try outbox.claimBatch(limits: BatchLimits(), now: 2) == batch)
            #expect(try outbox.jobStates() == [JobState(job: "j", completedRuns: 3)])
            let answer = IngestAnswer(
                accepted: 2, duplicates: 0, rejected: [RecordRejection(uuid: stored[1].uuid, reason: "bad")])
            #expect(try outbox.acknowledge(batchID: batch.id, answer: answer, now: 3).settled)
            #expect(try outbox.quarantine().map(\.record) == [stored[1]])
            #expect(try outbox.claimBatch(limits: BatchLimits(), now: 4)?.records == [stored[3]])
        }
    }

    @Test("the in-memory variant starts empty and migrated")
    func inMemory() throws {
        let outbox = try SQLiteOutbox.inMemory(options: SQLiteOutbox.Options(newInstallID: testInstall))
        #expect(outbox.installID == testInstall)
        #expect(try outbox.schemaObjects().contains("quarantine"))
        #expect(try outbox.statistics() == OutboxStatistics())
    }
}
