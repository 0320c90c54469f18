import Foundation

/// The app's server: how long it takes to answer, when it is down, the faults it suffers, how
/// its ingest endpoint judges batches (see ``IngestEndpoint``) and the configurations it releases.
///
/// ```swift
/// let server = ServerDescription(latency: 0.2, downPeriods: [3600...3900])
/// server.isUp(at: 3700)              // false
/// server.nextChange(after: 3700)     // 3900
/// ```
public struct ServerDescription: Sendable, Hashable {
    /// Seconds from the last byte sent to the answer.
    public var latency: TimeInterval
    /// Periods in which the server refuses connections (`cannotConnectToHost`), sorted.
    public var downPeriods: [ClosedRange<TimeInterval>]
    /// Faults injected into requests, in the order they are drawn.
    public var faults: [ServerFault]
    /// The most records one ingest request may carry; beyond, the answer is 413.
    public var maxBatchRecords: Int
    /// The largest ingest body in bytes; beyond, the answer is 413.
    public var maxBatchBytes: Int
    /// Records of these kinds are rejected one by one, with a reason (poison records).
    public var rejectKinds: [String]
    /// Seconds a device credential stays valid after its last renewal; nil for ever. Beyond, the
    /// answer is 401 until ``IngestEndpoint/renewCredentials(at:)``.
    public var credentialLifetime: TimeInterval?
    /// Configurations the server releases for the device, in time order (``ConfigurationRelease``).
    public var configurations: [ConfigurationRelease]

    /// Creates a server (cfg, assumption: answers in 0.2 s, never down, no faults, the contract's
    /// limits of 1000 records and 1 MiB, rejects nothing, credentials never expire).
    public init(
        latency: TimeInterval = 0.2, downPeriods: [ClosedRange<TimeInterval>] = [], faults: [ServerFault] = [],
        maxBatchRecords: Int = 1000, maxBatchBytes: Int = 1_048_576, rejectKinds: [String] = [],
        credentialLifetime: TimeInterval? = nil, configurations: [ConfigurationRelease] = []
    ) {
        self.latency = latency
        self.downPeriods = downPeriods.sorted { $0.lowerBound < $1.lowerBound }
        self.faults = faults
        self.maxBatchRecords = maxBatchRecords
        self.maxBatchBytes = maxBatchBytes
        self.rejectKinds = rejectKinds
        self.credentialLifetime = credentialLifetime
        self.configurations = configurations.sorted { $0.at < $1.at }
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
