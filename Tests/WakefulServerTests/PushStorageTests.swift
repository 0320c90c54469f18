import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import Wakeful
import WakefulAPNs
@testable import WakefulServer
import WakefulTestSupport

/// What every ``PushStorage`` engine must do, run on SQLite and on PostgreSQL like
/// ``ServerStorageConformanceTests``.
@Suite("wakes in storage: the rate limit and claims hold across instances sharing a database", .hangLimit, .watchdog)
struct PushStorageTests {
    static let registration = DeviceRegistration(installID: UUID(), bundleID: "b", appVersion: "1", osVersion: "17")

    @Test("the sliding-window limit refuses a 4th wake and names the next allowed time")
    func rateLimitRule() {
        let limit = WakeRateLimit(count: 3, window: .seconds(3600))
        #expect(limit.check(at: 1000, existing: [0, 100]) == nil)
        let refusal = limit.check(at: 1000, existing: [0, 100, 200])
        #expect(refusal?.nextAllowedAt == 3600)
        #expect(limit.check(at: 3600, existing: [0, 100, 200]) == nil)
        // Future wakes count too: two before and one after fill the window around 1000.
        #expect(limit.check(at: 1000, existing: [0, 500, 2000])?.nextAllowedAt == 3600)
    }

    @Test("two instances inserting at once store no more wakes than the limit", arguments: StorageEngine.allCases)
    func concurrentInserts(engine: StorageEngine) async throws {
        try await engine.withStore { store in
            let instances = [try await store.openPush(), try await store.openPush()]
            let device = try await instances[0].register(Self.registration, tokenHash: "h", at: 0)
            let limit = WakeRateLimit(count: 3, window: .seconds(3600))
            let stored = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<12 {
                    group.addTask {
                        let wake = NewWake(deviceID: device, scheduledAt: 100, expiresAt: 3700, createdAt: 100)
                        return try await instances[index % 2].insertWake(wake, limit: limit) == .stored
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(stored == 3)
            #expect(try await instances[1].wakes(deviceID: device, from: nil, to: nil, limit: 100).count == 3)
        }
    }

    @Test("two instances claiming at once never claim the same wake", arguments: StorageEngine.allCases)
    func disjointClaims(engine: StorageEngine) async throws {
        try await engine.withStore { store in
            let instances = [try await store.openPush(), try await store.openPush()]
            let device = try await instances[0].register(Self.registration, tokenHash: "h", at: 0)
            let unlimited = WakeRateLimit(count: 1000, window: .seconds(1))
            for _ in 0..<40 {
                _ = try await instances[0].insertWake(
                    NewWake(deviceID: device, scheduledAt: 100, expiresAt: 3700, createdAt: 100), limit: unlimited)
            }
            let claims = try await withThrowingTaskGroup(of: [UUID].self) { group in
                for index in 0..<8 {
                    group.addTask {
                        try await instances[index % 2].claimDueWakes(
                            now: 200, claimID: UUID(), leaseUntil: 500, limit: 7
                        ).map(\.wake.wake.id)
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(claims.count == 40)
            #expect(Set(claims).count == 40)
            // A lease that ran out lets another instance take the wakes over.
            #expect(
                try await instances[1].claimDueWakes(now: 400, claimID: UUID(), leaseUntil: 700, limit: 100).isEmpty)
            #expect(
                try await instances[1].claimDueWakes(now: 600, claimID: UUID(), leaseUntil: 900, limit: 100).count == 40
            )
        }
    }

    @Test(
        "a refused wake stores nothing and names the next allowed time; wakes list newest first in a range",
        arguments: StorageEngine.allCases)
    func insertAndList(engine: StorageEngine) async throws {
        try await engine.withStore { store in
            let storage = try await store.openPush()
            let device = try await storage.register(Self.registration, tokenHash: "h", at: 0)
            let limit = WakeRateLimit(count: 2, window: .seconds(3600))
            let first = NewWake(
                deviceID: device, scheduledAt: 100, expiresAt: 3700, note: "sync", collapseID: "c1", createdAt: 90)
            #expect(try await storage.insertWake(first, limit: limit) == .stored)
            #expect(
                try await storage.insertWake(
                    NewWake(deviceID: device, scheduledAt: 200, expiresAt: 3800, createdAt: 90), limit: limit)
                    == .stored)
            let refused = try await storage.insertWake(
                NewWake(deviceID: device, scheduledAt: 300, expiresAt: 3900, createdAt: 90), limit: limit)
            guard case .refused(let refusal) = refused else {
                Issue.record("a third wake within the hour was stored")
                return
            }
            #expect(refusal.nextAllowedAt == 3700 && refusal.conflicting == 2)
            #expect(
                try await storage.insertWake(
                    NewWake(deviceID: device, scheduledAt: 5000, expiresAt: 8600, createdAt: 90), limit: limit)
                    == .stored)

            let all = try await storage.wakes(deviceID: device, from: nil, to: nil, limit: 100)
            #expect(all.map(\.wake.scheduledAt) == [5000, 200, 100])
            let oldest = try #require(all.last)
            #expect(oldest.wake == first)
            #expect(oldest.state == .scheduled && oldest.nextAttemptAt == 100 && oldest.attemptCount == 0)
            #expect(oldest.reason == nil && oldest.deliveredAt == nil && oldest.attempts.isEmpty)
            #expect(
                try await storage.wakes(deviceID: device, from: 150, to: 5000, limit: 100).map(\.wake.scheduledAt) == [
                    200
                ])
            #expect(
                try await storage.wakes(deviceID: device, from: nil, to: nil, limit: 1).map(\.wake.scheduledAt) == [
                    5000
                ])
            #expect(try await storage.wakes(deviceID: UUID(), from: nil, to: nil, limit: 100).isEmpty)
        }
    }

    @Test(
        "a claim carries the APNs token and revocation; finishing it stores attempts, a lost claim changes nothing else",
        arguments: StorageEngine.allCases)
    func claimAndFinish(engine: StorageEngine) async throws {
        try await engine.withStore { store in
            let storage = try await store.openPush()
            var registration = Self.registration
            registration.apns = APNsRegistration(token: "aa01", environment: .sandbox, topic: "com.example.app")
            let device = try await storage.register(registration, tokenHash: "h", at: 10)
            let limit = WakeRateLimit(count: 10, window: .seconds(3600))
            let wake = NewWake(deviceID: device, scheduledAt: 100, expiresAt: 3700, createdAt: 100)
            _ = try await storage.insertWake(wake, limit: limit)
            #expect(try await storage.claimDueWakes(now: 99, claimID: UUID(), leaseUntil: 400, limit: 10).isEmpty)

            let claim = UUID()
            let claimed = try #require(
                try await storage.claimDueWakes(now: 100, claimID: claim, leaseUntil: 400, limit: 10).first)
            #expect(claimed.wake.wake == wake && claimed.wake.state == .sending && !claimed.deviceRevoked)
            #expect(
                claimed.apns == StoredAPNsToken(registration: registration.apns!, updatedAt: 10, invalidatedAt: nil))

            // APNs asked to wait: the wake goes back to scheduled for a resend.
            let retry = StoredPushAttempt(
                wakeID: wake.id, deviceID: device, apnsID: "A1", status: 429, reason: "TooManyRequests", latency: 0.25,
                attemptedAt: 101,
                outcome: "retry")
            let wait = WakeUpdate(state: .scheduled, nextAttemptAt: 160, reason: "TooManyRequests")
            #expect(try await storage.finishClaim(wakeID: wake.id, claimID: claim, attempts: [retry], update: wait))
            var stored = try #require(try await storage.wakes(deviceID: device, from: nil, to: nil, limit: 10).first)
            #expect(
                stored.state == .scheduled && stored.nextAttemptAt == 160 && stored.attemptCount == 1
                    && stored.reason == "TooManyRequests")
            #expect(stored.attempts == [retry])

            let second = UUID()
            _ = try #require(
                try await storage.claimDueWakes(now: 160, claimID: second, leaseUntil: 460, limit: 10).first)
            let delivered = StoredPushAttempt(
                wakeID: wake.id, deviceID: device, apnsID: "A2", status: 200, reason: nil, latency: 0.1,
                attemptedAt: 161, outcome: "delivered")
            // The first claim is gone: its late attempt is kept, the wake is not moved.
            let late = StoredPushAttempt(
                wakeID: wake.id, deviceID: device, apnsID: "A3", status: nil, reason: "timeout", latency: 5,
                attemptedAt: 162, outcome: "retry")
            #expect(
                try await storage.finishClaim(
                    wakeID: wake.id, claimID: claim, attempts: [late], update: WakeUpdate(state: .failed)) == false)
            let done = WakeUpdate(state: .delivered, deliveredAt: 161)
            #expect(
                try await storage.finishClaim(wakeID: wake.id, claimID: second, attempts: [delivered], update: done))
            stored = try #require(try await storage.wakes(deviceID: device, from: nil, to: nil, limit: 10).first)
            #expect(
                stored.state == .delivered && stored.deliveredAt == 161 && stored.attemptCount == 2
                    && stored.nextAttemptAt == 160)
            #expect(stored.attempts.map(\.apnsID) == ["A1", "A3", "A2"])
            #expect(
                try await storage.attempts(deviceID: device, from: nil, to: nil).map(\.apnsID) == ["A1", "A2", "A3"])
            #expect(try await storage.attempts(deviceID: device, from: 161, to: 162) == [delivered])
            #expect(
                try await storage.claimDueWakes(now: 10_000, claimID: UUID(), leaseUntil: 10_300, limit: 10).isEmpty)

            #expect(try await storage.revoke(deviceID: device, at: 200))
            _ = try await storage.insertWake(
                NewWake(deviceID: device, scheduledAt: 300, expiresAt: 3900, createdAt: 200), limit: limit)
            #expect(
                try #require(
                    try await storage.claimDueWakes(now: 300, claimID: UUID(), leaseUntil: 600, limit: 10).first
                ).deviceRevoked)
        }
    }

    @Test(
        "an APNs token is invalidated only if not registered again after the given time",
        arguments: StorageEngine.allCases)
    func tokenInvalidation(engine: StorageEngine) async throws {
        try await engine.withStore { store in
            let storage = try await store.openPush()
            let device = try await storage.register(Self.registration, tokenHash: "h", at: 10)
            let apns = APNsRegistration(token: "aa01", environment: .production, topic: "com.example.app")
            try await storage.setAPNsToken(apns, deviceID: device, at: 100)
            #expect(try await storage.invalidateAPNsToken(deviceID: device, token: "aa01", asOf: 99) == false)
            #expect(try await storage.invalidateAPNsToken(deviceID: device, token: "bb02", asOf: 150) == false)
            #expect(try await storage.invalidateAPNsToken(deviceID: device, token: "aa01", asOf: 150))
            #expect(try await storage.invalidateAPNsToken(deviceID: device, token: "aa01", asOf: 160) == false)
            #expect(try await storage.apnsToken(deviceID: device)?.invalidatedAt == 150)
        }
    }

    @Test(
        "the device's remoteNotification timeline entries in a range, in time order", arguments: StorageEngine.allCases)
    func deviceWakeEntries(engine: StorageEngine) async throws {
        try await engine.withStore { store in
            let storage = try await store.openPush()
            let device = try await storage.register(Self.registration, tokenHash: "h", at: 10)
            let install = Self.registration.installID
            func entry(_ seq: Int64, _ event: String, at time: TimeInterval, kind: String = OutboxRecord.timelineKind)
                -> OutboxRecord
            {
                OutboxRecord(
                    uuid: RecordIdentity.uuid(install: install, seq: seq), seq: seq, kind: kind,
                    payload: #"{"t":\#(time),"kind":"event","event":"\#(event)"}"#, recordedAt: time)
            }
            let records = [
                entry(1, "remoteNotification", at: 120), entry(2, "appRefresh", at: 110),
                entry(3, "remoteNotification", at: 100),
                entry(4, "remoteNotification", at: 130, kind: "location"), entry(5, "remoteNotification", at: 300),
            ]
            _ = try await storage.ingest(
                deviceID: device, batchID: UUID(), digest: "d", records: records, receivedAt: 400)
            let found = try await storage.deviceWakeEntries(deviceID: device, from: 100, to: 300)
            #expect(found.map(\.record.seq) == [3, 1])
            #expect(found.first?.record == records[2] && found.first?.receivedAt == 400)
            #expect(try await storage.deviceWakeEntries(deviceID: UUID(), from: 0, to: 1000).isEmpty)
        }
    }

    @Test("a wake posted over HTTP is claimed, sent to APNs and listed as delivered", arguments: StorageEngine.allCases)
    func deliveredEndToEnd(engine: StorageEngine) async throws {
        try await PushHarness.withPushServer(engine: engine) { harness, client in
            let device = try await client.register(apns: harness.deviceToken())
            let posted = try await client.postWake(device.id, #"{"note":"sync"}"#)
            #expect(posted.status == .accepted, "\(posted.text)")
            let report = await harness.dispatch()
            #expect(report.claimed == 1 && report.delivered == 1)
            #expect(await harness.dispatch().claimed == 0)
            #expect(harness.mock.requestCount == 1)
            let wake = try #require(try await client.wakes(device.id).first)
            #expect(wake["state"] as? String == "delivered")
            #expect((wake["attempts"] as? [[String: Any]])?.first?["outcome"] as? String == "delivered")
        }
    }
}

extension TestStore {
    /// Opens a storage that keeps wakes too, as every engine's does.
    func openPush() async throws -> any ServerStorage & PushStorage {
        try #require(try await open() as? any ServerStorage & PushStorage, "the engine's storage does not keep wakes")
    }
}
