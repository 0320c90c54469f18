import Crypto
import Foundation
import Testing
import Wakeful
@testable import WakefulAPNs
import WakefulTestSupport

/// The mock's checks of reference §9.1, each failing alone, in the table's order.
@Suite(.hangLimit, .watchdog) struct MockAPNsValidatorTests {
    static let clock = TestTime()
    static let credentials = try! Fixture.credentials()

    static var configuration: MockAPNsConfiguration {
        Fixture.mockConfiguration(credentials: credentials, clock: clock)
    }

    static let registrations: [String: [MockDeviceRegistration]] = [
        Fixture.deviceToken: [
            MockDeviceRegistration(deviceToken: Fixture.deviceToken, environment: .development, topic: Fixture.topic)
        ],
        Fixture.otherDeviceToken: [
            MockDeviceRegistration(
                deviceToken: Fixture.otherDeviceToken, environment: .production, topic: Fixture.topic)
        ],
        String(repeating: "ef", count: 32): [
            MockDeviceRegistration(
                deviceToken: String(repeating: "ef", count: 32), environment: .development, topic: "com.example.other")
        ],
    ]

    static func jwt(_ credentials: APNsCredentials = credentials, minutesAgo: Double = 0) -> String {
        try! ProviderJWT.sign(credentials, issuedAt: Int(clock.now.timeIntervalSince1970 - minutesAgo * 60))
    }

