import Foundation

/// Where the server keeps wakes and their APNs attempts: the push side of the storage seam.
///
/// Like ``ServerStorage``, every operation is plain SQL on values any engine stores natively, and
/// times are passed in. Two operations must be atomic across server instances sharing one
/// database: ``insertWake(_:limit:)`` (the count and the insert in one transaction that serialises
/// writers per device — SQLite: `BEGIN IMMEDIATE`; PostgreSQL: `SELECT … FOR NO KEY UPDATE` on the
/// device row) and ``claimDueWakes(now:claimID:leaseUntil:limit:)`` (one `UPDATE … WHERE id IN
/// (SELECT …)`; PostgreSQL adds `FOR UPDATE SKIP LOCKED`), so no wake is ever sent twice.
public protocol PushStorage: Sendable {
    /// Stores `wake` as scheduled unless the device's wakes near its time already reach `limit`.
    func insertWake(_ wake: NewWake, limit: WakeRateLimit) async throws -> WakeInsertion

    /// A device's wakes scheduled in `[from, to)`, newest first, each with its attempts.
    func wakes(deviceID: UUID, from: TimeInterval?, to: TimeInterval?, limit: Int) async throws -> [StoredWake]

    /// Claims up to `limit` wakes that are due at `now` (scheduled, or claimed by an instance whose
    /// lease ran out), marking them ``WakeState/sending`` under `claimID` until `leaseUntil`.
    func claimDueWakes(now: TimeInterval, claimID: UUID, leaseUntil: TimeInterval, limit: Int) async throws
        -> [ClaimedWake]

    /// Records HTTP attempts and moves the wake on, if `claimID` still holds it.
    ///
    /// - Returns: False when the claim was lost (another instance took the wake over); the
    ///   attempts are stored all the same.
    func finishClaim(wakeID: UUID, claimID: UUID, attempts: [StoredPushAttempt], update: WakeUpdate) async throws
        -> Bool

    /// Marks the device's APNs token `token` invalid as of `time` (APNs's 410 timestamp, or the
    /// moment of a `BadDeviceToken`), unless the device registered a token after `time`.
    ///
    /// - Returns: Whether the token was invalidated.
    func invalidateAPNsToken(deviceID: UUID, token: String, asOf time: TimeInterval) async throws -> Bool

    /// A device's APNs attempts made in `[from, to)`, oldest first: the dashboard's pushes lane.
    func attempts(deviceID: UUID, from: TimeInterval?, to: TimeInterval?) async throws -> [StoredPushAttempt]

    /// The device's uploaded timeline entries for silent-push wakes (`remoteNotification` events)
    /// recorded in `[from, to)`, in time order, to link delivered pushes to the wakes they caused.
    func deviceWakeEntries(deviceID: UUID, from: TimeInterval, to: TimeInterval) async throws -> [StoredRecord]
}
