import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import Wakeful
import WakefulServer
import WakefulTestSupport

@Suite("the device timeline shows pushes next to the wakes they caused", .hangLimit, .watchdog)
struct PushTimelineTests {
    @Test("a delivered push is linked to the device's remoteNotification entry; another is not seen after the window")
    func linked() async throws {
        try await PushHarness.withPushServer { harness, client in
            let device = try await client.register(apns: harness.deviceToken())
            #expect(try await client.postWake(device.id).status == .accepted)
            await harness.dispatch()
            let first = try #require(try await client.wakes(device.id).first?["wake_id"] as? String)

            await harness.advance(seconds: 1200)
            #expect(try await client.postWake(device.id).status == .accepted)
            await harness.dispatch()

            // The device reports the first push 20 s after delivery, naming the wake in userInfo.
            let line =
                #"{"t":\#(Int(ServerHarness.now) + 20),"kind":"event","event":"remoteNotification","id":"n1","userInfo":{"wakeful_wake":"\#(first)"}}"#
            let records = [
                OutboxRecord(
                    uuid: RecordIdentity.uuid(install: device.installID, seq: 1), seq: 1,
                    kind: OutboxRecord.timelineKind, payload: line,
                    recordedAt: ServerHarness.now + 20)
            ]
            let ingested = try await client.ingest(
                IngestBatch(batchID: UUID(), installID: device.installID, records: records), token: device.token)
            #expect(ingested.status == .ok, "\(ingested.text)")

            var timeline = try await timeline(device, client: client)
            var pushes = try #require(timeline["pushes"] as? [[String: Any]])
            #expect(pushes.count == 2)
            #expect(pushes[0]["wake_id"] as? String == first)
            #expect(pushes[0]["device_wake_status"] as? String == "seen")
            #expect((pushes[0]["device_wake"] as? [String: Any])?["seq"] as? Int == 1)
            #expect((pushes[0]["attempts"] as? [[String: Any]])?.first?["status"] as? Int == 200)
            #expect(pushes[1]["device_wake_status"] as? String == "waiting")
            let entries = try #require(timeline["entries"] as? [[String: Any]])
            #expect(entries.first?["caused_by_wake"] as? String == first)

            await harness.advance(seconds: 600)
            timeline = try await self.timeline(device, client: client)
            pushes = try #require(timeline["pushes"] as? [[String: Any]])
            #expect(pushes[1]["device_wake_status"] as? String == "not_seen")
            let explanation = try #require(pushes[1]["explanation"] as? String)
            #expect(explanation.hasPrefix("no wake seen within 10 minutes"))
            #expect(explanation.contains("PUSH-7"))
        }
    }

    @Test("an entry without the wake's ID is linked by time, within the window only")
    func linkedByTime() async throws {
        try await PushHarness.withPushServer { harness, client in
            let device = try await client.register(apns: harness.deviceToken())
            #expect(try await client.postWake(device.id).status == .accepted)
            await harness.dispatch()
            let records = [(1, 900.0), (2, 30.0)].map { seq, offset in
                OutboxRecord(
                    uuid: RecordIdentity.uuid(install: device.installID, seq: Int64(seq)), seq: Int64(seq),
                    kind: OutboxRecord.timelineKind,
                    payload:
                        #"{"t":\#(Int(ServerHarness.now + offset)),"kind":"event","event":"remoteNotification","id":"n\#(seq)","userInfo":{}}"#,
                    recordedAt: ServerHarness.now + offset)
            }
            let batch = IngestBatch(batchID: UUID(), installID: device.installID, records: records)
            #expect(try await client.ingest(batch, token: device.token).status == .ok)
            let pushes = try #require(try await timeline(device, client: client)["pushes"] as? [[String: Any]])
            #expect((pushes.first?["device_wake"] as? [String: Any])?["seq"] as? Int == 2)
        }
    }

    @Test("a push that was not sent says why")
    func notSent() async throws {
        try await PushHarness.withPushServer { harness, client in
            let device = try await client.register(apns: harness.deviceToken(knownToMock: false))
            #expect(try await client.postWake(device.id).status == .accepted)
            await harness.dispatch()
            let pushes = try #require(try await timeline(device, client: client)["pushes"] as? [[String: Any]])
            #expect(pushes.first?["device_wake_status"] as? String == "not_sent")
            #expect((pushes.first?["explanation"] as? String)?.contains("BadDeviceToken") == true)
            let attempts = try await harness.storage.attempts(deviceID: device.id, from: nil, to: nil)
            #expect(attempts.map(\.status) == [400])
        }
    }

    private func timeline(_ device: TestDevice, client: some TestClientProtocol) async throws -> [String: Any] {
        let response = try await client.send(
            .get, "/v1/devices/\(device.id.uuidString)/timeline", token: ServerHarness.adminToken)
        #expect(response.status == .ok, "\(response.text)")
        return try response.object()
    }
}
