import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle
import Testing
import Wakeful
import WakefulAPNs
import WakefulServer
import WakefulTestSupport

/// The dispatcher's own loop, run as a service on a test clock: when it looks for due wakes, what
/// it does after a failure, and that it stops. No test waits in real time: the clock moves only
/// when a test advances it.
@Suite("the push dispatcher's poll loop on a test clock", .hangLimit, .watchdog)
struct PushDispatcherLoopTests {
    static let start = Date(timeIntervalSince1970: ServerHarness.now)

    @Test("it looks at start, then once every poll interval of its clock, never in between")
    func pollsOnSchedule() async throws {
        let clock = WatchedClock()
        let storage = ClaimRecorder()
        try await Self.running(storage: storage, clock: clock, every: .seconds(60)) { _ in
            var passes = storage.claims.makeAsyncIterator()
            #expect(await passes.next() == ServerHarness.now)
            await clock.advanceOnceAsleep(by: .seconds(59))
            await clock.advanceOnceAsleep(by: .seconds(1))
            // A pass at second 59 would come first here.
            #expect(await passes.next() == ServerHarness.now + 60)
            await clock.advanceOnceAsleep(by: .seconds(60))
            #expect(await passes.next() == ServerHarness.now + 120)
        }
    }

    @Test("a wake posted for now is looked for at once, between two ticks")
    func wakeUpBetweenTicks() async throws {
        let clock = WatchedClock()
        let storage = ClaimRecorder()
        try await Self.running(storage: storage, clock: clock, every: .seconds(60)) { dispatcher in
            var passes = storage.claims.makeAsyncIterator()
            #expect(await passes.next() == ServerHarness.now)
            await clock.advanceOnceAsleep(by: .seconds(10))
            dispatcher.wakeUp()
            #expect(await passes.next() == ServerHarness.now + 10)
            await clock.advanceOnceAsleep(by: .seconds(50))
            #expect(await passes.next() == ServerHarness.now + 60, "the schedule is kept after an extra pass")
        }
    }

    @Test("a claim that fails is logged and tried again at the next tick")
    func retriesAFailedClaim() async throws {
        let clock = WatchedClock()
        let storage = ClaimRecorder(failingFirst: 2)
        try await Self.running(storage: storage, clock: clock, every: .seconds(30)) { _ in
            var passes = storage.claims.makeAsyncIterator()
            #expect(await passes.next() == ServerHarness.now)
            await clock.advanceOnceAsleep(by: .seconds(30))
            #expect(await passes.next() == ServerHarness.now + 30)
            await clock.advanceOnceAsleep(by: .seconds(30))
            #expect(await passes.next() == ServerHarness.now + 60)
            #expect(storage.failures == 2)
        }
    }

    @Test("on graceful shutdown it stops polling and leaves nothing asleep on the clock")
    func stopsOnShutdown() async throws {
        let clock = WatchedClock()
        let storage = ClaimRecorder()
        try await Self.running(storage: storage, clock: clock, every: .seconds(60)) { _ in
            var passes = storage.claims.makeAsyncIterator()
            #expect(await passes.next() == ServerHarness.now)
        }
        // `running` returned: the service group, and so the dispatcher's `run()`, finished.
        #expect(await clock.isIdle)
        await clock.advance(by: .seconds(600))
        storage.finish()
        var passes = storage.claims.makeAsyncIterator()
        #expect(await passes.next() == nil, "no pass after shutdown")
    }

