import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Wakeful

/// `POST /v1/devices/register`, `PUT /v1/devices/me/apns`, `DELETE /v1/devices/{id}`.
struct DeviceController<Context: RequestContext>: Sendable {
    let storage: any ServerStorage
    let authenticator: Authenticator
    let configuration: ServerConfiguration

    func addRoutes(to router: Router<Context>) {
        router.post("/v1/devices/register", use: register)
        router.put("/v1/devices/me/apns", use: setAPNs)
        router.delete("/v1/devices/{id}", use: revoke)
    }

    /// Registers an install: 201 `{"device_id":…,"token":…}`; a new token for a known install.
    @Sendable func register(_ request: Request, context: Context) async throws -> Response {
        let body = try await JSONRequest.body(of: request, limit: configuration.limits.maximumBodyBytes)
        let registration = DeviceRegistration(
            installID: try body.uuid("install_id"), bundleID: try body.string("bundle_id"),
            appVersion: try body.string("app_version", maximumLength: 64), osVersion: try body.string("os_version", maximumLength: 64),
            apns: try body.optionalObject("apns")?.apnsRegistration())
        let token = BearerToken.generate()
        let deviceID: UUID
        do {
            deviceID = try await storage.register(registration, tokenHash: BearerToken.hash(token), at: configuration.now())
        } catch ServerStorageError.deviceRevoked {
            throw APIError.revoked
        }
        context.logger.info("device registered", metadata: ["device_id": .string(deviceID.uuidString)])
        return .json(["device_id": .string(deviceID.uuidString), "token": .string(token)], status: .created)
    }

    /// Sets the calling device's APNs token: 200 with what was stored.
    @Sendable func setAPNs(_ request: Request, context: Context) async throws -> Response {
        let device = try await authenticator.caller(of: request).requireDevice()
        let registration = try await JSONRequest.body(of: request, limit: configuration.limits.maximumBodyBytes).apnsRegistration()
        let time = configuration.now()
        try await storage.setAPNsToken(registration, deviceID: device.id, at: time)
        return .json([
            "device_id": .string(device.id.uuidString), "token": .string(registration.token),
            "environment": .string(registration.environment.rawValue), "topic": .string(registration.topic), "updated_at": .time(time),
        ])
    }

    /// Revokes a device (admin): 200 `{"device_id":…,"revoked":true}`, or 404.
    @Sendable func revoke(_ request: Request, context: Context) async throws -> Response {
        try await authenticator.caller(of: request).requireAdmin()
        let id = try PathParameter.deviceID(context)
        guard try await storage.revoke(deviceID: id, at: configuration.now()) else {
            throw APIError.notFound("no device \(id.uuidString)")
        }
        context.logger.info("device revoked", metadata: ["device_id": .string(id.uuidString)])
        return .json(["device_id": .string(id.uuidString), "revoked": .bool(true)])
    }
}

/// Reading request bodies with a byte limit.
enum JSONRequest {
    /// The body as a JSON object, after checking the content type; at most `limit` bytes are read.
    static func body(of request: Request, limit: Int) async throws -> JSONBodyReader {
        try requireJSONContentType(request)
        let buffer = try await request.body.collect(upTo: limit)
        return try JSONBodyReader(parsing: buffer.readableBytesView)
    }

    /// 415 unless `Content-Type` is `application/json` (parameters such as `charset` allowed).
    static func requireJSONContentType(_ request: Request) throws(APIError) {
        let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/json" else {
            throw APIError(
                .unsupportedMediaType, "unsupported_media_type",
                "expected Content-Type: application/json, found \(request.headers[.contentType].map { "\"\($0)\"" } ?? "none")",
                field: "Content-Type")
        }
    }
}

/// Path parameters.
enum PathParameter {
    /// The `{id}` of a device route, or 400.
    static func deviceID(_ context: some RequestContext) throws(APIError) -> UUID {
        let text = context.parameters.get("id") ?? ""
        guard let id = UUID(uuidString: text) else {
            throw APIError.invalid("id", "expected a device ID (a UUID), found \"\(text.prefix(64))\"")
        }
        return id
    }
}
