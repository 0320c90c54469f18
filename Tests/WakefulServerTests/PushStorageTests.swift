import Foundation
import Testing
import WakefulServer

@Suite("wakes in storage: the rate limit and claims hold across instances sharing a database")
struct PushStorageTests {
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

    @Test("two instances inserting at once store no more wakes than the limit")
    func concurrentInserts() async throws {
        try await withTemporaryDirectory { directory in
            let instances = [try SQLiteServerStorage(directory: directory), try SQLiteServerStorage(directory: directory)]
            let device = try await instances[0].register(
                DeviceRegistration(installID: UUID(), bundleID: "b", appVersion: "1", osVersion: "17"), tokenHash: "h", at: 0)
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
        }
    }

    @Test("two instances claiming at once never claim the same wake")
    func disjointClaims() async throws {
        try await withTemporaryDirectory { directory in
            let instances = [try SQLiteServerStorage(directory: directory), try SQLiteServerStorage(directory: directory)]
            let device = try await instances[0].register(
                DeviceRegistration(installID: UUID(), bundleID: "b", appVersion: "1", osVersion: "17"), tokenHash: "h", at: 0)
            let unlimited = WakeRateLimit(count: 1000, window: .seconds(1))
            for _ in 0..<40 {
                _ = try await instances[0].insertWake(NewWake(deviceID: device, scheduledAt: 100, expiresAt: 3700, createdAt: 100), limit: unlimited)
            }
            let claims = try await withThrowingTaskGroup(of: [UUID].self) { group in
                for index in 0..<8 {
                    group.addTask {
                        try await instances[index % 2].claimDueWakes(now: 200, claimID: UUID(), leaseUntil: 500, limit: 7).map(\.wake.wake.id)
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(claims.count == 40)
            #expect(Set(claims).count == 40)
            // A lease that ran out lets another instance take the wakes over.
            #expect(try await instances[1].claimDueWakes(now: 400, claimID: UUID(), leaseUntil: 700, limit: 100).isEmpty)
            #expect(try await instances[1].claimDueWakes(now: 600, claimID: UUID(), leaseUntil: 900, limit: 100).count == 40)
        }
    }
}
