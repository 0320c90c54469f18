import Foundation
import Logging
import PostgresNIO
import Wakeful
import WakefulAPNs

extension PostgresServerStorage: PushStorage {
    public func insertWake(_ wake: NewWake, limit: WakeRateLimit) async throws -> WakeInsertion {
        let window = limit.window.secondsValue
        return try await inTransaction("insert wake") { [self] connection in
            // Locking the device row serialises the wake inserts of one device across servers: the
            // next one waits here, then its count (a new snapshot per statement) sees this one's
            // wake. NO KEY UPDATE, the weakest lock that conflicts with itself, leaves concurrent
            // ingests' foreign-key checks on the row unblocked.
            try await connection.query(
                "SELECT 1 FROM devices WHERE id = \(wake.deviceID) FOR NO KEY UPDATE", logger: logger)
            let existing = try await connection.query(
                """
                SELECT scheduled_at FROM wakes
                WHERE device_id = \(wake.deviceID) AND state = ANY(\(Self.countedStates)::text[])
                    AND scheduled_at > \(wake.scheduledAt - window) AND scheduled_at < \(wake.scheduledAt + window)
                """, logger: logger
            ).collect().map { try $0.decode(Double.self) }
            if let refusal = limit.check(at: wake.scheduledAt, existing: existing) { return .refused(refusal) }
            try await connection.query(
                """
                INSERT INTO wakes (id, device_id, scheduled_at, expires_at, note, collapse_id, created_at, state, next_attempt_at)
                VALUES (\(wake.id), \(wake.deviceID), \(wake.scheduledAt), \(wake.expiresAt), \(wake.note), \(wake.collapseID),
                    \(wake.createdAt), 'scheduled', \(wake.scheduledAt))
                """, logger: logger)
            return .stored
        }
    }

    public func wakes(deviceID: UUID, from: TimeInterval?, to: TimeInterval?, limit: Int) async throws -> [StoredWake] {
        try await withConnection("wakes") { [self] connection in
            var wakes = try await connection.query(
                """
                SELECT \(unescaped: Self.wakeColumns()) FROM wakes
                WHERE device_id = \(deviceID) AND (\(from)::float8 IS NULL OR scheduled_at >= \(from))
                    AND (\(to)::float8 IS NULL OR scheduled_at < \(to))
                ORDER BY scheduled_at DESC, id LIMIT \(limit)
                """, logger: logger
            ).collect().map { try Self.wake(from: $0.makeRandomAccess()) }
            let ids: [UUID] = wakes.map(\.wake.id)
            let attempts = try await connection.query(
                "SELECT \(unescaped: Self.attemptColumns) FROM push_attempts WHERE wake_id = ANY(\(ids)::uuid[]) ORDER BY id",
                logger: logger
            ).collect().map { try Self.attempt(from: $0.makeRandomAccess()) }
            let byWake = Dictionary(grouping: attempts, by: \.wakeID)
            for index in wakes.indices { wakes[index].attempts = byWake[wakes[index].wake.id] ?? [] }
            return wakes
        }
    }

    public func claimDueWakes(now: TimeInterval, claimID: UUID, leaseUntil: TimeInterval, limit: Int) async throws
        -> [ClaimedWake]
    {
        try await inTransaction("claim wakes") { [self] connection in
            // SKIP LOCKED: a wake another server is claiming right now is left to it, not waited
            // for; a row whose claim committed meanwhile is re-checked against the condition and
            // dropped, so no two servers ever hold the same wake.
            try await connection.query(
                """
                UPDATE wakes SET state = 'sending', claim_id = \(claimID), claimed_until = \(leaseUntil)
                WHERE id IN (
                    SELECT id FROM wakes
                    WHERE (state = 'scheduled' AND next_attempt_at <= \(now)) OR (state = 'sending' AND claimed_until < \(now))
                    ORDER BY next_attempt_at, id LIMIT \(limit)
                    FOR UPDATE SKIP LOCKED)
                """, logger: logger)
            return try await connection.query(
                """
                SELECT \(unescaped: Self.wakeColumns("w.")), d.revoked_at AS device_revoked_at, t.token AS apns_token,
                    t.environment AS apns_environment, t.topic AS apns_topic, t.updated_at AS apns_updated_at,
                    t.invalidated_at AS apns_invalidated_at
                FROM wakes w JOIN devices d ON d.id = w.device_id LEFT JOIN apns_tokens t ON t.device_id = w.device_id
                WHERE w.claim_id = \(claimID) AND w.state = 'sending' ORDER BY w.next_attempt_at, w.id
                """, logger: logger
            ).collect().map { row in
                let row = row.makeRandomAccess()
                var apns: StoredAPNsToken?
                if let token = try row["apns_token"].decode(String?.self),
                    let environment = APNsRegistration.Environment(
                        rawValue: try row["apns_environment"].decode(String.self))
                {
                    apns = StoredAPNsToken(
                        registration: APNsRegistration(
                            token: token, environment: environment, topic: try row["apns_topic"].decode(String.self)),
                        updatedAt: try row["apns_updated_at"].decode(Double.self),
                        invalidatedAt: try row["apns_invalidated_at"].decode(Double?.self))
                }
                return ClaimedWake(
                    wake: try Self.wake(from: row), apns: apns,
                    deviceRevoked: try row["device_revoked_at"].decode(Double?.self) != nil)
            }
        }
    }

