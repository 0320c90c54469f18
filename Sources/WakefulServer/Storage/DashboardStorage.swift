import Foundation
import Wakeful

/// The reads the dashboard needs beyond ``ServerStorage``: the newest records before a time (to
/// carry a device's state into a window) and what a device registered with.
///
/// A separate protocol, so that a ``ServerStorage`` without it (a test double, say) still serves
/// the dashboard through the slower fallbacks in `DashboardData`; ``SQLiteServerStorage`` and
/// ``PostgresServerStorage`` answer each read with one indexed query.
public protocol DashboardStorage: ServerStorage {
    /// A device's records recorded strictly before `time` (seconds since 1970), newest first,
    /// ordered by `(recorded_at, seq)` descending: at most `limit`, of `kind` when given.
    ///
    /// Pass the oldest record of one page as `before` of the next to read further back: records
    /// at that same time with a lower `seq` come next.
    func latestRecords(deviceID: UUID, before: RecordPosition, kind: String?, limit: Int) async throws -> [StoredRecord]

    /// The app and OS versions the device last registered with, or nil for an unknown device.
    func registeredVersions(deviceID: UUID) async throws -> RegisteredVersions?
}

/// A place in a device's `(recorded_at, seq)` order.
public struct RecordPosition: Sendable, Hashable {
    /// Seconds since 1970.
    public var recordedAt: TimeInterval
    /// The record's sequence number; `Int64.min` stands for "before every record at `recordedAt`".
    public var seq: Int64

    /// The position just before every record recorded at `time`.
    public static func before(_ time: TimeInterval) -> RecordPosition { RecordPosition(recordedAt: time, seq: Int64.min) }

    /// The position of `record`.
    public init(_ record: OutboxRecord) {
        self.init(recordedAt: record.recordedAt, seq: record.seq)
    }

    /// A position.
    public init(recordedAt: TimeInterval, seq: Int64) {
        self.recordedAt = recordedAt
        self.seq = seq
    }
}

/// What `POST /v1/devices/register` last said about the app and the OS.
public struct RegisteredVersions: Sendable, Hashable {
    /// `app_version`.
    public var appVersion: String
    /// `os_version`.
    public var osVersion: String
}
