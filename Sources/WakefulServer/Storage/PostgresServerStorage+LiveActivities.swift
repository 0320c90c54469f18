import Foundation
import Logging
import PostgresNIO
import Wakeful
import WakefulAPNs

extension PostgresServerStorage: LiveActivityStorage {
    public func setLiveActivityToken(_ token: LiveActivityToken, at time: TimeInterval) async throws {
        try await withConnection("set live activity token", writes: true) { [self] connection in
            _ = try await connection.query(
                """
                INSERT INTO live_activity_tokens (device_id, activity, token, environment, updated_at, invalidated_at)
                VALUES (\(token.deviceID), \(token.activity ?? ""), \(token.token), \(token.environment.rawValue), \(time), NULL)
                ON CONFLICT (device_id, activity) DO UPDATE SET
                    token = excluded.token, environment = excluded.environment,
                    updated_at = excluded.updated_at, invalidated_at = NULL
                """, logger: logger)
        }
    }

    public func liveActivityToken(deviceID: UUID, activity: String?) async throws -> StoredLiveActivityToken? {
        try await withConnection("live activity token") { [self] connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.liveActivityTokenColumns) FROM live_activity_tokens
                WHERE device_id = \(deviceID) AND activity = \(activity ?? "")
                """, logger: logger
            ).collect().first.map { try Self.liveActivityToken(from: $0.makeRandomAccess()) }
        }
    }

    public func invalidateLiveActivityToken(deviceID: UUID, activity: String?, token: String, asOf time: TimeInterval)
        async throws -> Bool
    {
        try await withConnection("invalidate live activity token", writes: true) { [self] connection in
            // A token sent after `time` wins (reference §11), as for device tokens.
            try await connection.query(
                """
                UPDATE live_activity_tokens SET invalidated_at = \(time)
                WHERE device_id = \(deviceID) AND activity = \(activity ?? "") AND token = \(token)
                    AND updated_at <= \(time) AND invalidated_at IS NULL
                RETURNING device_id
                """, logger: logger
            ).decode(UUID.self).first { _ in true } != nil
        }
    }

    public func insertLiveActivityPush(_ push: NewLiveActivityPush, limit: WakeRateLimit?) async throws
        -> WakeInsertion
    {
        try await inTransaction("insert live activity push") { [self] connection in
            if let limit, push.isBudgeted {
                // The device row's lock serialises one device's counts across servers, as for wakes.
                try await connection.query(
                    "SELECT 1 FROM devices WHERE id = \(push.deviceID) FOR NO KEY UPDATE", logger: logger)
                let window = limit.window.secondsValue
                let existing = try await connection.query(
                    """
                    SELECT created_at FROM live_activity_pushes
                    WHERE device_id = \(push.deviceID) AND event = \(push.event.rawValue) AND priority = \(push.priority)
                        AND (event = 'start' OR activity = \(push.activity)) AND state IN ('sending', 'delivered')
                        AND created_at > \(push.createdAt - window) AND created_at < \(push.createdAt + window)
                    """, logger: logger
                ).collect().map { try $0.decode(Double.self) }
                if let refusal = limit.check(at: push.createdAt, existing: existing) { return .refused(refusal) }
            }
            try await connection.query(
                """
                INSERT INTO live_activity_pushes (id, device_id, activity, event, priority, created_at, state)
                VALUES (\(push.id), \(push.deviceID), \(push.activity), \(push.event.rawValue), \(push.priority),
                    \(push.createdAt), 'sending')
                """, logger: logger)
            return .stored
        }
    }

    public func finishLiveActivityPush(id: UUID, result: LiveActivityPushResult) async throws {
        try await withConnection("finish live activity push", writes: true) { [self] connection in
            _ = try await connection.query(
                """
                UPDATE live_activity_pushes SET state = \(result.state), status = \(result.status), reason = \(result.reason),
                    apns_id = \(result.apnsID), answered_at = \(result.answeredAt)
                WHERE id = \(id)
                """, logger: logger)
        }
    }

    public func liveActivities(deviceID: UUID, limit: Int) async throws -> LiveActivityOverview {
        try await withConnection("live activities") { [self] connection in
            let tokens = try await connection.query(
                """
                SELECT \(unescaped: Self.liveActivityTokenColumns) FROM live_activity_tokens
                WHERE device_id = \(deviceID) ORDER BY activity
                """, logger: logger
            ).collect().map { try Self.liveActivityToken(from: $0.makeRandomAccess()) }
            let pushes = try await connection.query(
                """
                SELECT id, device_id, activity, event, priority, created_at, state, status, reason, apns_id, answered_at
                FROM live_activity_pushes WHERE device_id = \(deviceID) ORDER BY created_at DESC, id LIMIT \(limit)
                """, logger: logger
            ).collect().map { try Self.liveActivityPush(from: $0.makeRandomAccess()) }
            return LiveActivityOverview(
                pushToStart: tokens.first { $0.token.activity == nil },
                updateTokens: tokens.filter { $0.token.activity != nil }, pushes: pushes)
        }
    }

    private static let liveActivityTokenColumns = "device_id, activity, token, environment, updated_at, invalidated_at"

    /// A token; the activity `""` is the push-to-start token.
    private static func liveActivityToken(from row: PostgresRandomAccessRow) throws -> StoredLiveActivityToken {
        let activity = try row["activity"].decode(String.self)
        return StoredLiveActivityToken(
            token: LiveActivityToken(
                deviceID: try row["device_id"].decode(UUID.self), activity: activity.isEmpty ? nil : activity,
                token: try row["token"].decode(String.self),
                // The schema's CHECK admits only the environments' names.
                environment: APNsRegistration.Environment(rawValue: try row["environment"].decode(String.self))
                    ?? .production),
            updatedAt: try row["updated_at"].decode(Double.self),
            invalidatedAt: try row["invalidated_at"].decode(Double?.self))
    }

    private static func liveActivityPush(from row: PostgresRandomAccessRow) throws -> StoredLiveActivityPush {
        let state = try row["state"].decode(String.self)
        let status = try row["status"].decode(Int?.self)
        let reason = try row["reason"].decode(String?.self)
        let apnsID = try row["apns_id"].decode(String?.self)
        return StoredLiveActivityPush(
            push: NewLiveActivityPush(
                id: try row["id"].decode(UUID.self), deviceID: try row["device_id"].decode(UUID.self),
                activity: try row["activity"].decode(String.self),
                // The schema's CHECK admits only the events' names.
                event: LiveActivityPush.Event(rawValue: try row["event"].decode(String.self)) ?? .update,
                priority: try row["priority"].decode(Int.self), createdAt: try row["created_at"].decode(Double.self)),
            state: state,
            result: try row["answered_at"].decode(Double?.self).map {
                LiveActivityPushResult(
                    state: state, status: status, reason: reason, apnsID: apnsID ?? "", answeredAt: $0)
            })
    }
}
