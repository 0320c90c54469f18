import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WakefulAPNs
import WakefulServer
import WakefulTestSupport

@Suite("waking a device: the dispatcher against the mock APNs", .hangLimit, .watchdog)
struct PushDeliveryTests {
    @Test("a wake for now is sent as a background push and its apns-id and latency are recorded")
    func delivered() async throws {
        try await PushHarness.withPushServer { harness, client in
            let device = try await client.register(apns: harness.deviceToken())
            let posted = try await client.postWake(device.id, #"{"note":"sync","collapse_id":"sync-1"}"#)
            #expect(posted.status == .accepted, "\(posted.text)")
            #expect(try posted.object()["state"] as? String == "scheduled")
            let report = await harness.dispatch()
            #expect(report.claimed == 1 && report.delivered == 1)

            let request = try #require(harness.mock.recordedRequests().first)
            #expect(request.status == 200)
            #expect(request.request.header("apns-push-type") == "background")
            #expect(request.request.header("apns-priority") == "5")
            #expect(request.request.header("apns-topic") == PushHarness.topic)
            #expect(request.request.header("apns-collapse-id") == "sync-1")
            #expect(request.request.header("apns-expiration") == String(Int(ServerHarness.now) + 3600))
            let payload = try #require(try JSONSerialization.jsonObject(with: request.request.body) as? [String: Any])
            #expect((payload["aps"] as? [String: Int]) == ["content-available": 1])
            #expect(payload["wakeful_note"] as? String == "sync")

            let wake = try #require(try await client.wakes(device.id).first)
            #expect(wake["state"] as? String == "delivered")
            #expect(payload["wakeful_wake"] as? String == wake["wake_id"] as? String)
            let attempt = try #require((wake["attempts"] as? [[String: Any]])?.first)
            #expect(attempt["status"] as? Int == 200)
            #expect(attempt["outcome"] as? String == "delivered")
            #expect(attempt["apns_id"] as? String == request.request.header("apns-id"))
            // Timed on the server's clock, which only the test moves: the request took no time on it.
            #expect(attempt["latency_ms"] as? Double == 0)
            // Nothing is sent twice.
            #expect(await harness.dispatch().claimed == 0)
            #expect(harness.mock.requestCount == 1)
        }
    }

    @Test("a wake for later is sent only once it is due")
    func scheduled() async throws {
        try await PushHarness.withPushServer { harness, client in
            let device = try await client.register(apns: harness.deviceToken())
            let posted = try await client.postWake(device.id, #"{"at":"\#(stamp(ServerHarness.now + 600))"}"#)
            #expect(posted.status == .accepted, "\(posted.text)")
            #expect(try posted.object()["scheduled_at"] as? String == stamp(ServerHarness.now + 600))
            #expect(await harness.dispatch().claimed == 0)
            await harness.advance(seconds: 599)
            #expect(await harness.dispatch().claimed == 0)
            #expect(harness.mock.requestCount == 0)
            await harness.advance(seconds: 1)
            #expect(await harness.dispatch().delivered == 1)
            #expect(harness.mock.requestCount == 1)
        }
    }

    @Test("429 and 503 are resent later with growing delays, then delivered")
    func backOff() async throws {
        try await PushHarness.withPushServer { harness, client in
            let device = try await client.register(apns: harness.deviceToken())
            harness.mock.setFaults([
                MockFaultRule(.reject(status: 429, reason: "TooManyRequests"), times: 1),
                MockFaultRule(.reject(status: 503, reason: "ServiceUnavailable"), times: 1),
            ])
            #expect(try await client.postWake(device.id).status == .accepted)
            #expect(await harness.dispatch().rescheduled == 1)
            var wake = try #require(try await client.wakes(device.id).first)
            #expect(wake["state"] as? String == "scheduled")
            #expect(wake["next_attempt_at"] as? String == stamp(ServerHarness.now + 30))
            #expect((wake["reason"] as? String)?.contains("429 TooManyRequests") == true)

            await harness.advance(seconds: 29)
            #expect(await harness.dispatch().claimed == 0)
            await harness.advance(seconds: 1)
            #expect(await harness.dispatch().rescheduled == 1)
            // After a 5xx at least 15 minutes (Apple), more than the doubled 60 s.
            wake = try #require(try await client.wakes(device.id).first)
            #expect(wake["next_attempt_at"] as? String == stamp(ServerHarness.now + 30 + 900))

            await harness.advance(seconds: 900)
            #expect(await harness.dispatch().delivered == 1)
            wake = try #require(try await client.wakes(device.id).first)
            let attempts = try #require(wake["attempts"] as? [[String: Any]])
            #expect(attempts.map { $0["status"] as? Int } == [429, 503, 200])
            #expect(attempts.map { $0["outcome"] as? String } == ["retry", "retry", "delivered"])
            #expect(harness.mock.requestCount == 3)
        }
    }

    @Test("attempts are bounded: the wake fails after the last one")
    func boundedAttempts() async throws {
        try await PushHarness.withPushServer({ $0.retry.maxAttempts = 2 }) { harness, client in
            let device = try await client.register(apns: harness.deviceToken())
            harness.mock.setFaults([MockFaultRule(.reject(status: 429, reason: "TooManyRequests"))])
            #expect(try await client.postWake(device.id).status == .accepted)
            await harness.dispatch()
            await harness.advance(seconds: 30)
            #expect(await harness.dispatch().failed == 1)
            let wake = try #require(try await client.wakes(device.id).first)
            #expect(wake["state"] as? String == "failed")
            #expect((wake["reason"] as? String)?.contains("gave up after 2 attempts") == true)
            await harness.advance(seconds: 3600)
            #expect(await harness.dispatch().claimed == 0)
            #expect(harness.mock.requestCount == 2)
        }
    }

    @Test("400 BadDeviceToken is never resent and invalidates the token")
    func badDeviceToken() async throws {
        try await PushHarness.withPushServer { harness, client in
            // A token the mock does not know for this environment: APNs answers BadDeviceToken.
            let device = try await client.register(apns: harness.deviceToken(knownToMock: false))
            #expect(try await client.postWake(device.id).status == .accepted)
            #expect(await harness.dispatch().failed == 1)
            let wake = try #require(try await client.wakes(device.id).first)
            #expect(wake["state"] as? String == "failed")
            let attempt = try #require((wake["attempts"] as? [[String: Any]])?.first)
            #expect(attempt["status"] as? Int == 400 && attempt["reason"] as? String == "BadDeviceToken")
            #expect(attempt["outcome"] as? String == "token_invalidated")
            await harness.advance(seconds: 3600)
            #expect(await harness.dispatch().claimed == 0)
            #expect(harness.mock.requestCount == 1)
            let refused = try await client.postWake(device.id)
            #expect(refused.status == .conflict && refused.errorCode == "apns_token_invalidated", "\(refused.text)")
        }
    }

    @Test(
        "400 TopicDisallowed is a configuration error that names the options to fix; BadPriority stays a server bug",
        arguments: [
            ("TopicDisallowed", "--apns-key-id"), ("BadPriority", "a server bug"),
        ])
    func senderFaults(reason: String, explanation: String) async throws {
        try await PushHarness.withPushServer { harness, client in
            harness.mock.setFaults([MockFaultRule(.reject(status: 400, reason: reason), times: 1)])
            let device = try await client.register(apns: harness.deviceToken())
            #expect(try await client.postWake(device.id).status == .accepted)
            #expect(await harness.dispatch().failed == 1)
            let wake = try #require(try await client.wakes(device.id).first)
            let why = try #require(wake["reason"] as? String)
            #expect(why.contains("400 \(reason)") && why.contains(explanation), "\(why)")
            #expect(
                reason != "TopicDisallowed" || (why.contains(PushHarness.topic) && !why.contains("server bug")),
                "\(why)")
        }
    }

    @Test(
        "410 invalidates the token as of APNs's timestamp, unless the device registered after it",
        arguments: [-60.0, 60.0])
    func unregistered(registeredBeforeTimestampBy offset: Double) async throws {
        try await PushHarness.withPushServer { harness, client in
            let token = harness.deviceToken()
            let device = try await client.register(apns: token)
            let timestamp = ServerHarness.now - offset  // offset > 0: APNs's timestamp precedes the registration
            harness.mock.setFaults([MockFaultRule(.unregistered(timestamp: Date(timeIntervalSince1970: timestamp)))])
            #expect(try await client.postWake(device.id).status == .accepted)
            #expect(await harness.dispatch().failed == 1)
            let attempt = try #require(
                (try await client.wakes(device.id).first?["attempts"] as? [[String: Any]])?.first)
            #expect(attempt["status"] as? Int == 410)
            let stored = try #require(try await harness.storage.apnsToken(deviceID: device.id))
            if offset < 0 {
                #expect(attempt["outcome"] as? String == "token_invalidated")
                #expect(stored.invalidatedAt == timestamp)
                let refused = try await client.postWake(device.id)
                #expect(refused.status == .conflict && refused.errorCode == "apns_token_invalidated")
                #expect(
                    (try refused.object()["message"] as? String)?.contains(stamp(timestamp)) == true, "\(refused.text)")
            } else {
                #expect(attempt["outcome"] as? String == "token_kept")
                #expect(stored.invalidatedAt == nil)
                #expect(try await client.postWake(device.id).status == .accepted)
            }
        }
    }

    @Test("ExpiredProviderToken inside the 20-minute floor waits for the floor instead of minting again")
    func expiredProviderToken() async throws {
        try await PushHarness.withPushServer { harness, client in
            let device = try await client.register(apns: harness.deviceToken())
            harness.mock.setFaults([MockFaultRule(.reject(status: 403, reason: "ExpiredProviderToken"), times: 1)])
            #expect(try await client.postWake(device.id).status == .accepted)
            #expect(await harness.dispatch().rescheduled == 1)
            let wake = try #require(try await client.wakes(device.id).first)
            #expect(wake["next_attempt_at"] as? String == stamp(ServerHarness.now + 20 * 60))
            await harness.advance(seconds: 20 * 60)
            #expect(await harness.dispatch().delivered == 1)
            let tokens = Set(harness.mock.recordedRequests().compactMap { $0.jwt?.issuedAt })
            #expect(tokens.count == 1, "one provider token for both requests")
        }
    }

    @Test("the running dispatcher sends a wake posted for now without being called")
    func runningLoop() async throws {
        let (reports, continuation) = AsyncStream.makeStream(of: DispatchReport.self)
        try await PushHarness.withPushServer({ settings in
            settings.pollInterval = .seconds(3600)  // only the post's wake-up can trigger the pass
            settings.onDispatched = { continuation.yield($0) }
        }) { harness, client in
            let device = try await client.register(apns: harness.deviceToken())
            #expect(try await client.postWake(device.id).status == .accepted)
            var iterator = reports.makeAsyncIterator()
            let report = try #require(await iterator.next())
            #expect(report.delivered == 1)
            #expect(harness.mock.requestCount == 1)
        }
    }
}