    static func valid() -> MockRequest {
        MockRequest(
            method: "POST",
            path: "/3/device/" + Fixture.deviceToken,
            headers: [
                ("authorization", "bearer " + jwt()), ("apns-push-type", "background"), ("apns-priority", "5"),
                ("apns-topic", Fixture.topic), ("apns-expiration", "1800003600"), ("apns-id", UUID().uuidString),
            ],
            body: Data(#"{"aps":{"content-available":1}}"#.utf8)
        )
    }

    static func setting(_ name: String, _ value: String?, in request: MockRequest) -> MockRequest {
        var request = request
        request.headers.removeAll { $0.name == name }
        if let value { request.headers.append((name, value)) }
        return request
    }

    static func judge(_ request: MockRequest, configuration: MockAPNsConfiguration = configuration) -> MockVerdict {
        var latest: [String: Int] = [:]
        var verified = MockVerifiedTokens()
        return MockAPNsValidator(configuration: configuration, registrations: registrations)
            .validate(request, now: clock.now, latestIssuedAt: &latest, verifiedTokens: &verified)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let change: @Sendable (MockRequest) -> MockRequest
        let status: Int
        let reason: String?
        var testDescription: String { name }
    }

    static let table: [Case] = [
        Case(name: "valid", change: { $0 }, status: 200, reason: nil),
        Case(
            name: "GET",
            change: {
                var r = $0; r.method = "GET"; return r
            }, status: 405, reason: "MethodNotAllowed"),
        Case(
            name: "GET without auth: first failure wins",
            change: {
                var r = setting("authorization", nil, in: $0); r.method = "GET"; return r
            }, status: 405, reason: "MethodNotAllowed"),
        Case(
            name: "bad path",
            change: {
                var r = $0; r.path = "/3/devices/x"; return r
            }, status: 404, reason: "BadPath"),
        Case(
            name: "no token",
            change: {
                var r = $0; r.path = "/3/device/"; return r
            }, status: 400, reason: "MissingDeviceToken"),
        Case(
            name: "short token",
            change: {
                var r = $0; r.path = "/3/device/abc"; return r
            }, status: 400, reason: "BadDeviceToken"),
        Case(
            name: "duplicate header",
            change: {
                var r = $0; r.headers.append(("apns-topic", Fixture.topic)); return r
            }, status: 400, reason: "DuplicateHeaders"),
        Case(
            name: "no authorization", change: { setting("authorization", nil, in: $0) }, status: 403,
            reason: "MissingProviderToken"),
        Case(
            name: "garbage JWT", change: { setting("authorization", "bearer junk", in: $0) }, status: 403,
            reason: "InvalidProviderToken"),
        Case(
            name: "other key",
            change: {
                setting(
                    "authorization",
                    "bearer "
                        + jwt(
                            try! APNsCredentials(
                                teamID: Fixture.teamID, keyID: Fixture.keyID, privateKey: P256.Signing.PrivateKey())),
                    in: $0)
            }, status: 403, reason: "InvalidProviderToken"),
        Case(
            name: "unknown kid",
            change: {
                setting(
                    "authorization",
                    "bearer "
                        + jwt(
                            try! APNsCredentials(
                                teamID: Fixture.teamID, keyID: "OTHERKEY00", privateKey: P256.Signing.PrivateKey())),
                    in: $0)
            }, status: 403, reason: "InvalidProviderToken"),
        Case(
            name: "team and key swapped",
            change: {
                setting(
                    "authorization",
                    "bearer "
                        + jwt(
                            try! APNsCredentials(
                                teamID: "WRONGTEAM0", keyID: Fixture.keyID, privateKey: credentials.privateKey)), in: $0
                )
            }, status: 403, reason: "InvalidProviderToken"),
        Case(
            name: "token 61 min old", change: { setting("authorization", "bearer " + jwt(minutesAgo: 61), in: $0) },
            status: 403, reason: "ExpiredProviderToken"),
        Case(name: "no topic", change: { setting("apns-topic", nil, in: $0) }, status: 400, reason: "MissingTopic"),
        Case(
            name: "malformed topic", change: { setting("apns-topic", "com example", in: $0) }, status: 400,
            reason: "BadTopic"),
        Case(
            name: "topic not allowed", change: { setting("apns-topic", "com.example.nope", in: $0) }, status: 400,
            reason: "TopicDisallowed"),
        Case(
            name: "unregistered token",
            change: {
                var r = $0; r.path = "/3/device/" + String(repeating: "0", count: 64); return r
            }, status: 400, reason: "BadDeviceToken"),
        Case(
            name: "production token on development",
            change: {
                var r = $0; r.path = "/3/device/" + Fixture.otherDeviceToken; return r
            }, status: 400, reason: "BadDeviceToken"),
        Case(
            name: "token of another app",
            change: {
                var r = $0; r.path = "/3/device/" + String(repeating: "ef", count: 32); return r
            }, status: 400, reason: "DeviceTokenNotForTopic"),
        Case(
            name: "unknown push type", change: { setting("apns-push-type", "banana", in: $0) }, status: 400,
            reason: "InvalidPushType"),
        Case(name: "priority 7", change: { setting("apns-priority", "7", in: $0) }, status: 400, reason: "BadPriority"),
        Case(
            name: "expiration not a number", change: { setting("apns-expiration", "soon", in: $0) }, status: 400,
            reason: "BadExpirationDate"),
        Case(
            name: "collapse id 65 bytes",
            change: { setting("apns-collapse-id", String(repeating: "c", count: 65), in: $0) }, status: 400,
            reason: "BadCollapseId"),
        Case(
            name: "apns-id not a UUID", change: { setting("apns-id", "x", in: $0) }, status: 400, reason: "BadMessageId"
        ),
        Case(
            name: "empty body",
            change: {
                var r = $0; r.body = Data(); return r
            }, status: 400, reason: "PayloadEmpty"),
        Case(
            name: "body not JSON",
            change: {
                var r = $0; r.body = Data("[1]".utf8); return r
            }, status: 400, reason: "MockBodyNotJSONObject"),
        Case(
            name: "4097 bytes",
            change: {
                var r = $0; r.body = padded(4097); return r
            }, status: 413, reason: "PayloadTooLarge"),
        Case(
            name: "voip 5000 bytes",
            change: {
                var r = setting("apns-push-type", "voip", in: $0); r.body = padded(5000); return r
            }, status: 200, reason: nil),
    ]

    static func padded(_ size: Int) -> Data {
        let prefix = #"{"aps":{"content-available":1},"pad":""#
        return Data((prefix + String(repeating: "p", count: size - prefix.utf8.count - 2) + "\"}").utf8)
    }

    @Test(arguments: table) func eachCheck(_ check: Case) {
        let verdict = Self.judge(check.change(Self.valid()))
        #expect(verdict.status == check.status)
        #expect(verdict.reason == check.reason)
    }

    @Test func mintFloorRefusesANewerTokenWithinTwentyMinutes() throws {
        let validator = MockAPNsValidator(configuration: Self.configuration, registrations: Self.registrations)
        var latest: [String: Int] = [:]
        var verified = MockVerifiedTokens()
        let old = Self.setting("authorization", "bearer " + Self.jwt(minutesAgo: 30), in: Self.valid())
        let tenLater = Self.setting("authorization", "bearer " + Self.jwt(minutesAgo: 20.5), in: Self.valid())
        let twentyLater = Self.setting("authorization", "bearer " + Self.jwt(minutesAgo: 10), in: Self.valid())
        #expect(
            validator.validate(old, now: Self.clock.now, latestIssuedAt: &latest, verifiedTokens: &verified).status
                == 200)
        #expect(
            validator.validate(tenLater, now: Self.clock.now, latestIssuedAt: &latest, verifiedTokens: &verified).reason
                == "TooManyProviderTokenUpdates")
        #expect(
            validator.validate(old, now: Self.clock.now, latestIssuedAt: &latest, verifiedTokens: &verified).status
                == 200)
        #expect(
            validator.validate(twentyLater, now: Self.clock.now, latestIssuedAt: &latest, verifiedTokens: &verified)
                .status == 200)
    }

    @Test func aConnectionVerifiesATokenOnceButStillChecksItsAgeAndKey() throws {
        let validator = MockAPNsValidator(configuration: Self.configuration, registrations: Self.registrations)
        var latest: [String: Int] = [:]
        var verified = MockVerifiedTokens()
        let request = Self.valid()
        #expect(
            validator.validate(request, now: Self.clock.now, latestIssuedAt: &latest, verifiedTokens: &verified).status
                == 200)
        #expect(
            validator.validate(request, now: Self.clock.now, latestIssuedAt: &latest, verifiedTokens: &verified).status
                == 200)
        #expect(verified.count == 1)
        // The cached token still ages out.
        let later = Self.clock.now.addingTimeInterval(3601)
        #expect(
            validator.validate(request, now: later, latestIssuedAt: &latest, verifiedTokens: &verified).reason
                == "ExpiredProviderToken")
        // A tampered signature is verified afresh and refused, though a token of the same key is cached.
        let token = try #require(request.header("authorization")).dropFirst("bearer ".count)
        let tampered = Self.setting(
            "authorization", "bearer " + token.dropLast(2) + (token.hasSuffix("AA") ? "BB" : "AA"), in: request)
        #expect(
            validator.validate(tampered, now: Self.clock.now, latestIssuedAt: &latest, verifiedTokens: &verified).reason
                == "InvalidProviderToken")
        // After the Key ID is given another key, the cached token no longer counts.
        var rekeyed = Self.configuration
        let other = try Fixture.credentials()
        rekeyed.keys[Self.credentials.keyID] = MockProviderKey(
            teamID: Self.credentials.teamID, publicKey: other.publicKey)
        let rekeyedValidator = MockAPNsValidator(configuration: rekeyed, registrations: Self.registrations)
        #expect(
            rekeyedValidator.validate(request, now: Self.clock.now, latestIssuedAt: &latest, verifiedTokens: &verified)
                .reason == "InvalidProviderToken")
    }

    @Test func backgroundLintIsAFindingOrAFailureInStrictMode() {
        let loud = Self.setting("apns-priority", "10", in: Self.valid())
        let verdict = Self.judge(loud)
        #expect(verdict.status == 200 && verdict.lintFindings.count == 1)
        var alert = Self.valid()
        alert.body = Data(#"{"aps":{"content-available":1,"alert":"hi"}}"#.utf8)
        #expect(Self.judge(alert).lintFindings.count == 1)
        var strict = Self.configuration
        strict.strictBackgroundLint = true
        #expect(Self.judge(loud, configuration: strict).reason == "MockBackgroundLint")
    }
}

