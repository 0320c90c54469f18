import Foundation
import GRDB
import Wakeful

// The SQLite storage's rows as records. Every column is read with GRDB's throwing
// `decode(_:forColumn:)`, so a stored value that does not read back (a UUID that does not parse,
// NULL where a value must be) fails the request with a `RowDecodingError` naming the column and
// the row, never a trap in the server.

/// A device: `id, install_id, bundle_id, revoked_at` of `devices`.
struct DeviceRecord: FetchableRecord {
    let device: StoredDevice

    init(row: Row) throws {
        device = StoredDevice(
            id: try row.decode(forColumn: "id"), installID: try row.decode(forColumn: "install_id"),
            bundleID: try row.decode(forColumn: "bundle_id"), revokedAt: try row.decode(forColumn: "revoked_at"))
    }
}

/// A device of the admin's list: `devices` with `record_count` and `lag_max`; the median lag is
/// a query of its own.
struct DeviceSummaryRecord: FetchableRecord {
    let id: UUID
    let installID: UUID
    let bundleID: String
    let createdAt: TimeInterval
    let lastSeen: TimeInterval
    let revokedAt: TimeInterval?
    let recordCount: Int
    let lagMax: TimeInterval?

    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        installID = try row.decode(forColumn: "install_id")
        bundleID = try row.decode(forColumn: "bundle_id")
        createdAt = try row.decode(forColumn: "created_at")
        lastSeen = try row.decode(forColumn: "last_seen")
        revokedAt = try row.decode(forColumn: "revoked_at")
        recordCount = try row.decode(forColumn: "record_count")
        lagMax = try row.decode(forColumn: "lag_max")
    }

    func summary(lagMedian: TimeInterval?) -> DeviceSummary {
        DeviceSummary(
            id: id, installID: installID, bundleID: bundleID, createdAt: createdAt, lastSeen: lastSeen,
            revokedAt: revokedAt,
            recordCount: recordCount, lagMedian: lagMedian, lagMax: lagMax)
    }
}

/// An uploaded record: `uuid, seq, kind, payload, recorded_at, received_at` of `records`, and
/// its rowid `id` where the query selects it (paging needs it; the push timeline does not).
struct UploadRecord: FetchableRecord {
    let stored: StoredRecord

    init(row: Row) throws {
        stored = StoredRecord(
            record: OutboxRecord(
                uuid: try row.decode(forColumn: "uuid"), seq: try row.decode(forColumn: "seq"),
                kind: try row.decode(forColumn: "kind"),
                payload: try row.decode(forColumn: "payload"), recordedAt: try row.decode(forColumn: "recorded_at")),
            receivedAt: try row.decode(forColumn: "received_at"),
            rowID: try row.decode(Int64?.self, forColumn: "id") ?? 0)
    }
}

/// A wake: every column of `wakes`, without its attempts.
struct WakeRecord: FetchableRecord {
    let wake: StoredWake

    init(row: Row) throws {
        wake = StoredWake(
            wake: NewWake(
                id: try row.decode(forColumn: "id"), deviceID: try row.decode(forColumn: "device_id"),
                scheduledAt: try row.decode(forColumn: "scheduled_at"),
                expiresAt: try row.decode(forColumn: "expires_at"),
                note: try row.decode(forColumn: "note"), collapseID: try row.decode(forColumn: "collapse_id"),
                createdAt: try row.decode(forColumn: "created_at")),
            // The schema's CHECK admits only WakeState's values.
            state: WakeState(rawValue: try row.decode(forColumn: "state")) ?? .failed,
            nextAttemptAt: try row.decode(forColumn: "next_attempt_at"),
            attemptCount: try row.decode(forColumn: "attempt_count"),
            reason: try row.decode(forColumn: "reason"), deliveredAt: try row.decode(forColumn: "delivered_at"))
    }
}

/// An APNs attempt: every column of `push_attempts`.
struct PushAttemptRecord: FetchableRecord {
    let attempt: StoredPushAttempt

    init(row: Row) throws {
        attempt = StoredPushAttempt(
            wakeID: try row.decode(forColumn: "wake_id"), deviceID: try row.decode(forColumn: "device_id"),
            apnsID: try row.decode(forColumn: "apns_id"), status: try row.decode(forColumn: "status"),
            reason: try row.decode(forColumn: "reason"), latency: try row.decode(forColumn: "latency_seconds"),
            attemptedAt: try row.decode(forColumn: "attempted_at"), outcome: try row.decode(forColumn: "outcome"))
    }
}

/// A claimed wake: the `wakes` columns, the device's `device_revoked_at`, and its APNs token as
/// `apns_token, apns_environment, apns_topic, apns_updated_at, apns_invalidated_at` (NULL without one).
struct ClaimedWakeRecord: FetchableRecord {
    let claimed: ClaimedWake

    init(row: Row) throws {
        var apns: StoredAPNsToken?
        if let token: String = try row.decode(forColumn: "apns_token"),
            let environment = APNsRegistration.Environment(rawValue: try row.decode(forColumn: "apns_environment"))
        {
            apns = StoredAPNsToken(
                registration: APNsRegistration(
                    token: token, environment: environment, topic: try row.decode(forColumn: "apns_topic")),
                updatedAt: try row.decode(forColumn: "apns_updated_at"),
                invalidatedAt: try row.decode(forColumn: "apns_invalidated_at"))
        }
        claimed = ClaimedWake(
            wake: try WakeRecord(row: row).wake, apns: apns,
            deviceRevoked: try row.decode(TimeInterval?.self, forColumn: "device_revoked_at") != nil)
    }
}
