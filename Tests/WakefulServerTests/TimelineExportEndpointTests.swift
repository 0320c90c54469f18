import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import Wakeful
import WakefulServer
import WakefulTestSupport

@Suite("timeline exports: upload, list, download, dashboard", .hangLimit, .watchdog)
struct TimelineExportEndpointTests {
    /// An export as a phone makes it: a header, a background launch, a scheduled task.
    static var body: [UInt8] {
        var lines = JSONLinesBuffer()
        let start = ServerHarness.now - 3600
        lines.append(
            TimelineHeader(source: "device", device: "iPhone15,2", ios: "17.5", setup: "ScheduledRefresh").entry(
                at: start))
        lines.append(TimelineEntry(time: start, body: .event(.didFinishLaunching(.scheduledTask))))
        lines.append(
            TimelineEntry(
                time: start + 1,
                body: .event(
                    .scheduledTaskLaunched(ScheduledTaskLaunch(identifier: "com.example.refresh", kind: .appRefresh)))))
        return lines.bytes
    }

    static let ndjson: HTTPFields = [.contentType: "application/x-ndjson"]

    static func upload(
        _ client: some TestClientProtocol, _ device: TestDevice, id: UUID, body: [UInt8] = body,
        headers: HTTPFields = ndjson
    ) async throws -> TestResponse {
        try await client.send(
            .put, "/v1/devices/me/timeline-exports/\(id.uuidString)", token: device.token, headers: headers, body: body,
            json: false)
    }

    @Test("an upload is stored once: 201, the same again 200 with the first receipt, other lines under its ID 422")
    func idempotentUpload() async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register()
            let id = UUID()
            let first = try await Self.upload(client, device, id: id)
            #expect(first.status == .created, "\(first.text)")
            let receipt = try first.object()
            #expect(receipt["export_id"] as? String == id.uuidString)
            #expect(receipt["entries"] as? Int == 3)
            #expect(receipt["bytes"] as? Int == Self.body.count)
            #expect(receipt["headers"] as? Int == 1)
            let again = try await Self.upload(client, device, id: id)
            #expect(again.status == .ok)
            #expect(again.text == first.text)
            let other = try await Self.upload(
                client, device, id: id, body: Array(Self.body.dropLast(1)) + Array(" \n".utf8))
            #expect(other.status == .unprocessableContent)
            #expect(other.errorCode == "export_id_reused")
            // The device's answer reads back as what the app expects.
            let outcome = TimelineExportUpload.outcome(status: 200, body: Array(again.text.utf8))
            #expect(try outcome.get() == .init(id: id, entries: 3, bytes: Self.body.count, alreadyStored: true))
        }
    }

    @Test("bad input is a 400 naming the line and the key, or a 415 for the media type; never a 500")
    func badInput() async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register()
            let broken = Self.body + Array(#"{"t":12,"kind":"event","event":"noSuchEvent"}"#.utf8)
            let bad = try await Self.upload(client, device, id: UUID(), body: broken)
            #expect(bad.status == .badRequest, "\(bad.text)")
            #expect(bad.errorCode == "invalid_export")
            let message = try #require(try bad.object()["message"] as? String)
            #expect(message.hasPrefix("line 4: key \"event\""), "\(message)")
            #expect(try bad.object()["field"] as? String == "line 4, key event")
            let notJSON = try await Self.upload(client, device, id: UUID(), body: Array("hello\n".utf8))
            #expect(notJSON.status == .badRequest)
            let empty = try await Self.upload(client, device, id: UUID(), body: [])
            #expect(empty.status == .badRequest)
            let json = try await Self.upload(client, device, id: UUID(), headers: [.contentType: "application/json"])
            #expect(json.status == .unsupportedMediaType)
            let badID = try await client.send(
                .put, "/v1/devices/me/timeline-exports/not-a-uuid", token: device.token, headers: Self.ndjson,
                body: Self.body, json: false)
            #expect(badID.status == .badRequest)
            #expect(try badID.object()["field"] as? String == "export_id")
            let admin = try await client.send(
                .put, "/v1/devices/me/timeline-exports/\(UUID())", token: ServerHarness.adminToken,
                headers: Self.ndjson, body: Self.body, json: false)
            #expect(admin.status == .forbidden)
            let anonymous = try await client.send(
                .put, "/v1/devices/me/timeline-exports/\(UUID())", headers: Self.ndjson, body: Self.body, json: false)
            #expect(anonymous.status == .unauthorized)
        }
    }

    @Test("an export over the size limit is a 413")
    func tooLarge() async throws {
        try await ServerHarness.withServer(limits: ServerLimits(maximumTimelineExportBytes: 100)) { _, client in
            let device = try await client.register()
            let response = try await Self.upload(client, device, id: UUID())
            #expect(response.status == .contentTooLarge)
        }
    }

    @Test("the admin and the device list and download exports; the file is the bytes sent; another device sees none")
    func listAndDownload() async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register()
            let stranger = try await client.register()
            let id = UUID()
            _ = try await Self.upload(client, device, id: id)
            let base = "/v1/devices/\(device.id.uuidString)/timeline-exports"
            let list = try await client.send(.get, base, token: ServerHarness.adminToken)
            let exports = try #require(try list.object()["exports"] as? [[String: Any]])
            #expect(exports.map { $0["export_id"] as? String } == [id.uuidString])
            let file = try await client.send(.get, base + "/\(id.uuidString)", token: device.token)
            #expect(file.status == .ok)
            #expect(file.headers[.contentType] == "application/x-ndjson")
            #expect(Array(file.body.readableBytesView) == Self.body)
            #expect(try await client.send(.get, base, token: stranger.token).status == .notFound)
            #expect(
                try await client.send(.get, base + "/\(UUID().uuidString)", token: ServerHarness.adminToken).status
                    == .notFound)
        }
    }

    @Test("the dashboard lists a device's exports and draws one, with its setup and a link to the file")
    func dashboard() async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register()
            let id = UUID()
            _ = try await Self.upload(client, device, id: id)
            let page = try await client.send(
                .get, "/dashboard/devices/\(device.id.uuidString)", token: ServerHarness.adminToken)
            #expect(page.status == .ok)
            #expect(page.text.contains("Timeline exports"))
            #expect(page.text.contains("/dashboard/devices/\(device.id.uuidString)/exports/\(id.uuidString)"))
            let exportPage = try await client.send(
                .get, "/dashboard/devices/\(device.id.uuidString)/exports/\(id.uuidString)",
                token: ServerHarness.adminToken)
            #expect(exportPage.status == .ok, "\(exportPage.text)")
            #expect(exportPage.text.contains("ScheduledRefresh"))
            #expect(exportPage.text.contains("<svg"))
            let file = try await client.send(
                .get, "/dashboard/devices/\(device.id.uuidString)/exports/\(id.uuidString)/file",
                token: ServerHarness.adminToken)
            #expect(Array(file.body.readableBytesView) == Self.body)
            let missing = try await client.send(
                .get, "/dashboard/devices/\(device.id.uuidString)/exports/\(UUID().uuidString)",
                token: ServerHarness.adminToken)
            #expect(missing.status == .notFound)
        }
    }
}
