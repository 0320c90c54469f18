import Foundation

/// How far the device must move before a significant-location-change event fires (LOC-10, LOC-11, CONF-14).
public enum SignificantChangeDistanceModel: Sendable, Hashable, Codable {
    /// Exactly ``LocationRules/significantChangeDistance`` (LOC-10 default, 500 m).
    case fixed
    /// Field distribution from 2014: 50 % of events within 1 km, 90 % within 5 km (CONF-14a, LOC-11).
    case field2014
    /// Field distribution from 2010: 750 m triggers 50 %, 2500 m triggers 95 % (CONF-14b, LOC-11).
    case field2010

    /// Points of the cumulative distribution `(distance in metres, share of events fired by then)`,
    /// empty for ``fixed``. The simulated device draws from a log-normal fitted to these points
    /// with its own seeded generator.
    public var cumulativeDistribution: [(distance: Double, fraction: Double)] {
        switch self {
        case .fixed: []
        case .field2014: [(1_000, 0.5), (5_000, 0.9)]  // LOC-11 (developer-tech.com, 2014)
        case .field2010: [(750, 0.5), (2_500, 0.95)]  // LOC-11 (tomjstokes.com, 2010)
        }
    }
}
