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

    /// Requests by how they ended, for reports: the HTTP status as text, or `timeout`,
    /// `lostAnswer`, `refused`, `unreachable`; outcomes that never happened are left out.
    public var byOutcome: [String: Int] {
        var outcomes = Dictionary(uniqueKeysWithValues: requestsByStatus.map { (String($0.key), $0.value) })
        for (name, count) in [
            ("timeout", unanswered), ("lostAnswer", lostAnswers), ("refused", refused), ("unreachable", unreachable),
        ]
        where count > 0 {
            outcomes[name] = count
        }
        return outcomes
    }
}
