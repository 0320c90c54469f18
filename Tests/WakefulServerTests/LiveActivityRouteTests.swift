import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WakefulAPNs
import WakefulServer
import WakefulTestSupport

@Suite("Live Activities: tokens, start, update and end by push, the budgets, bad input", .hangLimit, .watchdog)
struct LiveActivityRouteTests {
    static let state = #"{"status":"on the way","eta":12}"#

    /// Registers a device that sent a push-to-start token and the update token of `order`.
    static func device(_ harness: PushHarness, _ client: some TestClientProtocol) async throws -> (
        device: TestDevice, pushToStart: String, update: String
    ) {
        let device = try await client.register()
        let pushToStart = harness.liveActivityToken()
        let update = harness.liveActivityToken()
        let first = try await client.putToken(device, "/v1/devices/me/live-activities/push-to-start", pushToStart)
        #expect(first.status == .ok, "\(first.text)")
        #expect(try first.object()["activity"] is NSNull)
        let second = try await client.putToken(device, "/v1/devices/me/live-activities/order/token", update)
        #expect(try second.status == .ok && (second.object()["activity"] as? String) == "order", "\(second.text)")
        return (device, pushToStart, update)
    }

    @Test("start, update and end go to APNs as liveactivity pushes with the right headers and aps")
    func startUpdateEnd() async throws {
        try await PushHarness.withPushServer { harness, client in
            let (device, pushToStart, update) = try await Self.device(harness, client)
            let start = try await client.postLive(
                device.id, "",
                #"{"activity":"order","attributes_type":"DeliveryAttributes","attributes":{"restaurant":"Roma"},"content_state":\#(Self.state),"alert":{"title":"Order placed","body":"Roma is cooking"}}"#
            )
            #expect(start.status == .ok, "\(start.text)")
            #expect((try start.object()["state"] as? String) == "delivered")
            await harness.advance(seconds: 1)
            let updated = try await client.postLive(device.id, "/order/update", #"{"content_state":\#(Self.state)}"#)
            #expect(updated.status == .ok, "\(updated.text)")
            await harness.advance(seconds: 1)
            let ended = try await client.postLive(
                device.id, "/order/end", #"{"dismissal_date":"\#(stamp(ServerHarness.now + 900))"}"#)
            #expect(ended.status == .ok, "\(ended.text)")

            let requests = harness.mock.recordedRequests()
            #expect(requests.map(\.request.deviceToken) == [pushToStart, update, update])
            #expect(requests.allSatisfy { $0.request.header("apns-push-type") == "liveactivity" })
            #expect(requests.allSatisfy { $0.request.header("apns-topic") == PushHarness.liveActivityTopic })
            #expect(requests.map { $0.request.header("apns-priority") } == ["10", "5", "10"])
            #expect(requests.allSatisfy { $0.lintFindings.isEmpty && $0.status == 200 })
            let aps = try requests.map { recorded -> [String: Any] in
                let object = try JSONSerialization.jsonObject(with: recorded.request.body) as? [String: Any]
                return try #require(object?["aps"] as? [String: Any])
            }
            #expect(aps.map { $0["event"] as? String } == ["start", "update", "end"])
            #expect(aps.map { $0["timestamp"] as? Int } == [0, 1, 2].map { Int(ServerHarness.now) + $0 })
            #expect(aps[2]["dismissal-date"] as? Int == Int(ServerHarness.now) + 900)

            let listing = try await client.send(
                .get, "/v1/devices/\(device.id.uuidString)/live-activities", token: device.token)
            #expect(listing.status == .ok, "\(listing.text)")
            let object = try listing.object()
            #expect(
                (object["pushes"] as? [[String: Any]])?.map { $0["event"] as? String } == ["end", "update", "start"])
            #expect((object["update_tokens"] as? [[String: Any]])?.first?["token"] as? String == update)
        }
    }

    @Test("priority-10 updates of one activity beyond the budget are refused with 429; priority 5 is not (LIVE-6)")
    func budget() async throws {
        try await PushHarness.withPushServer({ $0.priority10Limit = WakeRateLimit(count: 2, window: .seconds(3600)) }) {
            harness, client in
            let (device, _, _) = try await Self.device(harness, client)
            let urgent = #"{"content_state":\#(Self.state),"priority":10}"#
            #expect(try await client.postLive(device.id, "/order/update", urgent).status == .ok)
            #expect(try await client.postLive(device.id, "/order/update", urgent).status == .ok)
            let refused = try await client.postLive(device.id, "/order/update", urgent)
            #expect(refused.status == .tooManyRequests && refused.errorCode == "rate_limited", "\(refused.text)")
            #expect(refused.headers[.retryAfter] == "3600")
            #expect((try refused.object()["message"] as? String)?.contains("send it at priority 5") == true)
            #expect(try await client.postLive(device.id, "/order/update", #"{"content_state":{}}"#).status == .ok)
            #expect(harness.mock.recordedRequests().count == 3)
        }
    }

    @Test("push-to-start beyond 10 an hour is refused (LIVE-4)")
    func pushToStartBudget() async throws {
        try await PushHarness.withPushServer { harness, client in
            let (device, _, _) = try await Self.device(harness, client)
            let body = #"{"activity":"a","attributes_type":"T","attributes":{},"content_state":{}}"#
            for _ in 0..<10 { #expect(try await client.postLive(device.id, "", body).status == .ok) }
            let refused = try await client.postLive(device.id, "", body)
            #expect(refused.status == .tooManyRequests, "\(refused.text)")
            #expect((try refused.object()["message"] as? String)?.contains("push-to-start") == true)
        }
    }

    @Test(
        "bad input is 400 naming the field, never 500",
        arguments: [
            ("", #"{"attributes_type":"T","attributes":{},"content_state":{}}"#, "activity"),
            ("", #"{"activity":"a b","attributes_type":"T","attributes":{},"content_state":{}}"#, "activity"),
            ("", #"{"activity":"a","attributes":{},"content_state":{}}"#, "attributes_type"),
            ("", #"{"activity":"a","attributes_type":"T","attributes":[],"content_state":{}}"#, "attributes"),
            ("/order/update", #"{}"#, "content_state"),
            ("/order/update", #"{"content_state":"x"}"#, "content_state"),
            ("/order/update", #"{"content_state":{},"priority":7}"#, "priority"),
            ("/order/update", #"{"content_state":{},"stale_date":"tomorrow"}"#, "stale_date"),
            ("/order/update", #"{"content_state":{},"dismissal_date":"2026-11-21T07:45:51Z"}"#, "dismissal_date"),
            ("/order/update", #"{"content_state":{},"relevance_score":"high"}"#, "relevance_score"),
            ("/order/update", #"{"content_state":{},"alert":{"title":"x"}}"#, "alert.body"),
            ("/order/end", #"{"content_state":{},"attributes":{}}"#, "attributes"),
            ("/or der/end", #"{}"#, "activity"),
        ])
    func badInput(path: String, body: String, field: String) async throws {
        try await PushHarness.withPushServer { harness, client in
            let (device, _, _) = try await Self.device(harness, client)
            let answer = try await client.postLive(device.id, path.replacingOccurrences(of: " ", with: "%20"), body)
            #expect(answer.status == .badRequest, "\(answer.text)")
            #expect((try answer.object()["field"] as? String) == field, "\(answer.text)")
            #expect(harness.mock.recordedRequests().isEmpty)
        }
    }

    @Test("a token that is not 64 hex digits, or an unknown environment, is 400 naming the field")
    func badToken() async throws {
        try await PushHarness.withPushServer { _, client in
            let device = try await client.register()
            let short = try await client.putToken(device, "/v1/devices/me/live-activities/push-to-start", "abcd")
            #expect(try short.status == .badRequest && (short.object()["field"] as? String) == "token")
            let body = #"{"token":"\#(String(repeating: "ab", count: 32))","environment":"staging"}"#
            let environment = try await client.send(
                .put, "/v1/devices/me/live-activities/push-to-start", token: device.token, body: Array(body.utf8))
            #expect(
                try environment.status == .badRequest && (environment.object()["field"] as? String) == "environment")
            let admin = try await client.send(
                .put, "/v1/devices/me/live-activities/push-to-start", token: ServerHarness.adminToken,
                body: Array(body.utf8))
            #expect(admin.status == .forbidden)
        }
    }

    @Test("no token is 409 naming what the app must send; a 410 invalidates the token")
    func missingAndGoneTokens() async throws {
        try await PushHarness.withPushServer { harness, client in
            let bare = try await client.register()
            let noStart = try await client.postLive(
                bare.id, "", #"{"activity":"a","attributes_type":"T","attributes":{},"content_state":{}}"#)
            #expect(noStart.status == .conflict && noStart.errorCode == "no_push_to_start_token", "\(noStart.text)")
            let noUpdate = try await client.postLive(bare.id, "/order/update", #"{"content_state":{}}"#)
            #expect(noUpdate.status == .conflict && noUpdate.errorCode == "no_update_token", "\(noUpdate.text)")

            let (device, _, _) = try await Self.device(harness, client)
            harness.mock.addFault(MockFaultRule(.unregistered(timestamp: harness.time.now.addingTimeInterval(60))))
            let gone = try await client.postLive(device.id, "/order/update", #"{"content_state":{}}"#)
            #expect(gone.status == .badGateway && gone.errorCode == "apns_rejected", "\(gone.text)")
            let after = try await client.postLive(device.id, "/order/update", #"{"content_state":{}}"#)
            #expect(after.status == .conflict && after.errorCode == "token_invalidated", "\(after.text)")
            #expect(try await client.postLive(UUID(), "/order/update", #"{"content_state":{}}"#).status == .notFound)
        }
    }

    @Test("only the admin sends Live Activity pushes")
    func adminOnly() async throws {
        try await PushHarness.withPushServer { harness, client in
            let (device, _, _) = try await Self.device(harness, client)
            let answer = try await client.postLive(
                device.id, "/order/update", #"{"content_state":{}}"#, token: device.token)
            #expect(answer.status == .forbidden)
        }
    }
}

extension TestClientProtocol {
    /// `PUT` a Live Activity token as `device`.
    func putToken(_ device: TestDevice, _ path: String, _ token: String) async throws -> TestResponse {
        let body = #"{"token":"\#(token)","environment":"sandbox"}"#
        return try await send(.put, path, token: device.token, body: Array(body.utf8))
    }

    /// `POST /v1/devices/{id}/live-activities{suffix}` as the admin (or `token`).
    func postLive(_ device: UUID, _ suffix: String, _ body: String, token: String = ServerHarness.adminToken)
        async throws -> TestResponse
    {
        try await send(
            .post, "/v1/devices/\(device.uuidString)/live-activities\(suffix)", token: token, body: Array(body.utf8))
    }
}
