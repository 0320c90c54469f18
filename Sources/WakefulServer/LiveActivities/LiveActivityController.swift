import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Wakeful
import WakefulAPNs

/// Live Activities: a device sends its tokens (`PUT /v1/devices/me/live-activities/push-to-start`,
/// `PUT /v1/devices/me/live-activities/{activity}/token`); the admin starts an activity by
/// push-to-start (`POST /v1/devices/{id}/live-activities`), updates and ends it by push (`POST
/// /v1/devices/{id}/live-activities/{activity}/update` and `…/end`) and lists them (`GET
/// /v1/devices/{id}/live-activities`, also the device itself).
///
/// Pushes go out at once through the APNs client, `apns-push-type: liveactivity` on
/// `<bundle ID>.push-type.liveactivity`, within the device's budgets as iOS keeps them: at most
/// ``PushSettings/pushToStartLimit`` push-to-start pushes per device (LIVE-4) and
/// ``PushSettings/priority10Limit`` priority-10 updates per activity (LIVE-6), 429 beyond.
struct LiveActivityController<Context: RequestContext>: Sendable {
    let storage: any ServerStorage
    let liveActivityStorage: (any LiveActivityStorage)?
    let authenticator: Authenticator
    let configuration: ServerConfiguration
    let sender: LiveActivitySender?

    /// How many pushes a listing shows.
    static var listedPushes: Int { 100 }

    func addRoutes(to router: Router<Context>) {
        router.put("/v1/devices/me/live-activities/push-to-start", use: setPushToStartToken)
        router.put("/v1/devices/me/live-activities/{activity}/token", use: setUpdateToken)
        router.post("/v1/devices/{id}/live-activities", use: start)
        router.post("/v1/devices/{id}/live-activities/{activity}/update", use: update)
        router.post("/v1/devices/{id}/live-activities/{activity}/end", use: end)
        router.get("/v1/devices/{id}/live-activities", use: list)
    }

    // MARK: The device's tokens

    /// The device's push-to-start token (LIVE-4): 200 with what was stored.
    @Sendable func setPushToStartToken(_ request: Request, context: Context) async throws -> Response {
        try await setToken(request, activity: nil)
    }

    /// An activity's update token (LIVE-5): 200 with what was stored.
    @Sendable func setUpdateToken(_ request: Request, context: Context) async throws -> Response {
        try await setToken(request, activity: try LiveActivityName.parameter(context))
    }

    private func setToken(_ request: Request, activity: String?) async throws -> Response {
        let device = try await authenticator.caller(of: request).requireDevice()
        let body = try await JSONRequest.body(of: request, limit: configuration.limits.maximumBodyBytes)
        if let unknown = body.object.members.first(where: { !["token", "environment"].contains($0.key) }) {
            throw APIError.invalid(unknown.key, "unknown member; expected only token, environment")
        }
        let token = try body.string("token", maximumLength: 64).lowercased()
        guard token.utf8.count == 64, token.allSatisfy(\.isHexDigit) else {
            throw APIError.invalid("token", "expected the token as 64 hex digits")
        }
        let environmentName = try body.string("environment")
        guard let environment = APNsRegistration.Environment(rawValue: environmentName) else {
            throw APIError.invalid("environment", "expected \"sandbox\" or \"production\"")
        }
        let storage = try requireStorage()
        let time = configuration.clock.now.timeIntervalSince1970
        let stored = LiveActivityToken(deviceID: device.id, activity: activity, token: token, environment: environment)
        try await storage.setLiveActivityToken(stored, at: time)
        return .json(Self.token(StoredLiveActivityToken(token: stored, updatedAt: time, invalidatedAt: nil)))
    }

    // MARK: The admin's pushes

    /// Starts an activity by push-to-start (LIVE-4).
    @Sendable func start(_ request: Request, context: Context) async throws -> Response {
        try await send(request, context: context, event: .start)
    }

    /// Updates an activity (LIVE-5, LIVE-6).
    @Sendable func update(_ request: Request, context: Context) async throws -> Response {
        try await send(request, context: context, event: .update)
    }

    /// Ends an activity (LIVE-3).
    @Sendable func end(_ request: Request, context: Context) async throws -> Response {
        try await send(request, context: context, event: .end)
    }

