import Foundation

/// What kind of network the phone has.
public enum NetworkKind: String, Sendable, Hashable, Codable, CaseIterable {
    case wifi, cellular, none
}

/// The network from `at` until the next segment.
public struct NetworkSegment: Sendable, Hashable {
    /// Simulated seconds from the start.
    public var at: TimeInterval
    /// Wi-Fi, cellular or none.
    public var kind: NetworkKind
    /// Bytes per second; 0 when there is no network.
    public var bandwidth: Double

    /// Creates a segment.
    public init(at: TimeInterval, kind: NetworkKind, bandwidth: Double) {
        self.at = at
        self.kind = kind
        self.bandwidth = kind == .none ? 0 : bandwidth
    }

    /// The bandwidth a segment has when the scenario gives none (cfg, assumption: 1 MB/s Wi-Fi, 250 kB/s cellular).
    public static func defaultBandwidth(_ kind: NetworkKind) -> Double {
        switch kind {
        case .wifi: 1_000_000
        case .cellular: 250_000
        case .none: 0
        }
    }
}

/// The network over time: segments in time order, the first at 0. Without a scenario entry the
/// phone is on Wi-Fi all the time.
///
/// ```swift
/// let network = NetworkTimeline([NetworkSegment(at: 0, kind: .wifi, bandwidth: 2_000_000),
///                                NetworkSegment(at: 3600, kind: .none, bandwidth: 0)])
/// network.segment(at: 4000).kind        // .none
/// network.nextChange(after: 10)         // 3600
/// ```
public struct NetworkTimeline: Sendable, Hashable {
    /// The segments, sorted by `at`, the first at 0.
    public private(set) var segments: [NetworkSegment]

    /// Creates a timeline; segments are sorted, and Wi-Fi is assumed before the first one.
    public init(_ segments: [NetworkSegment]) {
        var sorted = segments.sorted { $0.at < $1.at }
        if sorted.first.map({ $0.at > 0 }) ?? true {
            sorted.insert(NetworkSegment(at: 0, kind: .wifi, bandwidth: NetworkSegment.defaultBandwidth(.wifi)), at: 0)
        }
        self.segments = sorted
    }

    /// Wi-Fi at the default bandwidth, all the time.
    public static let alwaysWiFi = NetworkTimeline([])

    /// The segment in force at `time`.
    public func segment(at time: TimeInterval) -> NetworkSegment {
        segments.last { $0.at <= time } ?? segments[0]
    }

    /// The same network up to `time`, then `segment` for good: what the timeline becomes when the
    /// network changes at `time` from outside the scenario.
    func replacing(from time: TimeInterval, with segment: NetworkSegment) -> NetworkTimeline {
        NetworkTimeline(segments.filter { $0.at < time } + [segment])
    }

    /// The first segment boundary after `time`, if any.
    public func nextChange(after time: TimeInterval) -> TimeInterval? {
        segments.first { $0.at > time }?.at
    }
}