    public func finishClaim(wakeID: UUID, claimID: UUID, attempts: [StoredPushAttempt], update: WakeUpdate) async throws
        -> Bool
    {
        try await inTransaction("finish claim") { [self] connection in
            for attempt in attempts {
                try await connection.query(
                    """
                    INSERT INTO push_attempts (wake_id, device_id, apns_id, status, reason, latency_seconds, attempted_at, outcome)
                    VALUES (\(attempt.wakeID), \(attempt.deviceID), \(attempt.apnsID), \(attempt.status), \(attempt.reason),
                        \(attempt.latency), \(attempt.attemptedAt), \(attempt.outcome))
                    """, logger: logger)
            }
            let counted = attempts.isEmpty ? 0 : 1
            return try await connection.query(
                """
                UPDATE wakes SET state = \(update.state.rawValue), next_attempt_at = COALESCE(\(update.nextAttemptAt), next_attempt_at),
                    reason = \(update.reason), delivered_at = COALESCE(\(update.deliveredAt), delivered_at),
                    attempt_count = attempt_count + \(counted), claim_id = NULL, claimed_until = NULL
                WHERE id = \(wakeID) AND claim_id = \(claimID)
                RETURNING id
                """, logger: logger
            ).decode(UUID.self).first { _ in true } != nil
        }
    }

    public func invalidateAPNsToken(deviceID: UUID, token: String, asOf time: TimeInterval) async throws -> Bool {
        try await withConnection("invalidate APNs token", writes: true) { [self] connection in
            // A registration after `time` wins (reference §11): the token was valid again then.
            try await connection.query(
                """
                UPDATE apns_tokens SET invalidated_at = \(time)
                WHERE device_id = \(deviceID) AND token = \(token) AND updated_at <= \(time) AND invalidated_at IS NULL
                RETURNING device_id
                """, logger: logger
            ).decode(UUID.self).first { _ in true } != nil
        }
    }

    public func attempts(deviceID: UUID, from: TimeInterval?, to: TimeInterval?) async throws -> [StoredPushAttempt] {
        try await withConnection("push attempts") { [self] connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.attemptColumns) FROM push_attempts
                WHERE device_id = \(deviceID) AND (\(from)::float8 IS NULL OR attempted_at >= \(from))
                    AND (\(to)::float8 IS NULL OR attempted_at < \(to))
                ORDER BY attempted_at, id
                """, logger: logger
            ).collect().map { try Self.attempt(from: $0.makeRandomAccess()) }
        }
    }

    public func deviceWakeEntries(deviceID: UUID, from: TimeInterval, to: TimeInterval) async throws -> [StoredRecord] {
        try await withConnection("device wake entries") { [self] connection in
            // The timeline encoder writes `"kind":"event","event":"remoteNotification"` without spaces.
            let rows = try await connection.query(
                """
                SELECT uuid, seq, kind, payload, recorded_at, received_at, id FROM records
                WHERE device_id = \(deviceID) AND kind = \(OutboxRecord.timelineKind) AND recorded_at >= \(from) AND recorded_at < \(to)
                    AND payload LIKE \(#"%"event":"remoteNotification"%"#)
                ORDER BY recorded_at, seq LIMIT 1000
                """, logger: logger)
            return try await Self.storedRecords(rows)
        }
    }

    private static let countedStates: [String] = WakeState.counted.map(\.rawValue)

    /// The columns ``wake(from:)`` reads, each prefixed (e.g. `w.`) for a join.
    private static func wakeColumns(_ prefix: String = "") -> String {
        [
            "id", "device_id", "scheduled_at", "expires_at", "note", "collapse_id", "created_at", "state",
            "next_attempt_at", "attempt_count",
            "reason", "delivered_at",
        ].map { prefix + $0 }.joined(separator: ", ")
    }

    private static let attemptColumns =
        "wake_id, device_id, apns_id, status, reason, latency_seconds, attempted_at, outcome"

    private static func wake(from row: PostgresRandomAccessRow) throws -> StoredWake {
        StoredWake(
            wake: NewWake(
                id: try row["id"].decode(UUID.self), deviceID: try row["device_id"].decode(UUID.self),
                scheduledAt: try row["scheduled_at"].decode(Double.self),
                expiresAt: try row["expires_at"].decode(Double.self),
                note: try row["note"].decode(String?.self), collapseID: try row["collapse_id"].decode(String?.self),
                createdAt: try row["created_at"].decode(Double.self)),
            state: WakeState(rawValue: try row["state"].decode(String.self)) ?? .failed,
            nextAttemptAt: try row["next_attempt_at"].decode(Double.self),
            attemptCount: try row["attempt_count"].decode(Int.self),
            reason: try row["reason"].decode(String?.self), deliveredAt: try row["delivered_at"].decode(Double?.self))
    }

    private static func attempt(from row: PostgresRandomAccessRow) throws -> StoredPushAttempt {
        StoredPushAttempt(
            wakeID: try row["wake_id"].decode(UUID.self), deviceID: try row["device_id"].decode(UUID.self),
            apnsID: try row["apns_id"].decode(String.self), status: try row["status"].decode(Int?.self),
            reason: try row["reason"].decode(String?.self), latency: try row["latency_seconds"].decode(Double.self),
            attemptedAt: try row["attempted_at"].decode(Double.self), outcome: try row["outcome"].decode(String.self))
    }
}
