import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOConcurrencyHelpers
import Testing
import Wakeful
import WakefulServer
import WakefulTestSupport

/// Hostile clients on real sockets: stalled uploads, idle connections, trickles. None of them
/// may keep honest devices from uploading, and the server closes them all within its limits.
@Suite("slow and stalled clients", .serialized, .watchdog)
struct SlowClientTests {
    /// Short limits, so the test waits seconds (3 s for heads and idleness: the test client's own
    /// connection opens before the test's first request, which a loaded machine may delay);
    /// a small store capacity, so stalled uploads
    /// holding places (as they did) would turn every honest upload into a 503. The crowd and the
    /// honest devices share 127.0.0.1 here, standing for many clients, so the per-address cap is
    /// lifted: the deadlines, not the caps, are under test (ConnectionLimitTests has the caps).
    static let limits = ServerLimits(
        maximumConcurrentIngests: 8, headerTimeout: .seconds(3), idleTimeout: .seconds(3), bodyTimeout: .seconds(1),
        minimumBodyRate: 500, maximumUploadsPerDevice: 4, registrationsPerMinute: 1000,
        maximumConnectionsPerAddress: 10_000)

    /// A device registered straight in `storage`, with its token.
    static func register(in storage: SQLiteServerStorage) async throws -> TestDevice {
        let token = BearerToken.generate()
        let install = UUID()
        let id = try await storage.register(
            DeviceRegistration(installID: install, bundleID: "com.example.app", appVersion: "1.0", osVersion: "17.4"),
            tokenHash: BearerToken.hash(token), at: ServerHarness.now)
        return TestDevice(id: id, installID: install, token: token)
    }

    /// An ingest request's head with a body announced but never sent beyond its first byte.
    static func stalledUpload(token: String) -> String {
        "POST /v1/ingest HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nIdempotency-Key: \(UUID().uuidString)\r\n"
            + "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"
    }

