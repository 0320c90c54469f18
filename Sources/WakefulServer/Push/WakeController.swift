import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Wakeful
import WakefulAPNs  // WallClock

/// `POST /v1/devices/{id}/wakes` (admin): wake a device now or later, within the per-device rate
/// limit; `GET /v1/devices/{id}/wakes`: its wakes with their APNs attempts.
struct WakeController<Context: RequestContext>: Sendable {
    let storage: any ServerStorage
    let pushStorage: (any PushStorage)?
    let authenticator: Authenticator
    let configuration: ServerConfiguration
    let dispatcher: PushDispatcher?
    let metrics: ServerMetrics

    func addRoutes(to router: Router<Context>) {
        router.post("/v1/devices/{id}/wakes", use: create)
        router.get("/v1/devices/{id}/wakes", use: list)
    }

    /// 202 with the scheduled wake; 429 over the rate limit; 409 when the device cannot be pushed to.
    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        try await authenticator.caller(of: request).requireAdmin()
        let id = try PathParameter.deviceID(context)
        let body = try await WakeRequest.read(request, limit: configuration.limits.maximumBodyBytes)
        let now = configuration.clock.now.timeIntervalSince1970
        let wake = try body.wake(deviceID: id, now: now, defaultExpiration: configuration.push.defaultExpiration)
        guard let device = try await storage.device(id: id) else {
            throw APIError.notFound("no device \(id.uuidString)")
        }
        guard let pushStorage, dispatcher != nil else { try await refuse(Self.noCredentials(pushStorage != nil)) }
        if let revoked = device.revokedAt {
            try await refuse(
                APIError(
                    .conflict, "device_revoked",
                    "the device was revoked at \(WakeResolution.stamp(revoked)); it cannot be woken"))
        }
        guard let apns = try await storage.apnsToken(deviceID: id) else {
            try await refuse(
                APIError(
                    .conflict, "no_apns_token",
                    "the device has no APNs token; the app must send one (PUT /v1/devices/me/apns)"))
        }
        if let invalidated = apns.invalidatedAt {
            try await refuse(
                APIError(
                    .conflict, "apns_token_invalidated",
                    "APNs reported the device's token invalid as of \(WakeResolution.stamp(invalidated)) (see GET /v1/devices/\(id.uuidString)/wakes); the app must register a new token (PUT /v1/devices/me/apns)"
                ))
        }
        switch try await pushStorage.insertWake(wake, limit: configuration.push.wakeLimit) {
        case .refused(let refusal):
            var error = APIError(.tooManyRequests, "rate_limited", refusal.message)
            error.headers[.retryAfter] = String(max(1, Int((refusal.nextAllowedAt - now).rounded(.up))))
            try await refuse(error, reason: "rate_limit")
        case .stored:
            break
        }
        if wake.scheduledAt <= now { dispatcher?.wakeUp() }
        context.logger.info(
            "wake scheduled", metadata: ["device_id": .string(id.uuidString), "wake_id": .string(wake.id.uuidString)])
        let stored = StoredWake(wake: wake, state: .scheduled, nextAttemptAt: wake.scheduledAt, attemptCount: 0)
        return .json(
            WakeJSON.wake(stored), status: .accepted, headers: [.location: "/v1/devices/\(id.uuidString)/wakes"])
    }

    /// A device's wakes, newest first, with their attempts (admin, or the device itself).
    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let caller = try await authenticator.caller(of: request)
        let id = try PathParameter.deviceID(context)
        let query = try RecordQueryParameters.read(
            request, limits: configuration.limits, allowsKind: false, allowsCursor: false)
        guard caller.mayRead(id), try await storage.device(id: id) != nil else {
            throw APIError.notFound("no device \(id.uuidString)")
        }
        let wakes = try await pushStorage?.wakes(deviceID: id, from: query.from, to: query.to, limit: query.limit) ?? []
        return .json(["device_id": .string(id.uuidString), "wakes": .array(wakes.map(WakeJSON.wake))])
    }

    /// Counts the refusal, then answers with it.
    private func refuse(_ error: APIError, reason: String? = nil) async throws -> Never {
        await metrics.noteWakeRefused(reason: reason ?? error.code)
        throw error
    }

    /// 503: the server cannot send pushes as configured.
    static func noCredentials(_ hasStorage: Bool) -> APIError {
        var error =
            hasStorage
            ? APIError(
                .serviceUnavailable, "no_apns_credentials",
                "the server has no APNs credentials; restart it with --apns-key-file AuthKey_KEYID.p8 --apns-key-id KEYID --apns-team-id TEAMID"
            )
            : APIError(
                .serviceUnavailable, "pushes_unsupported",
                "this server's storage engine does not keep wakes; use the SQLite or the PostgreSQL storage")
        error.headers[.retryAfter] = "3600"
        return error
    }
}

/// The JSON forms of wakes and attempts.
enum WakeJSON {
    /// A wake with its attempts.
    static func wake(_ stored: StoredWake) -> JSONValue {
        .object([
            "wake_id": .string(stored.wake.id.uuidString), "device_id": .string(stored.wake.deviceID.uuidString),
            "state": .string(stored.state.rawValue), "scheduled_at": .time(stored.wake.scheduledAt),
            "expires_at": .time(stored.wake.expiresAt), "created_at": .time(stored.wake.createdAt),
            "next_attempt_at": stored.state == .scheduled ? .time(stored.nextAttemptAt) : .null,
            "delivered_at": .time(stored.deliveredAt), "note": stored.wake.note.map(JSONValue.string) ?? .null,
            "collapse_id": stored.wake.collapseID.map(JSONValue.string) ?? .null,
            "reason": stored.reason.map(JSONValue.string) ?? .null,
            "attempts": .array(stored.attempts.map(attempt)),
        ])
    }

    /// One APNs attempt.
    static func attempt(_ attempt: StoredPushAttempt) -> JSONValue {
        .object([
            "wake_id": .string(attempt.wakeID.uuidString), "apns_id": .string(attempt.apnsID),
            "status": attempt.status.map(JSONValue.int) ?? .null,
            "reason": attempt.reason.map(JSONValue.string) ?? .null,
            "latency_ms": .double((attempt.latency * 1000 * 1000).rounded() / 1000),
            "attempted_at": .time(attempt.attemptedAt),
            "outcome": .string(attempt.outcome),
        ])
    }
}
