import Foundation
import HTTPTypes
import Hummingbird

/// Who sent a request, as its bearer token says.
enum Caller: Sendable {
    /// The admin token.
    case admin
    /// A registered, unrevoked device's token.
    case device(StoredDevice)

    /// The device, or 403 for the admin on a device-only route.
    func requireDevice() throws(APIError) -> StoredDevice {
        guard case .device(let device) = self else {
            throw APIError(.forbidden, "forbidden", "this route needs a device token, not the admin token")
        }
        return device
    }

    /// Passes for the admin, 403 for a device.
    func requireAdmin() throws(APIError) {
        guard case .admin = self else { throw APIError.adminOnly }
    }

    /// Whether the caller may read `deviceID`'s data; a device may read only its own.
    func mayRead(_ deviceID: UUID) -> Bool {
        switch self {
        case .admin: true
        case .device(let device): device.id == deviceID
        }
    }
}

/// Resolves `Authorization: Bearer <token>` to a ``Caller``.
struct Authenticator: Sendable {
    let storage: any ServerStorage
    let adminTokenHash: String

    init(storage: any ServerStorage, adminToken: String) {
        self.storage = storage
        self.adminTokenHash = BearerToken.hash(adminToken)
    }

    /// The caller, or 401 (no or unknown token) or 410 (revoked device).
    func caller(of request: Request) async throws -> Caller {
        guard let hash = try presentedTokenHash(of: request) else {
            throw APIError.unauthorized("missing_credentials", "expected an Authorization: Bearer <token> header")
        }
        return try await caller(tokenHash: hash)
    }

    /// The SHA-256 of the request's bearer token, nil without an `Authorization` header, or 401
    /// for a malformed one.
    func presentedTokenHash(of request: Request) throws(APIError) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty else {
            throw APIError.unauthorized(
                "malformed_credentials", "expected the Authorization header as \"Bearer <token>\"")
        }
        // Compare hashes, not tokens: the comparison's time then tells nothing about the token.
        return BearerToken.hash(String(parts[1]))
    }

    /// Whether `tokenHash` is the admin token's.
    func isAdmin(tokenHash: String) -> Bool { tokenHash == adminTokenHash }

    /// The caller whose token hashes to `tokenHash`, or 401 (unknown) or 410 (revoked device).
    func caller(tokenHash hash: String) async throws -> Caller {
        if isAdmin(tokenHash: hash) { return .admin }
        guard let device = try await storage.device(tokenHash: hash) else {
            throw APIError.unauthorized(
                "invalid_credentials",
                "the token is unknown: it was never issued, or the device was registered again since; use the token of the latest registration, or register a new install ID"
            )
        }
        guard device.revokedAt == nil else { throw APIError.revoked }
        return .device(device)
    }
}
