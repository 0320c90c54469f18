import Foundation
import Testing
import Wakeful
@testable import WakefulServer
import WakefulTestSupport

/// What every ``ServerStorage`` engine must do, run on SQLite and on PostgreSQL.
@Suite("ServerStorage conformance", .hangLimit, .watchdog)
struct ServerStorageConformanceTests {
    static let registration = DeviceRegistration(
        installID: UUID(), bundleID: "com.example.app", appVersion: "1.0", osVersion: "17.4")

    /// Registers ``registration`` at 10 and another install at 11.
    static func registerTwo(on storage: any ServerStorage) async throws -> (UUID, UUID) {
        let first = try await storage.register(registration, tokenHash: "h1", at: 10)
        var other = registration
        other.installID = UUID()
        return (first, try await storage.register(other, tokenHash: "h2", at: 11))
    }

    @Test(
        "ingest inserts once per (device, uuid), counts duplicates, and refuses a reused batch ID with other records",
        arguments: StorageEngine.allCases)
    func ingest(engine: StorageEngine) async throws {
        try await engine.withStorage { storage in
            let device = try await storage.register(Self.registration, tokenHash: "h1", at: 10)
            let records = makeRecords(install: Self.registration.installID, count: 3)
            let batch = UUID()
            #expect(
                try await storage.ingest(
                    deviceID: device, batchID: batch, digest: "d1", records: records, receivedAt: 20)
                    == .stored(accepted: 3, duplicates: 0))
            #expect(
                try await storage.ingest(
                    deviceID: device, batchID: batch, digest: "d1", records: records, receivedAt: 21)
                    == .stored(accepted: 0, duplicates: 3))
            let more = makeRecords(install: Self.registration.installID, from: 4, count: 1)
            #expect(
                try await storage.ingest(deviceID: device, batchID: batch, digest: "d2", records: more, receivedAt: 22)
                    == .batchMismatch)
            #expect(try await storage.records(deviceID: device, matching: RecordQuery()).count == 3)
            let twice = [more[0], more[0]]
            #expect(
                try await storage.ingest(
                    deviceID: device, batchID: UUID(), digest: "d3", records: twice, receivedAt: 23)
                    == .stored(accepted: 1, duplicates: 1))
            #expect(
                try await storage.ingest(deviceID: device, batchID: UUID(), digest: "d4", records: [], receivedAt: 24)
                    == .stored(accepted: 0, duplicates: 0))
        }
    }

    @Test(
        "records of one device are invisible to another; the same UUID may exist for two devices",
        arguments: StorageEngine.allCases)
    func isolation(engine: StorageEngine) async throws {
        try await engine.withStorage { storage in
            let (first, second) = try await Self.registerTwo(on: storage)
            let records = makeRecords(install: Self.registration.installID, count: 2)
            _ = try await storage.ingest(
                deviceID: first, batchID: UUID(), digest: "a", records: records, receivedAt: 20)
            #expect(
                try await storage.ingest(
                    deviceID: second, batchID: UUID(), digest: "a", records: records, receivedAt: 20)
                    == .stored(accepted: 2, duplicates: 0))
            #expect(try await storage.records(deviceID: first, matching: RecordQuery()).count == 2)
            #expect(try await storage.records(deviceID: UUID(), matching: RecordQuery()).isEmpty)
        }
    }

    @Test(
        "registration keeps the device per install, replaces the token hash, and revocation sticks",
        arguments: StorageEngine.allCases)
    func devices(engine: StorageEngine) async throws {
        try await engine.withStorage { storage in
            let id = try await storage.register(Self.registration, tokenHash: "old", at: 10)
            #expect(try await storage.register(Self.registration, tokenHash: "new", at: 11) == id)
            #expect(try await storage.device(tokenHash: "old") == nil)
            #expect(
                try await storage.device(tokenHash: "new")
                    == StoredDevice(id: id, installID: Self.registration.installID, bundleID: "com.example.app"))
            #expect(try await storage.revoke(deviceID: id, at: 12))
            #expect(try await storage.revoke(deviceID: id, at: 13))
            #expect(try await storage.device(id: id)?.revokedAt == 12)
            #expect(try await storage.revoke(deviceID: UUID(), at: 12) == false)
            #expect(try await storage.device(id: UUID()) == nil)
            await #expect(throws: ServerStorageError.deviceRevoked) {
                try await storage.register(Self.registration, tokenHash: "newer", at: 14)
            }
            #expect(try await storage.device(tokenHash: "newer") == nil)
        }
    }

    @Test(
        "an existing install's credential is replaced only as allowed: refused, rotated with the current hash, replaced",
        .hangLimit, arguments: StorageEngine.allCases)
    func reregistration(engine: StorageEngine) async throws {
        try await engine.withStorage { storage in
            let id = try await storage.register(Self.registration, tokenHash: "h1", at: 10, existing: .refuse)
            await #expect(throws: ServerStorageError.installRegistered) {
                try await storage.register(Self.registration, tokenHash: "stolen", at: 11, existing: .refuse)
            }
            await #expect(throws: ServerStorageError.installRegistered) {
                try await storage.register(
                    Self.registration, tokenHash: "stolen", at: 11, existing: .rotate(currentTokenHash: "guess"))
            }
            #expect(try await storage.device(tokenHash: "stolen") == nil)
            #expect(try await storage.device(tokenHash: "h1")?.id == id)
            #expect(
                try await storage.register(
                    Self.registration, tokenHash: "h2", at: 12, existing: .rotate(currentTokenHash: "h1")) == id)
            #expect(try await storage.device(tokenHash: "h1") == nil)
            // The rotated-away hash no longer rotates.
            await #expect(throws: ServerStorageError.installRegistered) {
                try await storage.register(
                    Self.registration, tokenHash: "h3", at: 13, existing: .rotate(currentTokenHash: "h1"))
            }
            #expect(try await storage.register(Self.registration, tokenHash: "h4", at: 14, existing: .replace) == id)
            #expect(try await storage.device(tokenHash: "h4")?.id == id)
            #expect(try await storage.revoke(deviceID: id, at: 15))
            await #expect(throws: ServerStorageError.deviceRevoked) {
                try await storage.register(
                    Self.registration, tokenHash: "h5", at: 16, existing: .rotate(currentTokenHash: "h4"))
            }
            await #expect(throws: ServerStorageError.deviceRevoked) {
                try await storage.register(Self.registration, tokenHash: "h5", at: 16, existing: .refuse)
            }
        }
    }

    @Test("an APNs token is stored with registration, replaced, and read back", arguments: StorageEngine.allCases)
    func apnsTokens(engine: StorageEngine) async throws {
        try await engine.withStorage { storage in
            var registration = Self.registration
            registration.apns = APNsRegistration(token: "aa01", environment: .sandbox, topic: "com.example.app")
            let id = try await storage.register(registration, tokenHash: "h", at: 10)
            #expect(
                try await storage.apnsToken(deviceID: id)
                    == StoredAPNsToken(registration: registration.apns!, updatedAt: 10, invalidatedAt: nil))
            let production = APNsRegistration(token: "bb02", environment: .production, topic: "com.example.app")
            try await storage.setAPNsToken(production, deviceID: id, at: 11)
            #expect(
                try await storage.apnsToken(deviceID: id)
                    == StoredAPNsToken(registration: production, updatedAt: 11, invalidatedAt: nil))
            #expect(try await storage.apnsToken(deviceID: UUID()) == nil)
        }
    }

    @Test(
        "device summaries: registration order, record count, last seen, lower-median and largest lag",
        arguments: StorageEngine.allCases)
    func summaries(engine: StorageEngine) async throws {
        try await engine.withStorage { storage in
            let (busy, quiet) = try await Self.registerTwo(on: storage)
            // Recorded at 100…103 and received at 110: lags 10, 9, 8, 7; the lower median is 8.
            let records = makeRecords(install: Self.registration.installID, count: 4, start: 100)
            _ = try await storage.ingest(
                deviceID: busy, batchID: UUID(), digest: "a", records: records, receivedAt: 110)
            _ = try await storage.ingest(deviceID: busy, batchID: UUID(), digest: "b", records: [], receivedAt: 105)
            let summaries = try await storage.deviceSummaries()
            #expect(summaries.map(\.id) == [busy, quiet])
            #expect(
                summaries.first
                    == DeviceSummary(
                        id: busy, installID: Self.registration.installID, bundleID: "com.example.app", createdAt: 10,
                        lastSeen: 110,
                        revokedAt: nil, recordCount: 4, lagMedian: 8, lagMax: 10))
            #expect(summaries.last?.recordCount == 0)
            #expect(summaries.last?.lagMedian == nil)
            #expect(summaries.last?.lagMax == nil)
            #expect(summaries.last?.lastSeen == 11)
        }
    }

    @Test(
        "records by time range and kind, ordered by (recorded_at, seq), at most limit",
        arguments: StorageEngine.allCases)
    func recordQueries(engine: StorageEngine) async throws {
        try await engine.withStorage { storage in
            let device = try await storage.register(Self.registration, tokenHash: "h", at: 10)
            let install = Self.registration.installID
            // Sent out of order, and two records at the same time told apart by seq.
            var records =
                makeRecords(install: install, count: 4, start: 100)
                + makeRecords(install: install, from: 5, count: 1, start: 101, kind: "wake")
            records.reverse()
            _ = try await storage.ingest(
                deviceID: device, batchID: UUID(), digest: "a", records: records, receivedAt: 200)
            let all = try await storage.records(deviceID: device, matching: RecordQuery())
            #expect(all.map(\.record.seq) == [1, 2, 5, 3, 4])
            #expect(all.allSatisfy { $0.receivedAt == 200 })
            #expect(all.first?.record == records.last)
            #expect(
                try await storage.records(deviceID: device, matching: RecordQuery(from: 101, to: 103)).map(\.record.seq)
                    == [2, 5, 3])
            #expect(
                try await storage.records(deviceID: device, matching: RecordQuery(kind: "wake")).map(\.record.seq) == [
                    5
                ])
            #expect(
                try await storage.records(deviceID: device, matching: RecordQuery(from: 101, limit: 2)).map(
                    \.record.seq) == [2, 5])
        }
    }

    @Test("data survives reopening; a second opening applies no migration again", arguments: StorageEngine.allCases)
    func reopen(engine: StorageEngine) async throws {
        try await engine.withStore { store in
            let first = try await store.open()
            let id = try await first.register(Self.registration, tokenHash: "h", at: 10)
            _ = try await first.ingest(
                deviceID: id, batchID: UUID(), digest: "d",
                records: makeRecords(install: Self.registration.installID, count: 2), receivedAt: 20)
            let reopened = try await store.open()
            #expect(try await reopened.records(deviceID: id, matching: RecordQuery()).count == 2)
            #expect(try await reopened.register(Self.registration, tokenHash: "h2", at: 30) == id)
        }
    }
}
