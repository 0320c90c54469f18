import Foundation
import Testing
import Wakeful
@testable import WakefulServer
import WakefulTestSupport

/// The dashboard's reads (``DashboardStorage``) on every engine.
@Suite("dashboard: storage reads for the device page", .hangLimit, .watchdog)
struct DashboardStorageTests {
    @Test(
        "latest records come newest first, page by (recorded_at, seq) through records sharing a time, by kind",
        .hangLimit, arguments: StorageEngine.allCases)
    func latestRecords(engine: StorageEngine) async throws {
        try await engine.withStorage { storage in
            let dashboard = try #require(storage as? any DashboardStorage)
            let install = UUID()
            let id = try await storage.register(
                DeviceRegistration(installID: install, bundleID: "b", appVersion: "2.1", osVersion: "18.1"),
                tokenHash: "h", at: ServerHarness.now)
            // Five records at one time, then three a second apart; every third a timeline entry.
            var records: [OutboxRecord] = []
            for seq in Int64(1)...8 {
                let time = ServerHarness.now - 100 + Double(max(0, seq - 5))
                records.append(
                    OutboxRecord(
                        uuid: RecordIdentity.uuid(install: install, seq: seq), seq: seq,
                        kind: seq % 3 == 0 ? OutboxRecord.timelineKind : "sensor",
                        payload: "{}", recordedAt: time))
            }
            _ = try await storage.ingest(
                deviceID: id, batchID: UUID(), digest: "d", records: records.reversed(), receivedAt: ServerHarness.now)
            let all = try await dashboard.latestRecords(deviceID: id, before: RecordPosition.end, kind: nil, limit: 100)
            #expect(all.map(\.record.seq) == [8, 7, 6, 5, 4, 3, 2, 1])
            #expect(all.allSatisfy { $0.receivedAt == ServerHarness.now })
            var seqs: [Int64] = []
            var position = RecordPosition.end
            while true {
                let page = try await dashboard.latestRecords(deviceID: id, before: position, kind: nil, limit: 3)
                seqs += page.map(\.record.seq)
                guard let last = page.last else { break }
                position = last.position
            }
            #expect(
                seqs == [8, 7, 6, 5, 4, 3, 2, 1], "pages cross the five records of one time without loss or repeat")
            let before = try await dashboard.latestRecords(
                deviceID: id, before: .before(ServerHarness.now - 99), kind: nil, limit: 100)
            #expect(before.map(\.record.seq) == [5, 4, 3, 2, 1], "strictly before the time")
            let timeline = try await dashboard.latestRecords(
                deviceID: id, before: .before(.greatestFiniteMagnitude), kind: OutboxRecord.timelineKind, limit: 100)
            #expect(timeline.map(\.record.seq) == [6, 3])
            #expect(
                try await dashboard.latestRecords(
                    deviceID: UUID(), before: .before(.greatestFiniteMagnitude), kind: nil, limit: 100
                ).isEmpty)
            #expect(
                try await dashboard.registeredVersions(deviceID: id)
                    == RegisteredVersions(appVersion: "2.1", osVersion: "18.1"))
            #expect(try await dashboard.registeredVersions(deviceID: UUID()) == nil)
        }
    }
}