    private func send(_ request: Request, context: Context, event: LiveActivityPush.Event) async throws -> Response {
        try await authenticator.caller(of: request).requireAdmin()
        let id = try PathParameter.deviceID(context)
        let activity = event == .start ? nil : try LiveActivityName.parameter(context)
        let body = try await LiveActivityPushRequest.read(
            request, event: event, activity: activity, limit: configuration.limits.maximumBodyBytes)
        guard let device = try await storage.device(id: id) else {
            throw APIError.notFound("no device \(id.uuidString)")
        }
        if let revoked = device.revokedAt {
            throw APIError(
                .conflict, "device_revoked",
                "the device was revoked at \(WakeResolution.stamp(revoked)); nothing is sent to it")
        }
        let storage = try requireStorage()
        guard let sender else { throw WakeController<Context>.noCredentials(true) }
        let token = try await requireToken(storage, deviceID: id, activity: event == .start ? nil : body.activity)
        let now = configuration.clock.now.timeIntervalSince1970
        let push = try body.push(to: token, now: now)
        let stored = NewLiveActivityPush(
            deviceID: id, activity: body.activity, event: event, priority: body.priority, createdAt: now)
        let limit = event == .start ? configuration.push.pushToStartLimit : configuration.push.priority10Limit
        if case .refused(let refusal) = try await storage.insertLiveActivityPush(stored, limit: limit) {
            throw Self.refusal(refusal, event: event, now: now)
        }
        switch await sender.send(push, stored: stored, token: token, bundleID: device.bundleID) {
        case .delivered(let apnsID):
            context.logger.info(
                "live activity push sent",
                metadata: ["device_id": .string(id.uuidString), "event": .string(event.rawValue)])
            return .json(Self.push(stored, state: "delivered", apnsID: apnsID))
        case .failed(let state, let status, let reason, let retryAfter):
            var error = APIError(
                .badGateway, state == "failed" ? "apns_rejected" : "apns_unavailable",
                "APNs \(state == "failed" ? "refused" : "did not take") the push: \(status.map { "\($0) " } ?? "")\(reason)"
            )
            if let retryAfter { error.headers[.retryAfter] = String(max(1, Int(retryAfter.secondsValue.rounded(.up)))) }
            throw error
        }
    }

    /// The token to send to, or 409 saying which one the device has not sent.
    private func requireToken(_ storage: any LiveActivityStorage, deviceID: UUID, activity: String?) async throws
        -> StoredLiveActivityToken
    {
        guard let token = try await storage.liveActivityToken(deviceID: deviceID, activity: activity) else {
            throw activity.map {
                APIError(
                    .conflict, "no_update_token",
                    "the device sent no update token for \"\($0)\"; the app must send it (PUT /v1/devices/me/live-activities/\($0)/token) from the activity's pushTokenUpdates",
                    field: "activity")
            }
                ?? APIError(
                    .conflict, "no_push_to_start_token",
                    "the device sent no push-to-start token; the app must send it (PUT /v1/devices/me/live-activities/push-to-start) from pushToStartTokenUpdates, iOS 17.2 or later"
                )
        }
        if let invalidated = token.invalidatedAt {
            throw APIError(
                .conflict, "token_invalidated",
                "APNs reported the token invalid as of \(WakeResolution.stamp(invalidated)); the app must send a new one"
            )
        }
        return token
    }

    /// 429 with the budget and when a push fits again.
    static func refusal(_ refusal: WakeRateLimit.Refusal, event: LiveActivityPush.Event, now: TimeInterval)
        -> APIError
    {
        let window = refusal.limit.windowDescription
        let next = RFC3339Time.string(fromSecondsSince1970: refusal.nextAllowedAt) ?? "\(refusal.nextAllowedAt)"
        let what =
            event == .start
            ? "push-to-start pushes to this device (LIVE-4: iOS starts no more)"
            : "priority-10 updates of this activity (LIVE-6: iOS shows no more; send it at priority 5)"
        var error = APIError(
            .tooManyRequests, "rate_limited",
            "\(refusal.conflicting) \(what) within the \(window) (limit \(refusal.limit.count) per \(window)); next allowed at \(next)",
            field: event == .start ? nil : "priority")
        error.headers[.retryAfter] = String(max(1, Int((refusal.nextAllowedAt - now).rounded(.up))))
        return error
    }

    // MARK: Listing

    /// The device's tokens and newest pushes (the admin, or the device itself).
    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let caller = try await authenticator.caller(of: request)
        let id = try PathParameter.deviceID(context)
        guard caller.mayRead(id), try await storage.device(id: id) != nil else {
            throw APIError.notFound("no device \(id.uuidString)")
        }
        let overview = try await requireStorage().liveActivities(deviceID: id, limit: Self.listedPushes)
        return .json([
            "device_id": .string(id.uuidString), "push_to_start": overview.pushToStart.map(Self.token) ?? .null,
            "update_tokens": .array(overview.updateTokens.map(Self.token)),
            "pushes": .array(
                overview.pushes.map { Self.push($0.push, state: $0.state, apnsID: $0.result?.apnsID, $0.result) }),
        ])
    }

    private func requireStorage() throws(APIError) -> any LiveActivityStorage {
        guard let liveActivityStorage else { throw WakeController<Context>.noCredentials(false) }
        return liveActivityStorage
    }

    // MARK: JSON

    static func token(_ stored: StoredLiveActivityToken) -> JSONValue {
        .object([
            "activity": stored.token.activity.map(JSONValue.string) ?? .null, "token": .string(stored.token.token),
            "environment": .string(stored.token.environment.rawValue), "updated_at": .time(stored.updatedAt),
            "invalidated_at": .time(stored.invalidatedAt),
        ])
    }

    static func push(
        _ push: NewLiveActivityPush, state: String, apnsID: String?, _ result: LiveActivityPushResult? = nil
    ) -> JSONValue {
        .object([
            "push_id": .string(push.id.uuidString), "device_id": .string(push.deviceID.uuidString),
            "activity": .string(push.activity), "event": .string(push.event.rawValue), "priority": .int(push.priority),
            "created_at": .time(push.createdAt), "state": .string(state),
            "apns_id": apnsID.map(JSONValue.string) ?? .null,
            "status": result?.status.map(JSONValue.int) ?? .null,
            "reason": result?.reason.map(JSONValue.string) ?? .null,
        ])
    }
}
