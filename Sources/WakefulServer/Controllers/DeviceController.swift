import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Wakeful
import WakefulAPNs  // Duration.secondsValue

/// `POST /v1/devices/register`, `PUT /v1/devices/me/apns`, `DELETE /v1/devices/{id}`.
struct DeviceController<Context: RemoteAddressRequestContext>: Sendable {
    let storage: any ServerStorage
    let authenticator: Authenticator
    let configuration: ServerConfiguration
    let rateLimit: RegistrationRateLimit

    func addRoutes(to router: Router<Context>) {
        router.post("/v1/devices/register", use: register)
        router.put("/v1/devices/me/apns", use: setAPNs)
        router.delete("/v1/devices/{id}", use: revoke)
    }

    /// Registers an install: 201 `{"device_id":…,"token":…}`.
    ///
    /// Who may (RunningTheServer.md, "Registration"): the admin always; a device presenting its
    /// own current token, to rotate it; anyone else only for an install not registered yet, and
    /// only as ``ServerConfiguration/registration`` allows. Everyone but the admin is
    /// rate-limited per source address, before the body or the token is looked at.
    @Sendable func register(_ request: Request, context: Context) async throws -> Response {
        let presented = try authenticator.presentedTokenHash(of: request)
        let isAdmin = presented.map(authenticator.isAdmin(tokenHash:)) ?? false
        if !isAdmin { try await takeRegistration(from: context) }
        let caller: Caller? = if let presented { try await authenticator.caller(tokenHash: presented) } else { nil }
        let body = try await JSONRequest.body(of: request, limit: configuration.limits.maximumBodyBytes)
        let registration = DeviceRegistration(
            installID: try body.uuid("install_id"), bundleID: try body.string("bundle_id"),
            appVersion: try body.string("app_version", maximumLength: 64),
            osVersion: try body.string("os_version", maximumLength: 64),
            apns: try body.optionalObject("apns")?.apnsRegistration())
        let existing: ExistingInstall
        switch caller {
        case .admin: existing = .replace
        case .device(let device):
            guard device.installID == registration.installID else {
                throw APIError(
                    .forbidden, "install_mismatch",
                    "the token belongs to another install; rotate a token with the same install_id, or register without a token",
                    field: "install_id")
            }
            existing = .rotate(currentTokenHash: presented ?? "")
        case nil:
            try requireRegistrationAllowed(request)
            existing = .refuse
        }
        let token = BearerToken.generate()
        let deviceID: UUID
        do {
            deviceID = try await storage.register(
                registration, tokenHash: BearerToken.hash(token), at: configuration.clock.now.timeIntervalSince1970,
                existing: existing)
        } catch let error as ServerStorageError where error.code == .deviceRevoked {
            throw APIError.revoked
        } catch let error as ServerStorageError where error.code == .installRegistered {
            throw APIError(
                .conflict, "install_registered",
                "install \(registration.installID.uuidString) is already registered; send its current token (Authorization: Bearer) to rotate it, or ask the admin to register it again",
                field: "install_id")
        }
        context.logger.info(
            "device registered",
            metadata: ["device_id": .string(deviceID.uuidString), "by": .string(caller.map(\.kindName) ?? "newcomer")])
        return .json(["device_id": .string(deviceID.uuidString), "token": .string(token)], status: .created)
    }

    /// Counts a registration against the client's address: 429 with `Retry-After` beyond the limit.
    private func takeRegistration(from context: Context) async throws {
        // Router tests have no peer; they share one bucket.
        let address = context.remoteAddress?.ipAddress ?? "unknown"
        guard let wait = await rateLimit.take(address, now: configuration.clock.elapsed) else { return }
        let seconds = max(1, Int(wait.secondsValue.rounded(.up)))
        var error = APIError(
            .tooManyRequests, "too_many_registrations",
            "at most \(configuration.limits.registrationsPerMinute) registrations a minute from one address; retry after \(seconds) s"
        )
        error.headers[.retryAfter] = String(seconds)
        throw error
    }

    /// For a caller without a token: passes when the policy lets newcomers register.
    private func requireRegistrationAllowed(_ request: Request) throws(APIError) {
        switch configuration.registration {
        case .open: return
        case .secret(let secret):
            guard let presented = request.headers[.registrationSecret] else {
                throw APIError(
                    .forbidden, "registration_secret_required",
                    "this server registers new installs only with the Wakeful-Registration-Secret header",
                    field: "Wakeful-Registration-Secret")
            }
            guard RegistrationPolicy.matches(presented, secret: secret) else {
                throw APIError(
                    .forbidden, "registration_secret_invalid", "the registration secret is wrong",
                    field: "Wakeful-Registration-Secret")
            }
        case .closed:
            throw APIError(.forbidden, "registration_closed", "this server registers installs only for the admin token")
        }
    }

    /// Sets the calling device's APNs token: 200 with what was stored.
    @Sendable func setAPNs(_ request: Request, context: Context) async throws -> Response {
        let device = try await authenticator.caller(of: request).requireDevice()
        let registration = try await JSONRequest.body(of: request, limit: configuration.limits.maximumBodyBytes)
            .apnsRegistration()
        let time = configuration.clock.now.timeIntervalSince1970
        try await storage.setAPNsToken(registration, deviceID: device.id, at: time)
        return .json([
            "device_id": .string(device.id.uuidString), "token": .string(registration.token),
            "environment": .string(registration.environment.rawValue), "topic": .string(registration.topic),
            "updated_at": .time(time),
        ])
    }

    /// Revokes a device (admin): 200 `{"device_id":…,"revoked":true}`, or 404.
    @Sendable func revoke(_ request: Request, context: Context) async throws -> Response {
        try await authenticator.caller(of: request).requireAdmin()
        let id = try PathParameter.deviceID(context)
        guard try await storage.revoke(deviceID: id, at: configuration.clock.now.timeIntervalSince1970) else {
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
        let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
            .lowercased()
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

extension HTTPField.Name {
    /// `Wakeful-Registration-Secret`: the secret of `serve --registration secret`.
    static let registrationSecret = HTTPField.Name("Wakeful-Registration-Secret")!
}

extension Caller {
    /// "admin" or "device", for the logs.
    var kindName: String {
        switch self {
        case .admin: "admin"
        case .device: "device"
        }
    }
}
