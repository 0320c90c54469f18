import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Checks, through the admin API, that the server still holds what it acknowledged to the fleet.
struct ServerAudit {
    let client: HTTPClient
    let server: URL
    let adminToken: String

    /// Fails at once, before any device runs, when the server refuses the admin token or cannot be
    /// reached: the audit at the end would otherwise fail only after the whole simulated run.
    func checkAccess() async throws {
        _ = try await devices()
    }

    /// Acknowledged records the server does not hold: for each device, how far the server's record
    /// count (`GET /v1/devices`) falls short of the records it acknowledged as stored.
    func missing(_ accounts: [DeviceAccount]) async throws -> Int {
        var counts: [String: Int] = [:]
        for device in try await devices() {
            guard let install = device["install_id"] as? String, let count = device["record_count"] as? Int else {
                continue
            }
            counts[install.uppercased(), default: 0] += count
        }
        return accounts.reduce(0) { sum, account in
            sum + max(0, account.tally.stored.count - (counts[account.installID.uuidString.uppercased()] ?? 0))
        }
    }

    /// `GET /v1/devices` with the admin token: the devices as JSON objects.
    private func devices() async throws -> [[String: Any]] {
        var request = HTTPClientRequest(url: server.appendingPathComponent("v1/devices").absoluteString)
        request.headers.add(name: "Authorization", value: "Bearer \(adminToken)")
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: .seconds(30))
        } catch {
            throw FleetError.serverUnreachable(server: server.absoluteString, reason: "\(error)")
        }
        let body = try await response.body.collect(upTo: 64 * 1024 * 1024)
        if response.status == .unauthorized || response.status == .forbidden {
            throw FleetError.adminTokenRefused(status: Int(response.status.code), server: server.absoluteString)
        }
        guard response.status == .ok,
            let object = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any],
            let devices = object["devices"] as? [[String: Any]]
        else {
            throw FleetError.auditFailed(status: Int(response.status.code), server: server.absoluteString)
        }
        return devices
    }
}
