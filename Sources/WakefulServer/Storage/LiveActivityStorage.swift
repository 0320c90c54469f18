import Foundation
import WakefulAPNs  // LiveActivityPush.Event

/// Where the server keeps Live Activity tokens and the ActivityKit pushes it sent: the Live
/// Activity side of the storage seam.
///
/// A device has at most one push-to-start token (LIVE-4) and one update token per activity
/// (LIVE-5); a new one replaces the old. ``insertLiveActivityPush(_:limit:)`` counts and inserts in
/// one transaction serialised per device, as ``PushStorage/insertWake(_:limit:)`` does, so the
/// budgets hold across server instances sharing one database.
public protocol LiveActivityStorage: Sendable {
    /// Stores `token`, replacing the device's token of the same kind and activity, at `time`.
    func setLiveActivityToken(_ token: LiveActivityToken, at time: TimeInterval) async throws

    /// The device's push-to-start token (`activity` nil) or an activity's update token.
    func liveActivityToken(deviceID: UUID, activity: String?) async throws -> StoredLiveActivityToken?

    /// Marks the token invalid as of `time` (APNs's 410 timestamp) unless the device sent a newer one since.
    ///
    /// - Returns: Whether it was invalidated.
    func invalidateLiveActivityToken(deviceID: UUID, activity: String?, token: String, asOf time: TimeInterval)
        async throws -> Bool

    /// Stores a push about to be sent, unless the pushes counted with it within `limit`'s window
    /// reach its count: push-to-start pushes of the device (LIVE-4), or priority-10 updates of the
    /// activity (LIVE-6). Pushes APNs refused do not count.
    func insertLiveActivityPush(_ push: NewLiveActivityPush, limit: WakeRateLimit?) async throws -> WakeInsertion

    /// Records APNs's answer to the push `id`.
    func finishLiveActivityPush(id: UUID, result: LiveActivityPushResult) async throws

    /// The device's tokens and its newest `limit` pushes.
    func liveActivities(deviceID: UUID, limit: Int) async throws -> LiveActivityOverview
}

/// A Live Activity token a device sent.
public struct LiveActivityToken: Sendable, Hashable {
    public var deviceID: UUID
    /// The activity's name for an update token; nil for the push-to-start token.
    public var activity: String?
    /// Lower-case hex.
    public var token: String
    public var environment: APNsRegistration.Environment

    /// A token.
    public init(deviceID: UUID, activity: String?, token: String, environment: APNsRegistration.Environment) {
        self.deviceID = deviceID
        self.activity = activity
        self.token = token
        self.environment = environment
    }
}

/// A stored token.
public struct StoredLiveActivityToken: Sendable, Hashable {
    public var token: LiveActivityToken
    /// When the device sent it, seconds since 1970.
    public var updatedAt: TimeInterval
    /// When APNs said it is no longer valid, or nil.
    public var invalidatedAt: TimeInterval?

    /// A stored token.
    public init(token: LiveActivityToken, updatedAt: TimeInterval, invalidatedAt: TimeInterval?) {
        self.token = token
        self.updatedAt = updatedAt
        self.invalidatedAt = invalidatedAt
    }
}

/// An ActivityKit push the server is about to send.
public struct NewLiveActivityPush: Sendable, Hashable {
    public var id: UUID
    public var deviceID: UUID
    public var activity: String
    /// `start`, `update` or `end`.
    public var event: LiveActivityPush.Event
    /// 5 or 10.
    public var priority: Int
    /// When it was made, seconds since 1970: the time the budgets count.
    public var createdAt: TimeInterval

    /// A push.
    public init(
        id: UUID = UUID(), deviceID: UUID, activity: String, event: LiveActivityPush.Event, priority: Int,
        createdAt: TimeInterval
    ) {
        self.id = id
        self.deviceID = deviceID
        self.activity = activity
        self.event = event
        self.priority = priority
        self.createdAt = createdAt
    }

    /// Whether a budget counts it: push-to-start pushes (LIVE-4), priority-10 updates (LIVE-6).
    var isBudgeted: Bool { event == .start || (event == .update && priority == 10) }
}

/// APNs's answer to a push.
public struct LiveActivityPushResult: Sendable, Hashable {
    /// `delivered` (APNs took it), `failed` (APNs refused it) or `unsent` (no answer).
    public var state: String
    /// The HTTP status, when APNs answered.
    public var status: Int?
    /// APNs's reason, or what went wrong.
    public var reason: String?
    /// The `apns-id`.
    public var apnsID: String
    /// When the answer came, seconds since 1970.
    public var answeredAt: TimeInterval

    /// A result.
    public init(state: String, status: Int?, reason: String?, apnsID: String, answeredAt: TimeInterval) {
        self.state = state
        self.status = status
        self.reason = reason
        self.apnsID = apnsID
        self.answeredAt = answeredAt
    }
}

/// A push with its answer, as the server lists it.
public struct StoredLiveActivityPush: Sendable, Hashable {
    public var push: NewLiveActivityPush
    /// `sending` until APNs answered, then the answer's state.
    public var state: String
    public var result: LiveActivityPushResult?

    /// A stored push.
    public init(push: NewLiveActivityPush, state: String, result: LiveActivityPushResult?) {
        self.push = push
        self.state = state
        self.result = result
    }
}

/// A device's Live Activity tokens and pushes.
public struct LiveActivityOverview: Sendable, Hashable {
    /// The push-to-start token, if the device sent one.
    public var pushToStart: StoredLiveActivityToken?
    /// The update tokens, by activity name.
    public var updateTokens: [StoredLiveActivityToken]
    /// The newest pushes first.
    public var pushes: [StoredLiveActivityPush]

    /// An overview.
    public init(
        pushToStart: StoredLiveActivityToken?, updateTokens: [StoredLiveActivityToken], pushes: [StoredLiveActivityPush]
    ) {
        self.pushToStart = pushToStart
        self.updateTokens = updateTokens
        self.pushes = pushes
    }
}
