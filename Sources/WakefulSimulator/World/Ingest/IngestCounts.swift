import Foundation

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
