import Foundation
import Wakeful

/// Where the server keeps the timeline exports devices upload (`PUT /v1/devices/me/timeline-exports/{id}`):
/// the file as sent, with what was read from it, one per `(device, export ID)`.
///
/// A separate protocol beside ``ServerStorage``, as ``PushStorage`` is: ``SQLiteServerStorage`` and
/// ``PostgresServerStorage`` keep exports; a storage without them answers the export routes 404.
/// Storing is idempotent: the same ID with the same bytes stores nothing the second time, the same
/// ID with other bytes stores nothing and says so.
public protocol TimelineExportStorage: Sendable {
    /// Stores `export` unless the device already has one of its ID, in one statement that two
    /// servers racing on the same ID cannot both pass.
    func storeTimelineExport(_ export: NewTimelineExport) async throws -> TimelineExportInsertion

    /// The device's exports, newest first (by receipt), at most `limit`, without their bodies.
    func timelineExports(deviceID: UUID, limit: Int) async throws -> [TimelineExportSummary]

    /// One export with its body, or nil.
    func timelineExport(deviceID: UUID, id: UUID) async throws -> StoredTimelineExport?
}

/// An export to store: the body as received and what was read from it.
public struct NewTimelineExport: Sendable, Hashable {
    /// What is kept beside the body.
    public var summary: TimelineExportSummary
    /// The JSON Lines as the device sent them.
    public var body: [UInt8]

    /// Creates an export to store.
    public init(summary: TimelineExportSummary, body: [UInt8]) {
        self.summary = summary
        self.body = body
    }
}

/// What the server keeps beside an export's body.
public struct TimelineExportSummary: Sendable, Hashable {
    /// The export's ID, the device's choice.
    public var id: UUID
    /// The device that sent it.
    public var deviceID: UUID
    /// When the server first stored it, seconds since 1970.
    public var receivedAt: TimeInterval
    /// Hex SHA-256 of the body: the same ID sent again must carry the same bytes.
    public var digest: String
    /// The timeline entries in it.
    public var entries: Int
    /// The body's size.
    public var bytes: Int
    /// The first entry's time, in the device's clock (seconds since 1970 for an app).
    public var from: TimeInterval?
    /// The last entry's time.
    public var to: TimeInterval?
    /// The `run` headers in it: the processes it spans.
    public var headers: Int

    /// Creates a summary.
    public init(
        id: UUID, deviceID: UUID, receivedAt: TimeInterval, digest: String, entries: Int, bytes: Int,
        from: TimeInterval?, to: TimeInterval?, headers: Int
    ) {
        self.id = id
        self.deviceID = deviceID
        self.receivedAt = receivedAt
        self.digest = digest
        self.entries = entries
        self.bytes = bytes
        self.from = from
        self.to = to
        self.headers = headers
    }
}

/// A stored export with its body.
public struct StoredTimelineExport: Sendable, Hashable {
    /// What is kept beside the body.
    public var summary: TimelineExportSummary
    /// The JSON Lines as the device sent them.
    public var body: [UInt8]
}

/// What storing an export did.
public enum TimelineExportInsertion: Sendable, Hashable {
    /// Stored now.
    case stored(TimelineExportSummary)
    /// The device already had this export, byte for byte: nothing stored; the summary of the first.
    case alreadyStored(TimelineExportSummary)
    /// The device already had another export under this ID: nothing stored.
    case idReused
}