    @Test(
        "while 200 stalled uploads and 1,000 idle connections are open, honest devices upload without a 503, and every attacker is cut off",
        .hangLimit)
    func hostileCrowd() async throws {
        try await ServerHarness.withServer(.live, limits: Self.limits) { harness, client in
            let port = try #require(client.port)
            // 50 attacking devices with 4 stalled uploads each: every one within its device's limit.
            var attackers: [TestDevice] = []
            // Registered in storage, not through the test client's keep-alive connection, which the
            // 3 s idle timeout may close while a loaded machine is slow between two requests.
            for _ in 0..<50 { attackers.append(try await Self.register(in: harness.storage)) }
            let honest = [try await Self.register(in: harness.storage), try await Self.register(in: harness.storage)]
            let tokens = attackers.map(\.token)
            // The crowd connects on a Dispatch thread while the honest devices upload, each upload
            // on a connection of its own.
            let opened = NIOLockedValueBox(false)
            async let crowd = RawConnection.offPool {
                defer { opened.withLockedValue { $0 = true } }
                var connections: [RawConnection] = []
                for _ in 0..<1000 { connections.append(try RawConnection(port: port)) }
                for index in 0..<200 {
                    let connection = try RawConnection(port: port)
                    try connection.send(Self.stalledUpload(token: tokens[index % tokens.count]))
                    connections.append(connection)
                }
                return connections
            }
            // Honest uploads while the crowd connects, then 10 rounds with all of it open: all
            // stored, none refused. Bounded: at most 1,000 rounds.
            var statuses: [Int] = []
            var round = 0
            var roundsWithCrowdOpen = 0
            while roundsWithCrowdOpen < 10, round < 1000 {
                let crowdOpen = opened.withLockedValue { $0 }
                for device in honest {
                    let records = makeRecords(install: device.installID, from: Int64(round * 10 + 1), count: 10)
                    let batch = IngestBatch(batchID: UUID(), installID: device.installID, records: records)
                    let headers = [
                        "Authorization": "Bearer \(device.token)", "Idempotency-Key": batch.batchID.uuidString,
                        "Content-Type": "application/json",
                    ]
                    statuses.append(
                        try await RawConnection.offPool {
                            try RawConnection.post(
                                port: port, path: "/v1/ingest", headers: headers, body: batch.jsonBytes())
                        })
                }
                round += 1
                if crowdOpen { roundsWithCrowdOpen += 1 }
            }
            let hostile = try await crowd
            #expect(hostile.count == 1200)
            #expect(roundsWithCrowdOpen == 10)
            #expect(statuses.allSatisfy { $0 == 200 }, "\(statuses)")
            // Every hostile connection is closed by the server: header timeout 3 s, body 1 s, idle 3 s.
            let stillOpen = try await RawConnection.offPool {
                RawConnection.waitUntilClosed(hostile, timeout: .seconds(120))
            }
            #expect(stillOpen == 0, "\(stillOpen) hostile connections still open")
            // And afterwards the server serves as before.
            let device = honest[0]
            let last = IngestBatch(
                batchID: UUID(), installID: device.installID,
                records: makeRecords(install: device.installID, from: Int64(round * 10 + 1), count: 5))
            let after = try await RawConnection.offPool {
                try RawConnection.post(
                    port: port, path: "/v1/ingest",
                    headers: [
                        "Authorization": "Bearer \(device.token)", "Idempotency-Key": last.batchID.uuidString,
                        "Content-Type": "application/json",
                    ],
                    body: last.jsonBytes())
            }
            #expect(after == 200)
            #expect(
                try await harness.storage.records(deviceID: device.id, matching: RecordQuery(limit: 10_000)).count
                    == round * 10 + 5)
        }
    }

    @Test("a body trickling below the minimum rate is cut off", .hangLimit)
    func trickle() async throws {
        try await ServerHarness.withServer(.live, limits: Self.limits) { harness, client in
            let port = try #require(client.port)
            let device = try await Self.register(in: harness.storage)
            let upload = Self.stalledUpload(token: device.token)
            // 1 byte every 200 ms (5 B/s against 500 B/s): the body deadline closes it after about
            // 1 s, while the idle timeout (3 s) never would, a byte arriving every 200 ms. Sending
            // stops at the first failure. How many bytes got through is not asserted: a loaded
            // machine delays the deadline's timer; up to 600 bytes (2 minutes) tells slow from never.
            let (sent, closed) = try await RawConnection.offPool {
                let connection = try RawConnection(port: port)
                try connection.send(upload)
                var sent = 0
                for _ in 0..<600 {
                    if RawConnection.waitUntilClosed([connection], timeout: .milliseconds(200)) == 0 {
                        return (sent, true)
                    }
                    guard (try? connection.send(" ")) != nil else { return (sent, true) }
                    sent += 1
                }
                return (sent, false)
            }
            #expect(closed, "the trickle went on for \(sent) bytes and was never cut off")
        }
    }

    @Test(
        "one device's uploads beyond its limit are 429 with Retry-After while its others stall", .hangLimit
    )
    func perDeviceLimit() async throws {
        var limits = Self.limits
        // The four stalled uploads stay open for the whole test: neither the body deadline nor
        // the idle timeout (which also closes a body that stops arriving) cuts them off.
        limits.bodyTimeout = .seconds(30)
        limits.idleTimeout = .seconds(30)
        try await ServerHarness.withServer(.live, limits: limits) { _, client in
            let port = try #require(client.port)
            let device = try await client.register()
            // Five stalled uploads of one device: four are let in, the fifth — whichever arrives
            // last — is answered 429 at once while the four go on stalling.
            let stalled = try await RawConnection.offPool {
                try (0..<5).map { _ in
                    let connection = try RawConnection(port: port)
                    try connection.send(Self.stalledUpload(token: device.token))
                    return connection
                }
            }
            let answer = try await RawConnection.offPool { RawConnection.firstAnswer(stalled, timeout: .seconds(120)) }
            let text = answer?.text ?? ""
            #expect(text.hasPrefix("HTTP/1.1 429 "), "\(text)")
            #expect(text.contains("Retry-After: 1\r\n"), "\(text)")
            #expect(text.contains("too_many_uploads"), "\(text)")
            // With four stalling, an upload over HTTP is refused too, and only one stalled one was answered.
            let batch = IngestBatch(
                batchID: UUID(), installID: device.installID, records: makeRecords(install: device.installID, count: 1))
            let refused = try await client.ingest(batch, token: device.token)
            #expect(refused.status == .tooManyRequests, "\(refused.text)")
            #expect(refused.errorCode == "too_many_uploads")
            let others = stalled.indices.filter { $0 != answer?.index }.map { stalled[$0].pendingText() }
            #expect(others.allSatisfy { $0.isEmpty }, "\(others)")
            // Another device is not affected.
            let other = try await client.register()
            let otherBatch = IngestBatch(
                batchID: UUID(), installID: other.installID, records: makeRecords(install: other.installID, count: 1))
            #expect(try await client.ingest(otherBatch, token: other.token).status == .ok)
            withExtendedLifetime(stalled) {}
        }
    }
}