    @Test("a wake APNs answered 503 is resent on the first tick after the retry delay, by the loop alone")
    func resendsAfterBackOff() async throws {
        let (reports, reported) = AsyncStream.makeStream(of: DispatchReport.self)
        try await PushHarness.withPushServer({ settings in
            settings.pollInterval = .seconds(60)
            settings.onDispatched = { reported.yield($0) }
        }) { harness, client in
            let device = try await client.register(apns: harness.deviceToken())
            harness.mock.setFaults([MockFaultRule(.reject(status: 503, reason: "ServiceUnavailable"), times: 1)])
            #expect(try await client.postWake(device.id).status == .accepted)
            try await Self.running(harness.dispatcher) {
                var passes = reports.makeAsyncIterator()
                #expect(await passes.next()?.rescheduled == 1)
                // WakeRetryPolicy: at least 15 minutes after a 5xx.
                for _ in 1...15 { await harness.clock.advanceOnceAsleep(by: .seconds(60)) }
                #expect(await passes.next()?.delivered == 1)
            }
            let wake = try #require(try await client.wakes(device.id).first)
            let attempts = try #require(wake["attempts"] as? [[String: Any]])
            #expect(attempts.map { $0["status"] as? Int } == [503, 200])
            #expect(
                attempts.map { $0["attempted_at"] as? String } == [
                    stamp(ServerHarness.now), stamp(ServerHarness.now + 900),
                ])
            #expect(harness.mock.requestCount == 2)
        }
    }

    /// Runs a dispatcher over `storage` polling `every` on `clock` under a service group while
    /// `body` runs, then shuts the group down gracefully and waits for it.
    private static func running(
        storage: some PushStorage, clock: WatchedClock, every interval: Duration,
        _ body: (PushDispatcher) async throws -> Void
    ) async throws {
        var settings = PushSettings()
        settings.pollInterval = interval
        let credentials = try APNsCredentials(
            teamID: PushHarness.teamID, keyID: PushHarness.keyID, privateKey: P256.Signing.PrivateKey())
        let dispatcher = try PushDispatcher(
            storage: storage, settings: settings, connection: APNsConnection(credentials: credentials),
            metrics: ServerMetrics(),
            clock: WallClock(clock: clock, startingAt: start), logger: quiet)
        try await running(dispatcher) { try await body(dispatcher) }
    }

    /// Runs `dispatcher` under a service group while `body` runs, then shuts it down gracefully and
    /// waits for it to finish.
    private static func running(_ dispatcher: PushDispatcher, _ body: () async throws -> Void) async throws {
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [dispatcher], logger: quiet))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            do {
                try await body()
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }

    private static let quiet = Logger(label: "wakeful.tests.dispatcher") { _ in SwiftLogNoOpLogHandler() }
}

/// Push storage that holds no wakes and reports the time of every claim, the dispatcher's passes;
/// its first claims may fail.
private final class ClaimRecorder: PushStorage {
    /// The `now` of each claim, as it is made.
    let claims: AsyncStream<TimeInterval>
    private let claimed: AsyncStream<TimeInterval>.Continuation
    private let failuresLeft: NIOLockedValueBox<Int>
    private let failed = NIOLockedValueBox(0)

    init(failingFirst failures: Int = 0) {
        (claims, claimed) = AsyncStream.makeStream()
        failuresLeft = NIOLockedValueBox(failures)
    }

    /// Claims that threw.
    var failures: Int { failed.withLockedValue { $0 } }

    /// Ends ``claims`` after what was reported so far.
    func finish() { claimed.finish() }

    struct Unavailable: Error {}

    func claimDueWakes(now: TimeInterval, claimID: UUID, leaseUntil: TimeInterval, limit: Int) async throws
        -> [ClaimedWake]
    {
        claimed.yield(now)
        let fails = failuresLeft.withLockedValue { left in
            defer { left = max(0, left - 1) }
            return left > 0
        }
        if fails {
            failed.withLockedValue { $0 += 1 }
            throw Unavailable()
        }
        return []
    }

    func insertWake(_ wake: NewWake, limit: WakeRateLimit) async throws -> WakeInsertion { throw Unavailable() }
    func wakes(deviceID: UUID, from: TimeInterval?, to: TimeInterval?, limit: Int) async throws -> [StoredWake] { [] }
    func finishClaim(wakeID: UUID, claimID: UUID, attempts: [StoredPushAttempt], update: WakeUpdate) async throws
        -> Bool
    { false }
    func invalidateAPNsToken(deviceID: UUID, token: String, asOf time: TimeInterval) async throws -> Bool { false }
    func attempts(deviceID: UUID, from: TimeInterval?, to: TimeInterval?) async throws -> [StoredPushAttempt] { [] }
    func deviceWakeEntries(deviceID: UUID, from: TimeInterval, to: TimeInterval) async throws -> [StoredRecord] { [] }
}
