import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Checks, through the admin API, that the server still holds what it acknowledged to the fleet.
struct ServerAudit {
    let client: HTTPClient
    let server: URL
    let adminToken: String

    /// Acknowledged records the server does not hold: for each device, how far the server's record
    /// count (`GET /v1/devices`) falls short of the records it acknowledged as stored.
    func missing(_ accounts: [DeviceAccount]) async throws -> Int {
        var request = HTTPClientRequest(url: server.appendingPathComponent("v1/devices").absoluteString)
        request.headers.add(name: "Authorization", value: "Bearer \(adminToken)")
        let response = try await client.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 64 * 1024 * 1024)
        guard response.status == .ok, let object = try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any],
            let devices = object["devices"] as? [[String: Any]]
        else {
            throw FleetError.auditFailed(status: Int(response.status.code), server: server.absoluteString)
        }
        var counts: [String: Int] = [:]
        for device in devices {
            guard let install = device["install_id"] as? String, let count = device["record_count"] as? Int else { continue }
            counts[install.uppercased(), default: 0] += count
        }
        return accounts.reduce(0) { sum, account in
            sum + max(0, account.tally.stored.count - (counts[account.installID.uuidString.uppercased()] ?? 0))
        }
    }
}
