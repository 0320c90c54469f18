import Foundation
import GRDB
import Wakeful
import WakefulAPNs

extension SQLiteServerStorage: LiveActivityStorage {
    public func setLiveActivityToken(_ token: LiveActivityToken, at time: TimeInterval) async throws {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO live_activity_tokens (device_id, activity, token, environment, updated_at, invalidated_at)
                    VALUES (?, ?, ?, ?, ?, NULL)
                    ON CONFLICT (device_id, activity) DO UPDATE SET
                        token = excluded.token, environment = excluded.environment,
                        updated_at = excluded.updated_at, invalidated_at = NULL
                    """,
                arguments: [
                    token.deviceID.uuidString, token.activity ?? "", token.token, token.environment.rawValue, time,
                ])
        }
    }

    public func liveActivityToken(deviceID: UUID, activity: String?) async throws -> StoredLiveActivityToken? {
        try await pool.read { db in
            try LiveActivityTokenRecord.fetchOne(
                db, sql: "SELECT * FROM live_activity_tokens WHERE device_id = ? AND activity = ?",
                arguments: [deviceID.uuidString, activity ?? ""]
            )?.stored
        }
    }

    public func invalidateLiveActivityToken(deviceID: UUID, activity: String?, token: String, asOf time: TimeInterval)
        async throws -> Bool
    {
        try await pool.write { db in
            // A token sent after `time` wins (reference §11), as for device tokens.
            try db.execute(
                sql: """
                    UPDATE live_activity_tokens SET invalidated_at = ?
                    WHERE device_id = ? AND activity = ? AND token = ? AND updated_at <= ? AND invalidated_at IS NULL
                    """,
                arguments: [time, deviceID.uuidString, activity ?? "", token, time])
            return db.changesCount > 0
        }
    }

    public func insertLiveActivityPush(_ push: NewLiveActivityPush, limit: WakeRateLimit?) async throws
        -> WakeInsertion
    {
        try await pool.writeWithoutTransaction { db in
            var insertion = WakeInsertion.stored
            // IMMEDIATE takes the write lock before the count, so two instances cannot both pass it.
            try db.inTransaction(.immediate) {
                if let limit, push.isBudgeted {
                    let window = limit.window.secondsValue
                    let existing = try Double.fetchAll(
                        db,
                        sql: """
                            SELECT created_at FROM live_activity_pushes
                            WHERE device_id = ? AND event = ? AND priority = ? AND (event = 'start' OR activity = ?)
                                AND state IN ('sending', 'delivered') AND created_at > ? AND created_at < ?
                            """,
                        arguments: [
                            push.deviceID.uuidString, push.event.rawValue, push.priority, push.activity,
                            push.createdAt - window, push.createdAt + window,
                        ])
                    if let refusal = limit.check(at: push.createdAt, existing: existing) {
                        insertion = .refused(refusal)
                        return .rollback
                    }
                }
                try db.execute(
                    sql: """
                        INSERT INTO live_activity_pushes (id, device_id, activity, event, priority, created_at, state)
                        VALUES (?, ?, ?, ?, ?, ?, 'sending')
                        """,
                    arguments: [
                        push.id.uuidString, push.deviceID.uuidString, push.activity, push.event.rawValue, push.priority,
                        push.createdAt,
                    ])
                return .commit
            }
            return insertion
        }
    }

    public func finishLiveActivityPush(id: UUID, result: LiveActivityPushResult) async throws {
        try await pool.write { db in
            try db.execute(
                sql: """
                    UPDATE live_activity_pushes SET state = ?, status = ?, reason = ?, apns_id = ?, answered_at = ?
                    WHERE id = ?
                    """,
                arguments: [
                    result.state, result.status, result.reason, result.apnsID, result.answeredAt, id.uuidString,
                ])
        }
    }

    public func liveActivities(deviceID: UUID, limit: Int) async throws -> LiveActivityOverview {
        try await pool.read { db in
            let tokens = try LiveActivityTokenRecord.fetchAll(
                db, sql: "SELECT * FROM live_activity_tokens WHERE device_id = ? ORDER BY activity",
                arguments: [deviceID.uuidString]
            ).map(\.stored)
            let pushes = try LiveActivityPushRecord.fetchAll(
                db,
                sql: "SELECT * FROM live_activity_pushes WHERE device_id = ? ORDER BY created_at DESC, id LIMIT ?",
                arguments: [deviceID.uuidString, limit]
            ).map(\.stored)
            return LiveActivityOverview(
                pushToStart: tokens.first { $0.token.activity == nil },
                updateTokens: tokens.filter { $0.token.activity != nil }, pushes: pushes)
        }
    }
}

/// A token: every column of `live_activity_tokens`; the activity `""` is the push-to-start token.
struct LiveActivityTokenRecord: FetchableRecord {
    let stored: StoredLiveActivityToken

    init(row: Row) throws {
        let activity: String = try row.decode(forColumn: "activity")
        let environment: String = try row.decode(forColumn: "environment")
        stored = StoredLiveActivityToken(
            token: LiveActivityToken(
                deviceID: try row.decode(forColumn: "device_id"), activity: activity.isEmpty ? nil : activity,
                token: try row.decode(forColumn: "token"),
                // The schema's CHECK admits only the environments' names.
                environment: APNsRegistration.Environment(rawValue: environment) ?? .production),
            updatedAt: try row.decode(forColumn: "updated_at"),
            invalidatedAt: try row.decode(forColumn: "invalidated_at"))
    }
}

/// A push: every column of `live_activity_pushes`.
struct LiveActivityPushRecord: FetchableRecord {
    let stored: StoredLiveActivityPush

    init(row: Row) throws {
        let event: String = try row.decode(forColumn: "event")
        let state: String = try row.decode(forColumn: "state")
        let apnsID: String? = try row.decode(forColumn: "apns_id")
        let answeredAt: TimeInterval? = try row.decode(forColumn: "answered_at")
        let status: Int? = try row.decode(forColumn: "status")
        let reason: String? = try row.decode(forColumn: "reason")
        stored = StoredLiveActivityPush(
            push: NewLiveActivityPush(
                id: try row.decode(forColumn: "id"), deviceID: try row.decode(forColumn: "device_id"),
                activity: try row.decode(forColumn: "activity"),
                // The schema's CHECK admits only the events' names.
                event: LiveActivityPush.Event(rawValue: event) ?? .update,
                priority: try row.decode(forColumn: "priority"),
                createdAt: try row.decode(forColumn: "created_at")),
            state: state,
            result: answeredAt.map {
                LiveActivityPushResult(
                    state: state, status: status, reason: reason, apnsID: apnsID ?? "", answeredAt: $0)
            })
    }
}
