import Foundation
import Testing
@testable import WakefulAPNs
import WakefulTestSupport

/// The sender against the mock, one rule of reference §4 per test.
@Suite(.hangLimit, .watchdog) struct APNsSenderTests {
    struct Setup {
        let clock = TestTime()
        let credentials: APNsCredentials
        let tokens: ProviderTokenProvider
        let configuration: MockAPNsConfiguration

        init() throws {
            credentials = try Fixture.credentials()
            tokens = try ProviderTokenProvider(credentials: credentials, clock: clock.wall)
            configuration = Fixture.mockConfiguration(credentials: credentials, clock: clock)
        }
    }

    @Test(arguments: APNsTransportKind.allCases) func deliversWithBackgroundHeadersAndRecordsTheAttempt(
        transport: APNsTransportKind
    ) async throws {
        let setup = try Setup()
        let log = SenderLog()
        try await withMock(setup.configuration) { mock in
            try await withSender(mock, transport: transport, tokens: setup.tokens, clock: setup.clock, log: log) {
                sender in
                let push = try BackgroundPush(
                    deviceToken: Fixture.deviceToken, data: ["wake": "w1"], collapseID: "wake")
                let result = await sender.send(push)
                #expect(
                    result
                        == PushResult(outcome: .delivered(apnsID: push.apnsID.uuidString), action: .none, attempts: 1))
                let recorded = try #require(mock.recordedRequests().first)
                let request = recorded.request
                #expect(request.path == "/3/device/" + Fixture.deviceToken)
                #expect(request.header("apns-push-type") == "background")
                #expect(request.header("apns-priority") == "5")
                #expect(request.header("apns-topic") == Fixture.topic)
                #expect(request.header("apns-collapse-id") == "wake")
                #expect(request.header("apns-id") == push.apnsID.uuidString)
                #expect(request.header("apns-expiration") == String(Int(setup.clock.now.timeIntervalSince1970) + 3600))
                #expect(
                    String(decoding: request.body, as: UTF8.self) == #"{"aps":{"content-available":1},"wake":"w1"}"#)
                #expect(recorded.jwt?.issuer == Fixture.teamID && recorded.lintFindings.isEmpty)
                #expect(log.attempts.map(\.status) == [200])
                #expect(log.attempts.first?.apnsID == push.apnsID.uuidString)
            }
        }
    }

    @Test(arguments: APNsTransportKind.allCases) func payloadTooLargeIsRefusedWithoutContactingAPNs(
        transport: APNsTransportKind
    ) async throws {
        let setup = try Setup()
        try await withMock(setup.configuration) { mock in
            try await withSender(mock, transport: transport, tokens: setup.tokens, clock: setup.clock) { sender in
                let push = try BackgroundPush(
                    deviceToken: Fixture.deviceToken, data: ["blob": String(repeating: "x", count: 4100)])
                let result = await sender.send(push)
                #expect(
                    result
                        == PushResult(
                            outcome: .rejected(status: 413, reason: "PayloadTooLarge", timestamp: nil),
                            action: .neverRetry, attempts: 0))
                #expect(mock.requestCount == 0)
            }
        }
    }

    @Test(arguments: [
        (400, "BadDeviceToken"), (400, "DeviceTokenNotForTopic"), (403, "Forbidden"), (413, "PayloadTooLarge"),
    ])
    func neverRetriesWhatMustNotBeRetried(status: Int, reason: String) async throws {
        let setup = try Setup()
        let log = SenderLog()
        try await withMock(setup.configuration) { mock in
            mock.addFault(MockFaultRule(.reject(status: status, reason: reason)))
            try await withSender(mock, tokens: setup.tokens, clock: setup.clock, log: log) { sender in
                let result = await sender.send(try BackgroundPush(deviceToken: Fixture.deviceToken))
                #expect(result.outcome == .rejected(status: status, reason: reason, timestamp: nil))
                #expect(result.action == .neverRetry)
                #expect(mock.requestCount == 1 && log.pauses.isEmpty)
            }
        }
    }

    @Test(arguments: APNsTransportKind.allCases) func unknownTokenIsBadDeviceTokenFromTheMocksOwnChecks(
        transport: APNsTransportKind
    ) async throws {
        let setup = try Setup()
        try await withMock(setup.configuration, registering: []) { mock in
            try await withSender(mock, transport: transport, tokens: setup.tokens, clock: setup.clock) { sender in
                let result = await sender.send(try BackgroundPush(deviceToken: Fixture.otherDeviceToken))
                #expect(result.outcome == .rejected(status: 400, reason: "BadDeviceToken", timestamp: nil))
                #expect(result.action == .neverRetry && mock.requestCount == 1)
            }
        }
    }

    @Test(arguments: [(-60.0, true), (60.0, false)])
    func unregisteredInvalidatesUnlessReRegisteredAfterTheTimestamp(registeredMinutesAfter: Double, invalidates: Bool)
        async throws
    {
        let setup = try Setup()
        let goneAt = setup.clock.now.addingTimeInterval(-600)
        try await withMock(setup.configuration) { mock in
            mock.addFault(MockFaultRule(.unregistered(timestamp: goneAt)))
            try await withSender(mock, tokens: setup.tokens, clock: setup.clock) { sender in
                let push = try BackgroundPush(
                    deviceToken: Fixture.deviceToken,
                    tokenRegisteredAt: goneAt.addingTimeInterval(registeredMinutesAfter * 60))
                let result = await sender.send(push)
                #expect(result.outcome == .rejected(status: 410, reason: "Unregistered", timestamp: goneAt))
                #expect(result.action == (invalidates ? .invalidateToken(asOf: goneAt) : .keepToken))
                #expect(mock.requestCount == 1)
            }
        }
    }

    @Test(arguments: APNsTransportKind.allCases) func expiredProviderTokenReMintsOnceAndResends(
        transport: APNsTransportKind
    ) async throws {
        let setup = try Setup()
        try await withMock(setup.configuration) { mock in
            try await withSender(mock, transport: transport, tokens: setup.tokens, clock: setup.clock) { sender in
                #expect(await sender.send(try BackgroundPush(deviceToken: Fixture.deviceToken)).attempts == 1)
                // 25 minutes on, APNs (the mock, told to accept only 10-minute-old tokens) calls it expired.
                try await setup.clock.advance(minutes: 25)
                mock.reconfigure { $0.maximumTokenAge = .seconds(600) }
                let result = await sender.send(try BackgroundPush(deviceToken: Fixture.deviceToken))
                #expect(result.attempts == 2)
                guard case .delivered = result.outcome else { Issue.record("not delivered: \(result)"); return }
                let issued = mock.recordedRequests().compactMap(\.jwt?.issuedAt)
                #expect(issued.count == 3 && issued[1] == issued[0] && issued[2] == issued[0] + 25 * 60)
                #expect(await setup.tokens.mintCount == 2)
            }
        }
    }

    @Test(arguments: APNsTransportKind.allCases) func expiredProviderTokenNeverBreaksTheTwentyMinuteFloor(
        transport: APNsTransportKind
    ) async throws {
        let setup = try Setup()
        try await withMock(setup.configuration) { mock in
            mock.addFault(MockFaultRule(.reject(status: 403, reason: "ExpiredProviderToken"), times: 5))
            try await withSender(mock, transport: transport, tokens: setup.tokens, clock: setup.clock) { sender in
                // Token minted just now: no re-mint allowed.
                let first = await sender.send(try BackgroundPush(deviceToken: Fixture.deviceToken))
                #expect(first.outcome == .rejected(status: 403, reason: "ExpiredProviderToken", timestamp: nil))
                #expect(first.action == .retryAfter(.seconds(20 * 60)) && first.attempts == 1)
                // 21 minutes later: exactly one re-mint, and a still-expired answer ends the push.
                try await setup.clock.advance(minutes: 21)
                let second = await sender.send(try BackgroundPush(deviceToken: Fixture.deviceToken))
                #expect(second.attempts == 2 && second.action == .retryAfter(.seconds(20 * 60)))
                #expect(await setup.tokens.mintCount == 2)
                #expect(mock.requestCount == 3)
            }
        }
    }

    @Test(arguments: APNsTransportKind.allCases) func tooManyRequestsBacksOffThenDelivers(transport: APNsTransportKind)
        async throws
    {
        let setup = try Setup()
        let log = SenderLog()
        try await withMock(setup.configuration) { mock in
            mock.addFault(MockFaultRule(.reject(status: 429, reason: "TooManyRequests"), times: 2))
            try await withSender(mock, transport: transport, tokens: setup.tokens, clock: setup.clock, log: log) {
                sender in
                let result = await sender.send(try BackgroundPush(deviceToken: Fixture.deviceToken))
                guard case .delivered = result.outcome else { Issue.record("not delivered: \(result)"); return }
                #expect(result.attempts == 3 && log.pauses == [1, 2])
                #expect(log.attempts.map(\.status) == [429, 429, 200])
            }
        }
    }

    @Test(arguments: [(429, "TooManyRequests", Duration.seconds(4)), (500, "InternalServerError", .seconds(15 * 60))])
    func persistentBackOffEndsInRetryLater(status: Int, reason: String, later: Duration) async throws {
        let setup = try Setup()
        try await withMock(setup.configuration) { mock in
            mock.addFault(MockFaultRule(.reject(status: status, reason: reason)))
            try await withSender(mock, tokens: setup.tokens, clock: setup.clock) { sender in
                let result = await sender.send(try BackgroundPush(deviceToken: Fixture.deviceToken))
                #expect(
                    result
                        == PushResult(
                            outcome: .retryLater(after: later, status: status, reason: reason),
                            action: .retryAfter(later), attempts: 3))
                #expect(mock.requestCount == 3)
            }
        }
    }

    @Test(arguments: APNsTransportKind.allCases) func tooManyProviderTokenUpdatesKeepsTheTokenAndDoesNotRetry(
        transport: APNsTransportKind
    ) async throws {
        let setup = try Setup()
        try await withMock(setup.configuration) { mock in
            mock.addFault(MockFaultRule(.reject(status: 429, reason: "TooManyProviderTokenUpdates"), times: 1))
            try await withSender(mock, transport: transport, tokens: setup.tokens, clock: setup.clock) { sender in
                let result = await sender.send(try BackgroundPush(deviceToken: Fixture.deviceToken))
                #expect(result.action == .reuseCurrentToken && result.attempts == 1)
                #expect(await setup.tokens.mintCount == 1)
            }
        }
    }

    @Test(arguments: APNsTransportKind.allCases) func unknownKeyIsACredentialError(transport: APNsTransportKind)
        async throws
    {
        let setup = try Setup()
        var configuration = setup.configuration
        configuration.keys = [:]
        try await withMock(configuration) { mock in
            try await withSender(mock, transport: transport, tokens: setup.tokens, clock: setup.clock) { sender in
                let result = await sender.send(try BackgroundPush(deviceToken: Fixture.deviceToken))
                #expect(result.outcome == .rejected(status: 403, reason: "InvalidProviderToken", timestamp: nil))
                #expect(result.action == .fixCredentials && mock.requestCount == 1)
            }
        }
    }

    @Test(arguments: APNsTransportKind.allCases) func shutdownMovesTheResendToANewConnection(
        transport: APNsTransportKind
    ) async throws {
        let setup = try Setup()
        try await withMock(setup.configuration) { mock in
            mock.addFault(MockFaultRule(.shutdown, times: 1))
            try await withSender(mock, transport: transport, tokens: setup.tokens, clock: setup.clock) { sender in
                var result = await sender.send(try BackgroundPush(deviceToken: Fixture.deviceToken))
                if transport == .asyncHTTPClient, case .transportError = result.outcome {
                    // AsyncHTTPClient may put the resend on the old connection before it has read
                    // the GOAWAY that follows the 503; that attempt fails, and the next push goes
                    // over a new connection. The own client resends such a stream itself.
                    result = await sender.send(try BackgroundPush(deviceToken: Fixture.deviceToken))
                }
                guard case .delivered = result.outcome else { Issue.record("not delivered: \(result)"); return }
                let records = mock.recordedRequests()
                #expect(records.first?.status == 503 && records.last?.status == 200)
                #expect(records.first?.connectionID == 1 && records.last?.connectionID == 2)
            }
        }
    }

    @Test(arguments: APNsTransportKind.allCases) func deadlineFiresOnNoReplyAndTheSenderStaysUsable(
        transport: APNsTransportKind
    ) async throws {
        let setup = try Setup()
        try await withMock(setup.configuration) { mock in
            try await withSender(
                mock, transport: transport, tokens: setup.tokens, clock: setup.clock,
                configure: { $0.requestTimeout = .seconds(3) }
            ) { sender in
                // The connection first, so that opening it (slow on a loaded machine) is not what runs out the deadline.
                var opened = false
                for _ in 0..<5 where !opened {
                    if case .delivered = await sender.send(try BackgroundPush(deviceToken: Fixture.deviceToken)).outcome
                    {
                        opened = true
                    }
                }
                try #require(opened, "no push was delivered in 5 tries")
                mock.addFault(MockFaultRule(.noReply, times: 1))
                let silent = await sender.send(try BackgroundPush(deviceToken: Fixture.deviceToken))
                guard case .transportError(let message) = silent.outcome else {
                    Issue.record("expected a transport error: \(silent)"); return
                }
                #expect(message.contains("deadline"))
                // Usable again: a push goes through. More than one try, since on a loaded machine an
                // exchange can itself outlast the 3 s deadline; what must not happen is every try failing.
                var outcomes: [String] = []
                for _ in 0..<5 {
                    let next = await sender.send(try BackgroundPush(deviceToken: Fixture.deviceToken))
                    if case .delivered = next.outcome { break }
                    outcomes.append("\(next)")
                }
                #expect(outcomes.count < 5, "not delivered in 5 tries after the deadline: \(outcomes)")
            }
        }
    }

    @Test(arguments: APNsTransportKind.allCases)
    func goAwayFailsOrResendsTheUnprocessedStreamAndTheNextPushUsesANewConnection(transport: APNsTransportKind)
        async throws
    {
        let setup = try Setup()
        try await withMock(setup.configuration) { mock in
            try await withSender(mock, transport: transport, tokens: setup.tokens, clock: setup.clock) { sender in
                _ = await sender.send(try BackgroundPush(deviceToken: Fixture.deviceToken))
                mock.addFault(MockFaultRule(.goAway(reason: "BadCertificateEnvironment"), times: 1))
                let cut = await sender.send(try BackgroundPush(deviceToken: Fixture.deviceToken))
                switch transport {
                case .http2Frames:
                    // Not processed (its stream is above GOAWAY's last stream): sent again on a new
                    // connection, as RFC 9113 §8.7 allows.
                    guard case .delivered = cut.outcome else { Issue.record("not delivered: \(cut)"); return }
                    #expect(mock.recordedRequests().map(\.connectionID) == [1, 1, 2])
                    return
                case .asyncHTTPClient:
                    guard case .transportError = cut.outcome else {
                        Issue.record("expected a transport error: \(cut)"); return
                    }
                }
                let next = await sender.send(try BackgroundPush(deviceToken: Fixture.deviceToken))
                guard case .delivered = next.outcome else { Issue.record("not delivered: \(next)"); return }
                #expect(mock.recordedRequests().map(\.connectionID) == [1, 1, 2])
            }
        }
    }

    @Test(arguments: APNsTransportKind.allCases) func anUntrustedCertificateIsATransportErrorNeverADelivery(
        transport: APNsTransportKind
    ) async throws {
        let setup = try Setup()
        try await withMock(setup.configuration) { mock in
            // The system roots do not include the mock's self-signed certificate.
            try await withSender(
                mock, transport: transport, tokens: setup.tokens, clock: setup.clock,
                configure: { $0.trustedCertificatesPEM = nil }
            ) { sender in
                let result = await sender.send(try BackgroundPush(deviceToken: Fixture.deviceToken))
                guard case .transportError = result.outcome else {
                    Issue.record("expected a transport error: \(result)"); return
                }
                #expect(mock.recordedRequests().isEmpty)
            }
        }
    }

    @Test(arguments: APNsTransportKind.allCases) func inFlightBoundFollowsTheServersSettings(
        transport: APNsTransportKind
    ) async throws {
        let setup = try Setup()
        var configuration = setup.configuration
        configuration.establishedMaxConcurrentStreams = 3
        try await withMock(configuration) { mock in
            try await withSender(mock, transport: transport, tokens: setup.tokens, clock: setup.clock) { sender in
                #expect(sender.inFlightLimit == 100)
                _ = await sender.send(try BackgroundPush(deviceToken: Fixture.deviceToken))
                #expect(sender.inFlightLimit == 3)
                let results = await withTaskGroup(of: PushResult.self) { group in
                    for _ in 0..<12 {
                        group.addTask { await sender.send(try! BackgroundPush(deviceToken: Fixture.deviceToken)) }
                    }
                    return await group.reduce(into: []) { $0.append($1) }
                }
                #expect(results.allSatisfy { if case .delivered = $0.outcome { true } else { false } })
            }
            try await withSender(
                mock, transport: transport, tokens: setup.tokens, clock: setup.clock, configure: { $0.maxInFlight = 2 }
            ) { sender in
                _ = await sender.send(try BackgroundPush(deviceToken: Fixture.deviceToken))
                #expect(sender.inFlightLimit == 2)
            }
        }
    }
}
