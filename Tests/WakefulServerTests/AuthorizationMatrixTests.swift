import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import Wakeful
import WakefulServer
import WakefulTestSupport

/// Every authenticated route against every kind of caller.
@Suite("authorization matrix", .hangLimit, .watchdog)
struct AuthorizationMatrixTests {
    enum CallerKind: String, CaseIterable, Sendable {
        case none, malformed, unknown, revoked, otherDevice, ownDevice, admin
    }

    enum Route: String, CaseIterable, Sendable {
        case ingest = "POST /v1/ingest"
        case apns = "PUT /v1/devices/me/apns"
        case ownRecords = "GET /v1/devices/me/records"
        case devices = "GET /v1/devices"
        case revoke = "DELETE /v1/devices/{id}"
        case records = "GET /v1/devices/{id}/records"
        case timeline = "GET /v1/devices/{id}/timeline"
        case recordsExport = "GET /v1/devices/{id}/records.ndjson"
        case allRecordsExport = "GET /v1/records.ndjson"
        /// Taking over the target's install: registering its install_id again.
        case takeover = "POST /v1/devices/register with the target's install_id"
    }

    /// The expected status; `me` routes act on the caller's own device, so another device's token
    /// there is simply that device.
    static func expected(_ route: Route, _ caller: CallerKind) -> Int {
        switch caller {
        case .none: return route == .takeover ? 409 : 401  // registering needs no token, but the install is taken
        case .malformed, .unknown: return 401
        case .revoked: return 410
        case .otherDevice:
            switch route {
            case .apns, .ownRecords: return 200
            case .ingest: return 401  // the batch's install is the target device's, not the caller's
            case .devices, .revoke: return 403
            case .records, .timeline: return 404
            case .recordsExport: return 404
            case .allRecordsExport: return 403
            case .takeover: return 403  // a token rotates only its own install
            }
        case .ownDevice:
            switch route {
            case .devices, .revoke: return 403
            case .allRecordsExport: return 403
            case .takeover: return 201  // a rotation
            default: return 200
            }
        case .admin:
            switch route {
            case .ingest, .apns, .ownRecords: return 403
            case .takeover: return 201  // the admin may re-register any install
            default: return 200
            }
        }
    }

    @Test("status by route and caller", arguments: Route.allCases, CallerKind.allCases)
    func matrix(_ route: Route, _ caller: CallerKind) async throws {
        try await ServerHarness.withServer { harness, client in
            let target = try await client.register()
            let other = try await client.register()
            let revoked = try await client.register()
            #expect(try await harness.storage.revoke(deviceID: revoked.id, at: ServerHarness.now))
            let authorization: String? =
                switch caller {
                case .none: nil
                case .malformed: "Token \(target.token)"
                case .unknown: "Bearer \(BearerToken.generate())"
                case .revoked: "Bearer \(revoked.token)"
                case .otherDevice: "Bearer \(other.token)"
                case .ownDevice: "Bearer \(target.token)"
                case .admin: "Bearer \(ServerHarness.adminToken)"
                }
            var headers: HTTPFields = [:]
            if let authorization { headers[.authorization] = authorization }
            let id = target.id.uuidString
            let response: TestResponse
            switch route {
            case .ingest:
                let batch = IngestBatch(
                    batchID: UUID(), installID: target.installID,
                    records: makeRecords(install: target.installID, count: 1))
                headers[.idempotencyKey] = batch.batchID.uuidString
                response = try await client.send(.post, "/v1/ingest", headers: headers, body: batch.jsonBytes())
            case .apns:
                let body = #"{"token":"0a1b2c","environment":"production","topic":"com.example.app"}"#
                response = try await client.send(.put, "/v1/devices/me/apns", headers: headers, body: Array(body.utf8))
            case .ownRecords: response = try await client.send(.get, "/v1/devices/me/records", headers: headers)
            case .devices: response = try await client.send(.get, "/v1/devices", headers: headers)
            case .revoke: response = try await client.send(.delete, "/v1/devices/\(id)", headers: headers)
            case .records: response = try await client.send(.get, "/v1/devices/\(id)/records", headers: headers)
            case .timeline: response = try await client.send(.get, "/v1/devices/\(id)/timeline", headers: headers)
            case .recordsExport:
                response = try await client.send(.get, "/v1/devices/\(id)/records.ndjson", headers: headers)
            case .allRecordsExport: response = try await client.send(.get, "/v1/records.ndjson", headers: headers)
            case .takeover:
                let body =
                    #"{"install_id":"\#(target.installID.uuidString)","bundle_id":"b","app_version":"1","os_version":"17"}"#
                response = try await client.send(
                    .post, "/v1/devices/register", headers: headers, body: Array(body.utf8))
            }
            #expect(
                Int(response.status.code) == Self.expected(route, caller),
                "\(route.rawValue) as \(caller): \(response.text)")
            #expect(response.errorCode != nil || response.status.kind == .successful, "\(response.text)")
            if route == .takeover, response.status.kind != .successful {
                // The target keeps its token and its data.
                #expect(try await client.send(.get, "/v1/devices/me/records", token: target.token).status == .ok)
            }
            if response.status == .unauthorized { #expect(response.headers[.wwwAuthenticate] == "Bearer") }
        }
    }

    @Test("a revoked device cannot register again, and re-registering an install with its token keeps its device")
    func reregistration() async throws {
        try await ServerHarness.withServer { harness, client in
            let first = try await client.register()
            let second = try await client.register(install: first.installID, token: first.token)
            #expect(second.id == first.id)
            #expect(second.token != first.token)
            let stale = try await client.send(.get, "/v1/devices/me/records", token: first.token)
            #expect(stale.status == .unauthorized)
            #expect(try await harness.storage.revoke(deviceID: first.id, at: ServerHarness.now))
            let body =
                #"{"install_id":"\#(first.installID.uuidString)","bundle_id":"b","app_version":"1","os_version":"17"}"#
            let again = try await client.send(.post, "/v1/devices/register", body: Array(body.utf8))
            #expect(again.status == .gone)
            #expect(again.errorCode == "device_revoked")
        }
    }
}
