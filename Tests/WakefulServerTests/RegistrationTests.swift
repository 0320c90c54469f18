import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import Wakeful
@testable import WakefulServer
import WakefulTestSupport

/// Who may register an install, and who may take one over: nobody but the device and the admin.
@Suite("registration", .hangLimit, .watchdog)
struct RegistrationTests {
    static func body(_ install: UUID) -> [UInt8] {
        Array(
            #"{"install_id":"\#(install.uuidString)","bundle_id":"com.example.app","app_version":"1.0","os_version":"17.4"}"#
                .utf8)
    }

    @Test("another device's install_id without its token is 409, and the owner keeps its token and records")
    func takeoverRefused() async throws {
        try await ServerHarness.withServer { harness, client in
            let owner = try await client.register()
            let batch = IngestBatch(
                batchID: UUID(), installID: owner.installID, records: makeRecords(install: owner.installID, count: 3))
            #expect(try await client.ingest(batch, token: owner.token).status == .ok)
            // The install ID travels in every batch body: anyone who saw one may try.
            let attempt = try await client.send(.post, "/v1/devices/register", body: Self.body(owner.installID))
            #expect(attempt.status == .conflict, "\(attempt.text)")
            #expect(attempt.errorCode == "install_registered")
            #expect(try attempt.object()["token"] == nil)
            // A token of another device does not help either.
            let intruder = try await client.register()
            let withOther = try await client.send(
                .post, "/v1/devices/register", token: intruder.token, body: Self.body(owner.installID))
            #expect(withOther.status == .forbidden, "\(withOther.text)")
            let records = try await client.send(.get, "/v1/devices/me/records", token: owner.token)
            #expect(records.status == .ok)
            #expect(try await harness.storage.records(deviceID: owner.id, matching: RecordQuery()).count == 3)
        }
    }

    @Test("the device rotates its own token: same device, new token, the old one 401")
    func rotation() async throws {
        try await ServerHarness.withServer { _, client in
            let first = try await client.register()
            let rotated = try await client.send(
                .post, "/v1/devices/register", token: first.token, body: Self.body(first.installID))
            #expect(rotated.status == .created, "\(rotated.text)")
            let object = try rotated.object()
            #expect(object["device_id"] as? String == first.id.uuidString)
            let newToken = try #require(object["token"] as? String)
            #expect(newToken != first.token)
            #expect(try await client.send(.get, "/v1/devices/me/records", token: first.token).status == .unauthorized)
            #expect(try await client.send(.get, "/v1/devices/me/records", token: newToken).status == .ok)
            // The old token cannot rotate again.
            let stale = try await client.send(
                .post, "/v1/devices/register", token: first.token, body: Self.body(first.installID))
            #expect(stale.status == .unauthorized)
        }
    }

    @Test("the admin registers an install again (a device that lost its token)")
    func adminRecovery() async throws {
        try await ServerHarness.withServer { _, client in
            let lost = try await client.register()
            let recovered = try await client.send(
                .post, "/v1/devices/register", token: ServerHarness.adminToken, body: Self.body(lost.installID))
            #expect(recovered.status == .created, "\(recovered.text)")
            #expect(try recovered.object()["device_id"] as? String == lost.id.uuidString)
            #expect(try await client.send(.get, "/v1/devices/me/records", token: lost.token).status == .unauthorized)
        }
    }

    @Test("secret mode: new installs need the secret; rotation and the admin do not")
    func secretMode() async throws {
        try await withPolicy(.secret("s3cret-s3cret-s3cret")) { client in
            let install = UUID()
            let missing = try await client.send(.post, "/v1/devices/register", body: Self.body(install))
            #expect(missing.status == .forbidden)
            #expect(missing.errorCode == "registration_secret_required")
            let wrong = try await client.send(
                .post, "/v1/devices/register", headers: [.registrationSecret: "s3cret-s3cret-s3creT"],
                body: Self.body(install))
            #expect(wrong.errorCode == "registration_secret_invalid")
            let right = try await client.send(
                .post, "/v1/devices/register", headers: [.registrationSecret: "s3cret-s3cret-s3cret"],
                body: Self.body(install))
            #expect(right.status == .created, "\(right.text)")
            let token = try #require(try right.object()["token"] as? String)
            let rotated = try await client.send(.post, "/v1/devices/register", token: token, body: Self.body(install))
            #expect(rotated.status == .created)
            let byAdmin = try await client.send(
                .post, "/v1/devices/register", token: ServerHarness.adminToken, body: Self.body(UUID()))
            #expect(byAdmin.status == .created)
        }
    }

    @Test("closed mode: only the admin registers new installs")
    func closedMode() async throws {
        try await withPolicy(.closed) { client in
            let refused = try await client.send(.post, "/v1/devices/register", body: Self.body(UUID()))
            #expect(refused.status == .forbidden)
            #expect(refused.errorCode == "registration_closed")
            let install = UUID()
            let byAdmin = try await client.send(
                .post, "/v1/devices/register", token: ServerHarness.adminToken, body: Self.body(install))
            #expect(byAdmin.status == .created)
            let token = try #require(try byAdmin.object()["token"] as? String)
            #expect(
                try await client.send(.post, "/v1/devices/register", token: token, body: Self.body(install)).status
                    == .created)
        }
    }

    @Test("registrations beyond the per-address limit are 429 with Retry-After; the admin is not limited")
    func rateLimit() async throws {
        try await ServerHarness.withServer(limits: ServerLimits(registrationsPerMinute: 3)) { _, client in
            for _ in 0..<3 { _ = try await client.register() }
            let limited = try await client.send(.post, "/v1/devices/register", body: Self.body(UUID()))
            #expect(limited.status == .tooManyRequests)
            #expect(limited.errorCode == "too_many_registrations")
            // 3 a minute: the next one at most 20 s after the bucket emptied (less as time passes).
            let retry = try #require(Int(limited.headers[.retryAfter] ?? ""))
            #expect((1...20).contains(retry), "\(retry)")
            let byAdmin = try await client.send(
                .post, "/v1/devices/register", token: ServerHarness.adminToken, body: Self.body(UUID()))
            #expect(byAdmin.status == .created)
        }
    }

    @Test("the registration secret is compared whole")
    func secretComparison() {
        #expect(RegistrationPolicy.matches("abc", secret: "abc"))
        #expect(!RegistrationPolicy.matches("abd", secret: "abc"))
        #expect(!RegistrationPolicy.matches("ab", secret: "abc"))
        #expect(!RegistrationPolicy.matches("", secret: "abc"))
    }

    /// A router-tested server with `policy`.
    func withPolicy(
        _ policy: RegistrationPolicy, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        try await withTemporaryDirectory { directory in
            let storage = try SQLiteServerStorage(directory: directory)
            let configuration = ServerConfiguration(
                port: 0, storage: storage, adminToken: ServerHarness.adminToken, clock: ServerHarness.fixedClock(),
                registration: policy)
            try await buildApplication(configuration).test(.router) { client in try await body(client) }
        }
    }
}
