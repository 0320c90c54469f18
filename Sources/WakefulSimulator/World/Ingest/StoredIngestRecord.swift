import Foundation

/// A record as the simulated server stored it: its identity, content and both times.
public struct StoredIngestRecord: Sendable, Hashable {
    /// The install that sent it.
    public var installID: UUID
    /// Its UUID: unique per install, the server's deduplication key.
    public var uuid: UUID
    /// The install's sequence number.
    public var seq: Int64
    /// Its kind.
    public var kind: String
    /// Its payload, one JSON object as text.
    public var payload: String
    /// When the device produced it (`recorded_at`), in the simulation's clock.
    public var recordedAt: TimeInterval
    /// When the server stored it (`received_at`), in the simulation's clock.
    public var receivedAt: TimeInterval

    /// Creates a stored record.
    public init(
        installID: UUID, uuid: UUID, seq: Int64, kind: String, payload: String, recordedAt: TimeInterval,
        receivedAt: TimeInterval
    ) {
        self.installID = installID
        self.uuid = uuid
        self.seq = seq
        self.kind = kind
        self.payload = payload
        self.recordedAt = recordedAt
        self.receivedAt = receivedAt
    }

    /// The lag from production to storage, what the timeline page shows.
    public var lag: TimeInterval { receivedAt - recordedAt }
}
