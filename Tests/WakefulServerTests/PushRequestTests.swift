import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WakefulServer
import WakefulTestSupport

@Suite("POST /v1/devices/{id}/wakes: validation, refusals, the rate limit and metrics", .hangLimit, .watchdog)
struct PushRequestTests {
    @Test("the 4th wake within the hour is refused with 429, Retry-After and the reason")
    func rateLimit() async throws {
        try await PushHarness.withPushServer { harness, client in
            let device = try await client.register(apns: harness.deviceToken())
            for minute in 0..<3 {
                #expect(try await client.postWake(device.id).status == .accepted)
                await harness.dispatch()
                if minute < 2 { await harness.advance(seconds: 600) }
            }
            let refused = try await client.postWake(device.id)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.errorCode == "rate_limited")
            #expect(refused.headers[.retryAfter] == "2400")
            let message = try #require(try refused.object()["message"] as? String)
            #expect(
                message
                    == "3 wakes already sent to this device in the last hour (limit 3 per hour); next allowed at \(stamp(ServerHarness.now + 3600))"
            )
            #expect(try await client.wakes(device.id).count == 3)

            let metrics = try await client.send(.get, "/metrics").text
            #expect(metrics.contains(#"wakeful_wakes_refused_total{reason="rate_limit"} 1"#))
            #expect(metrics.contains(#"wakeful_push_attempts_total{status="200",reason=""} 3"#))
            #expect(metrics.contains("wakeful_push_duration_seconds_count 3"))

            await harness.advance(seconds: 2400)
            #expect(try await client.postWake(device.id).status == .accepted)
        }
    }

    @Test("the limit is configurable and counts scheduled wakes around a future time")
    func configuredLimit() async throws {
        try await PushHarness.withPushServer({ $0.wakeLimit = WakeRateLimit(count: 1, window: .seconds(600)) }) {
            harness, client in
            let device = try await client.register(apns: harness.deviceToken())
            #expect(
                try await client.postWake(device.id, #"{"at":"\#(stamp(ServerHarness.now + 1200))"}"#).status
                    == .accepted)
            let refused = try await client.postWake(device.id, #"{"at":"\#(stamp(ServerHarness.now + 900))"}"#)
            #expect(refused.status == .tooManyRequests)
            #expect(
                (try refused.object()["message"] as? String)?.contains(
                    "within 10 minutes of the requested time (limit 1 per 10 minutes)") == true)
            // now: 20 minutes before the scheduled one
            #expect(try await client.postWake(device.id).status == .accepted)
        }
    }

    @Test("a device that cannot be pushed to is refused with 409 and the reason")
    func notPushable() async throws {
        try await PushHarness.withPushServer { harness, client in
            let bare = try await client.register()
            let noToken = try await client.postWake(bare.id)
            #expect(noToken.status == .conflict && noToken.errorCode == "no_apns_token", "\(noToken.text)")

            let revoked = try await client.register(apns: harness.deviceToken())
            _ = try await client.send(.delete, "/v1/devices/\(revoked.id.uuidString)", token: ServerHarness.adminToken)
            let answer = try await client.postWake(revoked.id)
            #expect(answer.status == .conflict && answer.errorCode == "device_revoked", "\(answer.text)")

            #expect(try await client.postWake(UUID()).status == .notFound)
            let metrics = try await client.send(.get, "/metrics").text
            #expect(metrics.contains(#"wakeful_wakes_refused_total{reason="no_apns_token"} 1"#))
        }
    }

    @Test("without APNs credentials wakes are refused with 503 naming the serve options")
    func noCredentials() async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register(apns: String(repeating: "ab", count: 32))
            let answer = try await client.postWake(device.id)
            #expect(answer.status == .serviceUnavailable && answer.errorCode == "no_apns_credentials")
            let message = try #require(try answer.object()["message"] as? String)
            #expect(
                message.contains("--apns-key-file") && message.contains("--apns-key-id")
                    && message.contains("--apns-team-id"))
        }
    }

    @Test(
        "malformed bodies are 400 naming the field",
        arguments: [
            (#"{"at":"tomorrow"}"#, "at"), (#"{"at":"2026-11-21T07:00:00Z"}"#, "at"),
            (#"{"at":"2027-11-21T07:00:00Z"}"#, "at"),
            (#"{"expiration":"2026-11-21T07:59:00Z"}"#, "expiration"), (#"{"note":5}"#, "note"),
            (#"{"note":""}"#, "note"),
            (#"{"collapse_id":"\#(String(repeating: "x", count: 65))"}"#, "collapse_id"),
            (#"{"collapseID":"a"}"#, "collapseID"),
            ("[1]", nil), ("{", nil),
        ])
    func badBodies(body: String, field: String?) async throws {
        try await PushHarness.withPushServer { harness, client in
            let device = try await client.register(apns: harness.deviceToken())
            let answer = try await client.postWake(device.id, body)
            #expect(answer.status == .badRequest, "\(body): \(answer.text)")
            #expect(try answer.object()["field"] as? String == field, "\(answer.text)")
            #expect(try await client.wakes(device.id).isEmpty)
        }
    }

    @Test("only the admin may post wakes; a device may list only its own")
    func authorization() async throws {
        try await PushHarness.withPushServer { harness, client in
            let device = try await client.register(apns: harness.deviceToken())
            let other = try await client.register(apns: harness.deviceToken())
            #expect(try await client.postWake(device.id, token: device.token).status == .forbidden)
            #expect(try await client.send(.post, "/v1/devices/\(device.id.uuidString)/wakes").status == .unauthorized)
            #expect(try await client.postWake(device.id, token: "nope").status == .unauthorized)
            #expect(try await client.postWake(device.id).status == .accepted)
            let own = try await client.send(.get, "/v1/devices/\(device.id.uuidString)/wakes", token: device.token)
            #expect(own.status == .ok)
            #expect((try own.object()["wakes"] as? [Any])?.count == 1)
            #expect(
                try await client.send(.get, "/v1/devices/\(device.id.uuidString)/wakes", token: other.token).status
                    == .notFound)
        }
    }
}
