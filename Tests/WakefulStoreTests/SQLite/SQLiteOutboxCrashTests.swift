import Foundation
import Testing
import Wakeful
@testable import WakefulStore
import WakefulTestSupport

/// Crash injection: a crash at any fault point rolls the transaction back whole, and the relaunched
/// store (a new object on the same file) is consistent and carries on.
@Suite("SQLiteOutbox crash injection", .watchdog, .cpuBound)
struct SQLiteOutboxCrashTests {
    /// The operations that reach each fault point, with a store prepared so that each changes something.
    static let operationPoints: [OutboxFaultPoint] = [.afterAppend, .afterClaim, .insideAcknowledge, .insideRetention]

    /// Prepares a store: 6 records, job state, and (for acknowledge) an open batch of 4.
    func prepare(_ path: String, for point: OutboxFaultPoint) throws -> OutboxBatch? {
        let outbox = try openOutbox(path)
        try appendSamples(outbox, count: 6)
        try outbox.commit(OutboxWrite(jobStates: [JobState(job: "j", completedRuns: 1)]))
        guard point == .insideAcknowledge else { return nil }
        return try outbox.claimBatch(limits: BatchLimits(maxRecords: 4), now: 1)
    }

    /// Runs the operation that reaches `point`.
    func run(_ point: OutboxFaultPoint, on outbox: SQLiteOutbox, batch: OutboxBatch?) throws {
        switch point {
        case .afterAppend:
            try outbox.commit(
                OutboxWrite(
                    records: (0..<3).map { CollectedRecord(sample(100 + $0), at: 50) },
                    jobStates: [JobState(job: "j", completedRuns: 2)]))
        case .afterClaim:
            _ = try outbox.claimBatch(limits: BatchLimits(maxRecords: 4), now: 2)
        case .insideAcknowledge:
            let batch = try #require(batch)
            let answer = IngestAnswer(
                accepted: 3, duplicates: 0, rejected: [RecordRejection(uuid: batch.records[0].uuid, reason: "r")])
            #expect(try outbox.acknowledge(batchID: batch.id, answer: answer, now: 3).settled)
        case .insideRetention:
            #expect(
                try outbox.enforceRetention(RetentionPolicy(maxAge: nil, maxCount: 2, maxBytes: nil), now: 4) != nil)
        case .duringMigration:
            Issue.record("not an operation point")
        }
    }

    @Test(
        "a crash inside an operation leaves the file as before it, and the operation then completes",
        arguments: operationPoints)
    func crashInsideOperation(_ point: OutboxFaultPoint) throws {
        try withDatabasePath { path in
            let batch = try prepare(path, for: point)
            let before = try openOutbox(path).dump()

            let crashing = try openOutbox(path, crashAt: [point])
            #expect(throws: SimulatedCrash(at: point)) { try run(point, on: crashing, batch: batch) }
            // The crashed process's object is gone; a relaunch opens the file anew.
            let relaunched = try openOutbox(path)
            #expect(try relaunched.dump() == before)
            try run(point, on: relaunched, batch: batch)
            #expect(try relaunched.dump() != before)
            try expectConsistent(relaunched)
        }
    }

    @Test("a crash in a store's first migration leaves no schema, and the relaunch creates it")
    func crashInFirstMigration() throws {
        try withDatabasePath { path in
            #expect(throws: SimulatedCrash(at: .duringMigration("v1"))) {
                try openOutbox(path, crashAt: [.duringMigration("v1")])
            }
            #expect(try tableNames(at: path).allSatisfy { $0 == "grdb_migrations" })
            let outbox = try openOutbox(path)
            #expect(outbox.installID == testInstall)
            #expect(
                try outbox.schemaObjects().isSuperset(of: [
                    "meta", "records", "batches", "job_states", "quarantine", "quarantine_by_time", "strategy_states",
                ]))
            try expectConsistent(outbox)
        }
    }

    @Test("a crash while migrating a v1 store to v2 keeps v1 and its data; the relaunch completes the migration")
    func crashInUpgrade() throws {
        try withDatabasePath { path in
            let old = try openOutbox(path, upTo: "v1")
            try appendSamples(old, count: 3)
            let before = try old.dump()

            #expect(throws: SimulatedCrash(at: .duringMigration("v2"))) {
                try openOutbox(path, crashAt: [.duringMigration("v2")])
            }
            let stillOld = try openOutbox(path, upTo: "v1")
            #expect(try stillOld.dump() == before)
            #expect(try stillOld.schemaObjects().contains("quarantine") == false)

            let outbox = try openOutbox(path)
            #expect(try outbox.schemaObjects().contains("quarantine"))
            #expect(try outbox.statistics().pendingCount == 3)
            try expectConsistent(outbox)
        }
    }

    @Test("a crash while adding the strategy states to a v2 store keeps v2; the relaunch adds them")
    func crashAddingStrategyStates() throws {
        try withDatabasePath { path in
            let old = try openOutbox(path, upTo: "v2")
            try appendSamples(old, count: 2)
            let before = try old.dump()

            #expect(throws: SimulatedCrash(at: .duringMigration("v3"))) {
                try openOutbox(path, crashAt: [.duringMigration("v3")])
            }
            let stillOld = try openOutbox(path, upTo: "v2")
            #expect(try stillOld.dump() == before)
            #expect(try stillOld.schemaObjects().contains("strategy_states") == false)

            let outbox = try openOutbox(path)
            let saved = StrategyState(strategy: "GeofenceSet", state: #"{"inside":{}}"#)
            try outbox.commit(OutboxWrite(strategyStates: [saved]))
            #expect(try outbox.strategyStates() == [saved])
            #expect(try outbox.statistics().pendingCount == 2)
            try expectConsistent(outbox)
        }
    }

    @Test("every fault point is exercised by this suite")
    func coverage() {
        let migrationPoints = SQLiteOutbox.migrations.map { OutboxFaultPoint.duringMigration($0) }
        #expect(Set(OutboxFaultPoint.all) == Set(Self.operationPoints + migrationPoints))
        #expect(migrationPoints == [.duringMigration("v1"), .duringMigration("v2"), .duringMigration("v3")])
    }

    /// Expects the store's invariants to hold.
    func expectConsistent(_ outbox: SQLiteOutbox) throws {
        #expect(try outbox.invariantViolations() == [])
    }
}
