import Foundation
import GRDB
import Wakeful
import WakefulAPNs

extension SQLiteServerStorage: PushStorage {
    public func insertWake(_ wake: NewWake, limit: WakeRateLimit) async throws -> WakeInsertion {
        let window = limit.window.secondsValue
        return try await pool.writeWithoutTransaction { db in
            var insertion = WakeInsertion.stored
            // IMMEDIATE takes the write lock before the count, so two instances cannot both pass it.
            try db.inTransaction(.immediate) {
                let existing = try Double.fetchAll(
                    db,
                    sql: """
                        SELECT scheduled_at FROM wakes
                        WHERE device_id = ? AND state IN (\(Self.countedStates)) AND scheduled_at > ? AND scheduled_at < ?
                        """,
                    arguments: [wake.deviceID.uuidString, wake.scheduledAt - window, wake.scheduledAt + window])
                if let refusal = limit.check(at: wake.scheduledAt, existing: existing) {
                    insertion = .refused(refusal)
                    return .rollback
                }
                try db.execute(
                    sql: """
                        INSERT INTO wakes (id, device_id, scheduled_at, expires_at, note, collapse_id, created_at, state, next_attempt_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, 'scheduled', ?)
                        """,
                    arguments: [
                        wake.id.uuidString, wake.deviceID.uuidString, wake.scheduledAt, wake.expiresAt, wake.note,
                        wake.collapseID,
                        wake.createdAt, wake.scheduledAt,
                    ])
                return .commit
            }
            return insertion
        }
    }

    public func wakes(deviceID: UUID, from: TimeInterval?, to: TimeInterval?, limit: Int) async throws -> [StoredWake] {
        let device = deviceID.uuidString
        return try await pool.read { db in
            let rows = try WakeRecord.fetchAll(
                db,
                sql: """
                    SELECT * FROM wakes WHERE device_id = ? AND scheduled_at >= ? AND scheduled_at < ?
                    ORDER BY scheduled_at DESC, id LIMIT ?
                    """,
                arguments: [
                    device, from ?? -Double.greatestFiniteMagnitude, to ?? Double.greatestFiniteMagnitude, limit,
                ])
            var wakes = rows.map(\.wake)
            let attempts = try db.cachedStatement(sql: "SELECT * FROM push_attempts WHERE wake_id = ? ORDER BY id")
            for index in wakes.indices {
                wakes[index].attempts = try PushAttemptRecord.fetchAll(
                    attempts, arguments: [wakes[index].wake.id.uuidString]
                ).map(\.attempt)
            }
            return wakes
        }
    }

    public func claimDueWakes(now: TimeInterval, claimID: UUID, leaseUntil: TimeInterval, limit: Int) async throws
        -> [ClaimedWake]
    {
        let claim = claimID.uuidString
        return try await pool.writeWithoutTransaction { db in
            var claimed: [ClaimedWake] = []
            try db.inTransaction(.immediate) {
                try db.execute(
                    sql: """
                        UPDATE wakes SET state = 'sending', claim_id = ?, claimed_until = ?
                        WHERE id IN (
                            SELECT id FROM wakes
                            WHERE (state = 'scheduled' AND next_attempt_at <= ?) OR (state = 'sending' AND claimed_until < ?)
                            ORDER BY next_attempt_at, id LIMIT ?)
                        """,
                    arguments: [claim, leaseUntil, now, now, limit])
                claimed = try ClaimedWakeRecord.fetchAll(
                    db,
                    sql: """
                        SELECT w.*, d.revoked_at AS device_revoked_at, t.token AS apns_token, t.environment AS apns_environment,
                            t.topic AS apns_topic, t.updated_at AS apns_updated_at, t.invalidated_at AS apns_invalidated_at
                        FROM wakes w JOIN devices d ON d.id = w.device_id LEFT JOIN apns_tokens t ON t.device_id = w.device_id
                        WHERE w.claim_id = ? AND w.state = 'sending' ORDER BY w.next_attempt_at, w.id
                        """,
                    arguments: [claim]
                ).map(\.claimed)
                return .commit
            }
            return claimed
        }
    }

    public func finishClaim(wakeID: UUID, claimID: UUID, attempts: [StoredPushAttempt], update: WakeUpdate) async throws
        -> Bool
    {
        try await pool.write { db in
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO push_attempts (wake_id, device_id, apns_id, status, reason, latency_seconds, attempted_at, outcome)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            for attempt in attempts {
                try insert.execute(arguments: [
                    attempt.wakeID.uuidString, attempt.deviceID.uuidString, attempt.apnsID, attempt.status,
                    attempt.reason,
                    attempt.latency, attempt.attemptedAt, attempt.outcome,
                ])
            }
            try db.execute(
                sql: """
                    UPDATE wakes SET state = ?, next_attempt_at = COALESCE(?, next_attempt_at), reason = ?,
                        delivered_at = COALESCE(?, delivered_at), attempt_count = attempt_count + ?, claim_id = NULL, claimed_until = NULL
                    WHERE id = ? AND claim_id = ?
                    """,
                arguments: [
                    update.state.rawValue, update.nextAttemptAt, update.reason, update.deliveredAt,
                    attempts.isEmpty ? 0 : 1,
                    wakeID.uuidString, claimID.uuidString,
                ])
            return db.changesCount > 0
        }
    }

    public func invalidateAPNsToken(deviceID: UUID, token: String, asOf time: TimeInterval) async throws -> Bool {
        try await pool.write { db in
            // A registration after `time` wins (reference §11): the token was valid again then.
            try db.execute(
                sql: """
                    UPDATE apns_tokens SET invalidated_at = ?
                    WHERE device_id = ? AND token = ? AND updated_at <= ? AND invalidated_at IS NULL
                    """,
                arguments: [time, deviceID.uuidString, token, time])
            return db.changesCount > 0
        }
    }

    public func attempts(deviceID: UUID, from: TimeInterval?, to: TimeInterval?) async throws -> [StoredPushAttempt] {
        try await pool.read { db in
            try PushAttemptRecord.fetchAll(
                db,
                sql: """
                    SELECT * FROM push_attempts WHERE device_id = ? AND attempted_at >= ? AND attempted_at < ?
                    ORDER BY attempted_at, id
                    """,
                arguments: [
                    deviceID.uuidString, from ?? -Double.greatestFiniteMagnitude, to ?? Double.greatestFiniteMagnitude,
                ]
            ).map(\.attempt)
        }
    }

    public func deviceWakeEntries(deviceID: UUID, from: TimeInterval, to: TimeInterval) async throws -> [StoredRecord] {
        try await pool.read { db in
            // The timeline encoder writes `"kind":"event","event":"remoteNotification"` without spaces.
            try UploadRecord.fetchAll(
                db,
                sql: """
                    SELECT uuid, seq, kind, payload, recorded_at, received_at FROM records
                    WHERE device_id = ? AND kind = ? AND recorded_at >= ? AND recorded_at < ? AND payload LIKE ?
                    ORDER BY recorded_at, seq LIMIT 1000
                    """,
                arguments: [
                    deviceID.uuidString, OutboxRecord.timelineKind, from, to, #"%"event":"remoteNotification"%"#,
                ]
            ).map(\.stored)
        }
    }

    private static let countedStates = WakeState.counted.map { "'\($0.rawValue)'" }.joined(separator: ", ")
}
