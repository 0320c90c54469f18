import Foundation

/// Where a wake is in its life.
public enum WakeState: String, Sendable, Hashable, CaseIterable {
    /// Waiting for its time, or for a resend after APNs asked to wait.
    case scheduled
    /// Claimed by a server instance that is sending it now.
    case sending
    /// APNs accepted the push (200); whether the device woke is the timeline's business.
    case delivered
    /// Given up: APNs refused it for good, or the attempts ran out.
    case failed
    /// Its expiration passed before APNs accepted it.
    case expired

    /// The states whose wakes count against the rate limit: sent or still to be sent.
    static let counted: [WakeState] = [.scheduled, .sending, .delivered]
}

/// A wake as `POST /v1/devices/{id}/wakes` asks for it.
public struct NewWake: Sendable, Hashable {
    /// The wake's ID.
    public var id: UUID
    /// The device to wake.
    public var deviceID: UUID
    /// When to send, seconds since 1970.
    public var scheduledAt: TimeInterval
    /// `apns-expiration`: after this the wake is not sent, seconds since 1970.
    public var expiresAt: TimeInterval
    /// Free text for the operator, also sent as `wakeful_note` in the payload.
    public var note: String?
    /// `apns-collapse-id`.
    public var collapseID: String?
    /// When it was asked for, seconds since 1970.
    public var createdAt: TimeInterval

    /// Creates a wake request.
    public init(
        id: UUID = UUID(), deviceID: UUID, scheduledAt: TimeInterval, expiresAt: TimeInterval, note: String? = nil,
        collapseID: String? = nil, createdAt: TimeInterval
    ) {
        self.id = id
        self.deviceID = deviceID
        self.scheduledAt = scheduledAt
        self.expiresAt = expiresAt
        self.note = note
        self.collapseID = collapseID
        self.createdAt = createdAt
    }
}

/// A stored wake with its current state.
public struct StoredWake: Sendable, Hashable {
    /// What was asked for.
    public var wake: NewWake
    /// Where it is now.
    public var state: WakeState
    /// When the dispatcher will next try, seconds since 1970 (its time, or a resend's).
    public var nextAttemptAt: TimeInterval
    /// Dispatches made so far.
    public var attemptCount: Int
    /// Why it failed or expired, or the last answer that made it wait.
    public var reason: String?
    /// When APNs accepted it, seconds since 1970.
    public var deliveredAt: TimeInterval?
    /// The HTTP attempts, oldest first (filled by queries that say so).
    public var attempts: [StoredPushAttempt] = []
}

/// One HTTP request to APNs for a wake, as stored.
public struct StoredPushAttempt: Sendable, Hashable {
    /// The wake it was for.
    public var wakeID: UUID
    /// The device it was for.
    public var deviceID: UUID
    /// The `apns-id` sent (APNs echoes it on 200).
    public var apnsID: String
    /// The HTTP status, or nil when no answer came.
    public var status: Int?
    /// APNs's `reason`, or what went wrong on the way.
    public var reason: String?
    /// From sending to the end of the answer, in seconds.
    public var latency: Double
    /// When it was sent, seconds since 1970.
    public var attemptedAt: TimeInterval
    /// What the server did about the answer, e.g. `delivered`, `retry`, `failed`, `token_invalidated`.
    public var outcome: String

    /// Creates an attempt record.
    public init(
        wakeID: UUID, deviceID: UUID, apnsID: String, status: Int?, reason: String?, latency: Double,
        attemptedAt: TimeInterval,
        outcome: String
    ) {
        self.wakeID = wakeID
        self.deviceID = deviceID
        self.apnsID = apnsID
        self.status = status
        self.reason = reason
        self.latency = latency
        self.attemptedAt = attemptedAt
        self.outcome = outcome
    }
}

/// How a claimed wake ends its dispatch.
public struct WakeUpdate: Sendable, Hashable {
    /// The new state (not ``WakeState/sending``).
    public var state: WakeState
    /// When to try next (for ``WakeState/scheduled``).
    public var nextAttemptAt: TimeInterval?
    /// Why, for the operator.
    public var reason: String?
    /// When APNs accepted it.
    public var deliveredAt: TimeInterval?

    /// Creates an update.
    public init(
        state: WakeState, nextAttemptAt: TimeInterval? = nil, reason: String? = nil, deliveredAt: TimeInterval? = nil
    ) {
        self.state = state
        self.nextAttemptAt = nextAttemptAt
        self.reason = reason
        self.deliveredAt = deliveredAt
    }
}

/// What storing a new wake did.
public enum WakeInsertion: Sendable, Hashable {
    /// Stored as ``WakeState/scheduled``.
    case stored
    /// Refused by the rate limit; nothing was stored.
    case refused(WakeRateLimit.Refusal)
}

/// A claimed wake with what the dispatcher needs to send it.
public struct ClaimedWake: Sendable, Hashable {
    /// The wake.
    public var wake: StoredWake
    /// The device's APNs registration at claim time, or nil when it has none.
    public var apns: StoredAPNsToken?
    /// Whether the device was revoked.
    public var deviceRevoked: Bool
}