@Suite(.hangLimit, .watchdog) struct MockFaultSelectionTests {
    @Test func selectorsCountsAndDelays() {
        var rules: [MockFaultRule] = [
            MockFaultRule(.delay(base: .milliseconds(40))),
            MockFaultRule(.reject(status: 500, reason: "InternalServerError"), for: .ordinals(2...3)),
            MockFaultRule(.noReply, for: .everyNth(4), times: 1),
            MockFaultRule(.reject(status: 429, reason: "TooManyRequests"), for: .deviceToken(Fixture.otherDeviceToken)),
        ]
        var generator = SplitMix64(seed: 7)
        let picks = (1...8).map { ordinal in
            rules.select(
                ordinal: ordinal, deviceToken: ordinal == 5 ? Fixture.otherDeviceToken : Fixture.deviceToken,
                generator: &generator)
        }
        #expect(picks.allSatisfy { $0.delay == .milliseconds(40) })
        #expect(
            picks.map(\.fault) == [
                nil, .reject(status: 500, reason: "InternalServerError"),
                .reject(status: 500, reason: "InternalServerError"), .noReply,
                .reject(status: 429, reason: "TooManyRequests"), nil, nil, nil,
            ])
    }

    @Test func probabilityIsRepeatableForASeed() {
        func run(seed: UInt64) -> [Bool] {
            var rules = [MockFaultRule(.noReply, for: .probability(0.3))]
            var generator = SplitMix64(seed: seed)
            return (1...200).map { rules.select(ordinal: $0, deviceToken: nil, generator: &generator).fault != nil }
        }
        #expect(run(seed: 3) == run(seed: 3))
        #expect(run(seed: 3) != run(seed: 4))
        let hits = run(seed: 3).filter { $0 }.count
        #expect((40...80).contains(hits))
    }
}
