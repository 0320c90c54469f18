import Foundation

/// The app's server: how long it takes to answer, and when it is down.
///
/// ```swift
/// let server = ServerDescription(latency: 0.2, downPeriods: [3600...3900])
/// server.isUp(at: 3700)              // false
/// server.nextChange(after: 3700)     // 3900
/// ```
public struct ServerDescription: Sendable, Hashable {
    /// Seconds from the last byte sent to the answer.
    public var latency: TimeInterval
    /// Periods in which the server does not answer, sorted.
    public var downPeriods: [ClosedRange<TimeInterval>]

    /// Creates a server (cfg, assumption: answers in 0.2 s, never down).
    public init(latency: TimeInterval = 0.2, downPeriods: [ClosedRange<TimeInterval>] = []) {
        self.latency = latency
        self.downPeriods = downPeriods.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// Whether the server answers at `time` (a down period includes its start, not its end).
    public func isUp(at time: TimeInterval) -> Bool {
        !downPeriods.contains { $0.lowerBound <= time && time < $0.upperBound }
    }

    /// The first start or end of a down period after `time`, if any.
    public func nextChange(after time: TimeInterval) -> TimeInterval? {
        downPeriods.flatMap { [$0.lowerBound, $0.upperBound] }.filter { $0 > time }.min()
    }
}
