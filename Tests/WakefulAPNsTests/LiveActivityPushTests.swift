import Foundation
import Testing
@testable import WakefulAPNs
import WakefulTestSupport

/// ActivityKit pushes: the payload's form, the headers the sender writes, and the mock's checks
/// (reference §2; LIVE-3 to LIVE-9).
@Suite(.hangLimit, .watchdog) struct LiveActivityPushTests {
    static let token = Fixture.deviceToken
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let state = Data(#"{"status":"on the way","eta":12}"#.utf8)

    static func object(_ push: LiveActivityPush) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: push.payload()) as? [String: Any]
        return try #require(object?["aps"] as? [String: Any])
    }

    @Test("an update: event, timestamp and content-state in aps, at the priority given")
    func update() throws {
        let push = try LiveActivityPush(
            deviceToken: Self.token, event: .update, priority: 5, timestamp: Self.now, contentState: Self.state,
            staleDate: Self.now.addingTimeInterval(600), relevanceScore: 0.5)
        #expect(
            String(decoding: push.payload(), as: UTF8.self)
                == #"{"aps":{"timestamp":1800000000,"event":"update","content-state":{"status":"on the way","eta":12},"stale-date":1800000600,"relevance-score":0.5}}"#
        )
        #expect(push.priority == 5 && push.pushType == "liveactivity" && push.topicSuffix == ".push-type.liveactivity")
        #expect(MockLiveActivityLint.findings(in: ["aps": try Self.object(push)]).isEmpty)
    }

    @Test("a start carries attributes-type, attributes and the alert; an end a dismissal date")
    func startAndEnd() throws {
        let start = try LiveActivityPush(
            deviceToken: Self.token, event: .start, timestamp: Self.now, contentState: Self.state,
            attributesType: "DeliveryAttributes", attributes: Data(#"{"restaurant":"Roma \"1\""}"#.utf8),
            alert: .init(title: "Order placed", body: "Pizzeria Roma is preparing it"))
        let aps = try Self.object(start)
        #expect(aps["attributes-type"] as? String == "DeliveryAttributes")
        #expect((aps["attributes"] as? [String: Any])?["restaurant"] as? String == #"Roma "1""#)
        #expect((aps["alert"] as? [String: Any])?["title"] as? String == "Order placed")
        #expect(start.priority == 10)
        let end = try LiveActivityPush(
            deviceToken: Self.token, event: .end, timestamp: Self.now, contentState: nil,
            dismissalDate: Self.now.addingTimeInterval(900))
        #expect(
            String(decoding: end.payload(), as: UTF8.self)
                == #"{"aps":{"timestamp":1800000000,"event":"end","dismissal-date":1800000900}}"#)
    }

    @Test(
        "inputs that break ActivityKit's form are refused, naming the field",
        arguments: [
            ("deviceToken", LiveActivityPush.Event.update, 10, true, false, false, false),
            ("priority", .update, 1, true, false, false, false),
            ("contentState", .update, 10, false, false, false, false),
            ("attributesType", .start, 10, true, false, false, false),
            ("attributes", .update, 10, true, true, false, false),
            ("dismissalDate", .update, 10, true, false, true, false),
            ("staleDate", .end, 10, false, false, false, true),
        ] as [(String, LiveActivityPush.Event, Int, Bool, Bool, Bool, Bool)])
    func refused(
        field: String, event: LiveActivityPush.Event, priority: Int, content: Bool, attributes: Bool, dismissal: Bool,
        stale: Bool
    ) {
        #expect {
            _ = try LiveActivityPush(
                deviceToken: field == "deviceToken" ? "xyz" : Self.token, event: event, priority: priority,
                timestamp: Self.now, contentState: content ? Self.state : nil,
                attributesType: attributes ? "T" : nil, attributes: attributes ? Data("{}".utf8) : nil,
                staleDate: stale ? Self.now : nil, dismissalDate: dismissal ? Self.now : nil)
        } throws: { error in
            (error as? PushInputError)?.field == field
        }
    }

    @Test("the mock's lint names what an ActivityKit payload lacks")
    func lint() {
        #expect(
            MockLiveActivityLint.findings(in: ["aps": ["event": "update"]]) == [
                "liveactivity push without an integer aps.timestamp",
                "liveactivity update without an aps.content-state object",
            ])
        #expect(
            MockLiveActivityLint.findings(in: [
                "aps": ["event": "start", "timestamp": 1, "content-state": [:] as [String: Any]]
            ])
                == [
                    "liveactivity start without aps.attributes-type",
                    "liveactivity start without an aps.attributes object",
                ])
        #expect(
            MockLiveActivityLint.findings(in: [
                "aps": ["event": "update", "timestamp": 1, "content-state": [:] as [String: Any], "dismissal-date": 5]
            ])
                == ["liveactivity update with aps.dismissal-date, which only an end carries"])
    }

    @Test(arguments: APNsTransportKind.allCases) func sentWithLiveActivityHeadersToTheMock(transport: APNsTransportKind)
        async throws
    {
        let clock = TestTime()
        let credentials = try Fixture.credentials()
        let tokens = try ProviderTokenProvider(credentials: credentials, clock: clock.wall)
        var configuration = Fixture.mockConfiguration(credentials: credentials, clock: clock)
        let topic = Fixture.topic + ".push-type.liveactivity"
        configuration.allowedTopics.insert(topic)
        configuration.strictLiveActivityLint = true
        try await withMock(configuration, registering: []) { mock in
            mock.register(MockDeviceRegistration(deviceToken: Self.token, environment: .development, topic: topic))
            try await withSender(mock, transport: transport, tokens: tokens, clock: clock) { sender in
                let push = try LiveActivityPush(
                    deviceToken: Self.token, event: .update, priority: 5, timestamp: clock.now, contentState: Self.state
                )
                let result = await sender.send(push)
                #expect(result.outcome == .delivered(apnsID: push.apnsID.uuidString))
                let request = try #require(mock.recordedRequests().first).request
                #expect(request.header("apns-push-type") == "liveactivity")
                #expect(request.header("apns-priority") == "5")
                #expect(request.header("apns-topic") == topic)
                #expect(try #require(mock.recordedRequests().first).lintFindings.isEmpty)
            }
        }
    }

    @Test(
        "the mock refuses a liveactivity push to the app's own topic, and a background one to the Live Activity topic")
    func topicMustMatchThePushType() throws {
        let credentials = try Fixture.credentials()
        let clock = TestTime()
        var configuration = Fixture.mockConfiguration(credentials: credentials, clock: clock)
        let topic = Fixture.topic + ".push-type.liveactivity"
        configuration.allowedTopics.insert(topic)
        let registrations = [
            Self.token: [
                MockDeviceRegistration(deviceToken: Self.token, environment: .development, topic: Fixture.topic),
                MockDeviceRegistration(deviceToken: Self.token, environment: .development, topic: topic),
            ]
        ]
        func judge(pushType: String, topic: String, priority: String) -> MockVerdict {
            var latest: [String: Int] = [:]
            var verified = MockVerifiedTokens()
            let jwt = try! ProviderJWT.sign(credentials, issuedAt: Int(clock.now.timeIntervalSince1970))
            let request = MockRequest(
                method: "POST", path: "/3/device/" + Self.token,
                headers: [
                    ("authorization", "bearer " + jwt), ("apns-push-type", pushType), ("apns-priority", priority),
                    ("apns-topic", topic),
                ],
                body: Data(#"{"aps":{"timestamp":1,"event":"update","content-state":{}}}"#.utf8))
            return MockAPNsValidator(configuration: configuration, registrations: registrations)
                .validate(request, now: clock.now, latestIssuedAt: &latest, verifiedTokens: &verified)
        }
        #expect(judge(pushType: "liveactivity", topic: topic, priority: "10").status == 200)
        #expect(judge(pushType: "liveactivity", topic: Fixture.topic, priority: "10").reason == "InvalidPushType")
        #expect(judge(pushType: "background", topic: topic, priority: "5").reason == "InvalidPushType")
        #expect(judge(pushType: "liveactivity", topic: topic, priority: "1").reason == "BadPriority")
    }
}
