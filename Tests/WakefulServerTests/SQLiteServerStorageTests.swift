import Foundation
import GRDB
import HTTPTypes
import Testing
import Wakeful
@testable import WakefulServer

@Suite("SQLiteServerStorage")
struct SQLiteServerStorageTests {
    static let registration = DeviceRegistration(installID: UUID(), bundleID: "com.example.app", appVersion: "1.0", osVersion: "17.4")

    @Test("ingest inserts once per (device, uuid), counts duplicates, and refuses a reused batch ID with other records")
    func ingest() async throws {
        try await withTemporaryDirectory { directory in
            let storage = try SQLiteServerStorage(directory: directory)
            let device = try await storage.register(Self.registration, tokenHash: "h1", at: 10)
            let records = makeRecords(install: Self.registration.installID, count: 3)
            let batch = UUID()
            #expect(try await storage.ingest(deviceID: device, batchID: batch, digest: "d1", records: records, receivedAt: 20) == .stored(accepted: 3, duplicates: 0))
            #expect(try await storage.ingest(deviceID: device, batchID: batch, digest: "d1", records: records, receivedAt: 21) == .stored(accepted: 0, duplicates: 3))
            let more = makeRecords(install: Self.registration.installID, from: 4, count: 1)
            #expect(try await storage.ingest(deviceID: device, batchID: batch, digest: "d2", records: more, receivedAt: 22) == .batchMismatch)
            #expect(try await storage.records(deviceID: device, matching: RecordQuery()).count == 3)
            let twice = [more[0], more[0]]
            #expect(try await storage.ingest(deviceID: device, batchID: UUID(), digest: "d3", records: twice, receivedAt: 23) == .stored(accepted: 1, duplicates: 1))
        }
    }

    @Test("records of one device are invisible to another; the same UUID may exist for two devices")
    func isolation() async throws {
        try await withTemporaryDirectory { directory in
            let storage = try SQLiteServerStorage(directory: directory)
            let first = try await storage.register(Self.registration, tokenHash: "h1", at: 10)
            var other = Self.registration
            other.installID = UUID()
            let second = try await storage.register(other, tokenHash: "h2", at: 10)
            let records = makeRecords(install: Self.registration.installID, count: 2)
            _ = try await storage.ingest(deviceID: first, batchID: UUID(), digest: "a", records: records, receivedAt: 20)
            #expect(try await storage.ingest(deviceID: second, batchID: UUID(), digest: "a", records: records, receivedAt: 20) == .stored(accepted: 2, duplicates: 0))
            #expect(try await storage.records(deviceID: first, matching: RecordQuery()).count == 2)
        }
    }

    @Test("registration keeps the device per install, replaces the token hash, and revocation sticks")
    func devices() async throws {
        try await withTemporaryDirectory { directory in
            let storage = try SQLiteServerStorage(directory: directory)
            let id = try await storage.register(Self.registration, tokenHash: "old", at: 10)
            #expect(try await storage.register(Self.registration, tokenHash: "new", at: 11) == id)
            #expect(try await storage.device(tokenHash: "old") == nil)
            #expect(try await storage.device(tokenHash: "new")?.id == id)
            #expect(try await storage.revoke(deviceID: id, at: 12))
            #expect(try await storage.revoke(deviceID: id, at: 13))
            #expect(try await storage.device(id: id)?.revokedAt == 12)
            #expect(try await storage.revoke(deviceID: UUID(), at: 12) == false)
            await #expect(throws: ServerStorageError.deviceRevoked) {
                try await storage.register(Self.registration, tokenHash: "newer", at: 14)
            }
        }
    }

    @Test("the writer syncs every commit (synchronous = FULL) in WAL mode")
    func durability() async throws {
        try await withTemporaryDirectory { directory in
            let storage = try SQLiteServerStorage(directory: directory)
            let (journal, synchronous) = try await storage.pool.write { db in
                (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA synchronous"))
            }
            #expect(journal == "wal")
            #expect(synchronous == 2)
        }
    }

    @Test("data survives reopening the directory; migrations run once")
    func reopen() async throws {
        try await withTemporaryDirectory { directory in
            let id = try await {
                let storage = try SQLiteServerStorage(directory: directory)
                let id = try await storage.register(Self.registration, tokenHash: "h", at: 10)
                _ = try await storage.ingest(deviceID: id, batchID: UUID(), digest: "d", records: makeRecords(install: Self.registration.installID, count: 2), receivedAt: 20)
                return id
            }()
            let reopened = try SQLiteServerStorage(directory: directory)
            #expect(try await reopened.records(deviceID: id, matching: RecordQuery()).count == 2)
        }
    }
}
