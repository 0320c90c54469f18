import Foundation
import Wakeful

/// The reads the dashboard needs beyond ``ServerStorage``: the newest records before a time (to
/// carry a device's state into a window) and what a device registered with.
///
/// A separate protocol, so that a ``ServerStorage`` without it (a test double, say) still serves
/// the dashboard through the slower fallbacks in `DashboardData`; ``SQLiteServerStorage`` and
/// ``PostgresServerStorage`` answer each read with one indexed query.
public protocol DashboardStorage: ServerStorage {
    /// A device's records strictly before `before`, newest first, in the records' total order
    /// `(recorded_at, seq, row ID)` descending: at most `limit`, of `kind` when given.
    ///
    /// Pass the oldest record's ``StoredRecord/position`` of one page as `before` of the next to
    /// read further back; records sharing a time and a `seq` are neither skipped nor read twice.
    func latestRecords(deviceID: UUID, before: RecordPosition, kind: String?, limit: Int) async throws -> [StoredRecord]

    /// The app and OS versions the device last registered with, or nil for an unknown device.
    func registeredVersions(deviceID: UUID) async throws -> RegisteredVersions?
}

extension RecordPosition {
    /// The position just before every record recorded at `time`.
    public static func before(_ time: TimeInterval) -> RecordPosition {
        RecordPosition(recordedAt: time, seq: .min, rowID: .min)
    }

    /// The position after every record: where reading newest first starts.
    public static let end = RecordPosition(recordedAt: .greatestFiniteMagnitude, seq: .max, rowID: .max)
}

/// What `POST /v1/devices/register` last said about the app and the OS.
public struct RegisteredVersions: Sendable, Hashable {
    /// `app_version`.
    public var appVersion: String
    /// `os_version`.
    public var osVersion: String
}
