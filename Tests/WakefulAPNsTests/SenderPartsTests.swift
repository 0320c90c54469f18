import Foundation
import Testing
@testable import WakefulAPNs
import WakefulTestSupport

@Suite(.hangLimit, .watchdog) struct BackgroundPushTests {
    @Test func payloadIsContentAvailableOnlyWithDataBesideIt() throws {
        let push = try BackgroundPush(
            deviceToken: Fixture.deviceToken, data: ["z": "last", "a": "quote \" and \\ slash"])
        let text = String(decoding: push.payload(), as: UTF8.self)
        #expect(text == #"{"aps":{"content-available":1},"a":"quote \" and \\ slash","z":"last"}"#)
        let object = try #require(try JSONSerialization.jsonObject(with: push.payload()) as? [String: Any])
        #expect((object["aps"] as? [String: Int]) == ["content-available": 1])
    }

    @Test func payloadEscapesControlCharactersAndKeepsUnicode() throws {
        let value = "line\nbreak\ttab\u{1}bell é 🚀 a/b"
        let push = try BackgroundPush(deviceToken: Fixture.deviceToken, data: ["k": value])
        #expect(
            String(decoding: push.payload(), as: UTF8.self)
                == #"{"aps":{"content-available":1},"k":"line\nbreak\ttab\u0001bell é 🚀 a/b"}"#)
        let object = try #require(try JSONSerialization.jsonObject(with: push.payload()) as? [String: Any])
        #expect(object["k"] as? String == value)
    }

    @Test func badInputNamesTheField() {
        func field(_ make: () throws -> BackgroundPush) -> String? {
            do { _ = try make() } catch let error as PushInputError { return error.field } catch {}
            return nil
        }
        #expect(field { try BackgroundPush(deviceToken: "abc") } == "deviceToken")
        #expect(field { try BackgroundPush(deviceToken: String(repeating: "g", count: 64)) } == "deviceToken")
        #expect(
            field {
                try BackgroundPush(deviceToken: Fixture.deviceToken, collapseID: String(repeating: "c", count: 65))
            } == "collapseID")
        #expect(field { try BackgroundPush(deviceToken: Fixture.deviceToken, data: ["aps": "x"]) } == "data")
        #expect(
            field {
                try BackgroundPush(deviceToken: Fixture.deviceToken, collapseID: String(repeating: "c", count: 64))
            } == nil)
    }

    @Test func configurationValidationNamesTheField() {
        var configuration = APNsSenderConfiguration(baseURL: "http://api.push.apple.com", topic: Fixture.topic)
        #expect(throws: PushInputError(field: "baseURL", expected: "https://host[:port] (HTTP/2 to APNs needs TLS)")) {
            try configuration.validate()
        }
        configuration.baseURL = APNsSenderConfiguration.sandbox
        configuration.maxInFlight = 0
        #expect(throws: PushInputError.self) { try configuration.validate() }
        configuration.maxInFlight = 100
        #expect(throws: Never.self) { try configuration.validate() }
    }
}

@Suite(.hangLimit, .watchdog) struct APNsResponseRuleTests {
    @Test(
        arguments: [
            (200, nil, APNsResponseRule.success),
            (400, "BadDeviceToken", .neverRetry), (400, "DeviceTokenNotForTopic", .neverRetry),
            (403, "Forbidden", .neverRetry),
            (413, "PayloadTooLarge", .neverRetry), (410, "Unregistered", .unregistered),
            (410, "ExpiredToken", .unregistered),
            (400, "BadPriority", .senderBug), (404, "BadPath", .senderBug), (405, "MethodNotAllowed", .senderBug),
            (400, "IdleTimeout", .newConnection), (403, "ExpiredProviderToken", .expiredProviderToken),
            (403, "InvalidProviderToken", .credentialError), (403, "BadEnvironmentKeyIdInToken", .credentialError),
            (429, "TooManyProviderTokenUpdates", .tooManyTokenUpdates), (429, "TooManyRequests", .backOff),
            (500, "InternalServerError", .backOff), (503, "ServiceUnavailable", .newConnection),
            (503, "Shutdown", .newConnection),
        ] as [(Int, String?, APNsResponseRule)])
    func classification(status: Int, reason: String?, rule: APNsResponseRule) {
        #expect(APNsResponseRule.classify(status: status, reason: reason) == rule)
    }

    @Test func retryDelaysDoubleUpToTheCap() {
        var policy = RetryPolicy()
        policy.maximumDelay = .seconds(5)
        #expect(
            (1...5).map(policy.delay(afterAttempt:)) == [
                .seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5),
            ])
    }
}

@Suite(.hangLimit, .watchdog) struct AsyncSemaphoreTests {
    @Test func waitersEnterWhenTheLimitRises() async throws {
        let semaphore = AsyncSemaphore(limit: 1)
        try await semaphore.wait()
        let entered = AsyncStream<Int>.makeStream()
        let waiters = Task {
            await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<2 {
                    group.addTask {
                        try await semaphore.wait()
                        entered.continuation.yield(index)
                    }
                }
            }
        }
        #expect(semaphore.inUse == 1)
        semaphore.setLimit(3)
        var iterator = entered.stream.makeAsyncIterator()
        var seen: Set<Int> = []
        while seen.count < 2, let index = await iterator.next() { seen.insert(index) }
        #expect(seen == [0, 1] && semaphore.inUse == 3)
        await waiters.value
        for _ in 0..<3 { semaphore.signal() }
        #expect(semaphore.inUse == 0)
    }

    @Test func aCancelledWaiterLeavesTheQueue() async throws {
        let semaphore = AsyncSemaphore(limit: 1)
        try await semaphore.wait()
        let waiter = Task { try await semaphore.wait() }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        semaphore.signal()
        #expect(semaphore.inUse == 0)
        try await semaphore.wait()
        #expect(semaphore.inUse == 1)
    }
}
