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
    public init(installID: UUID, uuid: UUID, seq: Int64, kind: String, payload: String, recordedAt: TimeInterval, receivedAt: TimeInterval) {
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

/// What the simulated server counted.
public struct IngestCounts: Sendable, Hashable {
    /// Records stored.
    public var accepted = 0
    /// Records received again after they were stored (resends after lost answers).
    public var duplicates = 0
    /// Records rejected one by one.
    public var rejected = 0
    /// Answered requests by HTTP status.
    public var requestsByStatus: [Int: Int] = [:]
    /// Requests never answered (timeouts).
    public var unanswered = 0
    /// Requests whose batch was stored and whose answer was lost.
    public var lostAnswers = 0
    /// Connections refused while the server was down.
    public var refused = 0
    /// Requests that never reached the server (partitions).
    public var unreachable = 0

    /// Creates empty counts.
    public init() {}

    /// Every request, however it ended.
    public var requests: Int { requestsByStatus.values.reduce(0, +) + unanswered + lostAnswers + refused + unreachable }
}
