import Foundation
import Testing
import Wakeful
import WakefulServer
import WakefulTestSupport

/// What every engine must do with timeline exports, on SQLite and on PostgreSQL.
@Suite("Timeline export storage", .hangLimit, .watchdog)
struct TimelineExportStorageTests {
    static func export(_ id: UUID, device: UUID, body: String, at time: TimeInterval) -> NewTimelineExport {
        NewTimelineExport(
            summary: TimelineExportSummary(
                id: id, deviceID: device, receivedAt: time, digest: "digest of \(body)", entries: 2,
                bytes: body.utf8.count, from: 100, to: nil, headers: 1),
            body: Array(body.utf8))
    }

    @Test(
        "an export is stored once per (device, ID): the same bytes again are already stored, other bytes are refused",
        arguments: StorageEngine.allCases)
    func idempotent(engine: StorageEngine) async throws {
        try await engine.withStorage { storage in
            let exports = try #require(storage as? any TimelineExportStorage)
            let (device, other) = try await ServerStorageConformanceTests.registerTwo(on: storage)
            let id = UUID()
            let first = Self.export(id, device: device, body: "a\n", at: 20)
            #expect(try await exports.storeTimelineExport(first) == .stored(first.summary))
            var again = Self.export(id, device: device, body: "a\n", at: 30)
            #expect(try await exports.storeTimelineExport(again) == .alreadyStored(first.summary))
            again = Self.export(id, device: device, body: "b\n", at: 30)
            #expect(try await exports.storeTimelineExport(again) == .idReused)
            // The same ID is another device's own export.
            let theirs = Self.export(id, device: other, body: "b\n", at: 40)
            #expect(try await exports.storeTimelineExport(theirs) == .stored(theirs.summary))
            let stored = try #require(try await exports.timelineExport(deviceID: device, id: id))
            #expect(stored.body == Array("a\n".utf8))
            #expect(stored.summary == first.summary)
            #expect(try await exports.timelineExport(deviceID: device, id: UUID()) == nil)
        }
    }

    @Test(
        "a device's exports are listed newest first, without their bodies, up to the limit",
        arguments: StorageEngine.allCases)
    func listing(engine: StorageEngine) async throws {
        try await engine.withStorage { storage in
            let exports = try #require(storage as? any TimelineExportStorage)
            let (device, other) = try await ServerStorageConformanceTests.registerTwo(on: storage)
            let stored = (0..<3).map { Self.export(UUID(), device: device, body: "\($0)\n", at: 20 + Double($0)) }
            for export in stored { _ = try await exports.storeTimelineExport(export) }
            _ = try await exports.storeTimelineExport(Self.export(UUID(), device: other, body: "x\n", at: 50))
            let listed = try await exports.timelineExports(deviceID: device, limit: 2)
            #expect(listed == [stored[2].summary, stored[1].summary])
            #expect(try await exports.timelineExports(deviceID: UUID(), limit: 10).isEmpty)
        }
    }
}
