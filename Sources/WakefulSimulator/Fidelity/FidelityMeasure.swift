import Foundation
import Wakeful

/// What a fidelity observation measures in each run, from its timeline, the user's path or its
/// metrics. Times are simulated seconds from the scenario's start; each form is one JSON object
/// with one key (<doc:FieldEvidence>).
public enum FidelityMeasure: Sendable, Hashable {
    /// `{"count": {"of": pattern, "from": 0, "to": 86400, "per": 86400}}`: how many entries match
    /// between `from` and `to` (the whole run by default), divided by the run's length in `per`
    /// seconds when `per` is given: launches a day, fixes an hour.
    case count(of: EntryPattern, window: Window, per: TimeInterval?)
    /// `{"first": {"of": pattern, "after": anchor}}`: seconds from the anchor (a time, or the first
    /// entry matching a pattern; the start by default) to the first entry matching `of` at or after
    /// it.
    case first(of: EntryPattern, after: Anchor)
    /// `{"interval": {"of": pattern, "statistic": "median"}}`: the seconds between consecutive
    /// matching entries in the window, summarised: how far apart fetches, fixes or callbacks are.
    case interval(of: EntryPattern, window: Window, statistic: Statistic)
    /// `{"span": {"from": pattern, "to": pattern, "statistic": "median"}}`: for each entry matching
    /// `from`, the seconds until the next entry matching `to` at or after it, summarised: how long the app runs
    /// after each wake.
    case span(from: EntryPattern, to: EntryPattern, window: Window, statistic: Statistic)
    /// `{"distance": {"at": pattern, "from": {"east": 0, "north": 0}, "along": false}}`: metres from
    /// a point to the user at the first matching entry, in a straight line, or along the path the
    /// user took from the moment they were last at the point when `along` is true: how far a car has
    /// gone when the app is relaunched.
    case distance(at: EntryPattern, from: LocalPoint, along: Bool)
    /// `{"field": {"of": pattern, "key": "limit", "statistic": "first"}}`: a number in the matching
    /// entries' lines, summarised: the allowance a task was granted.
    case field(of: EntryPattern, key: String, window: Window, statistic: Statistic)
    /// `{"metric": "energy.batteryPercentPerHour"}`: a number of the run's JSON metrics by its dotted
    /// path (`wakeful simulate --format json` prints them).
    case metric(path: String)

    /// A stretch of the run.
    public struct Window: Sendable, Hashable {
        /// From this second.
        public var from: TimeInterval
        /// Up to this second; the run's end when nil.
        public var to: TimeInterval?
    }

    /// Where a `first` measure starts counting.
    public enum Anchor: Sendable, Hashable {
        /// A second of the run.
        case time(TimeInterval)
        /// The first entry matching the pattern.
        case entry(EntryPattern)
    }

    /// How the values of a run are summarised into the run's one figure.
    public enum Statistic: String, Sendable, Hashable, CaseIterable {
        case first, last, median, mean, min, max, total

        func apply(_ values: [Double]) -> Double? {
            guard !values.isEmpty else { return nil }
            switch self {
            case .first: return values[0]
            case .last: return values[values.count - 1]
            case .median: return SeedSummary.Spread(values)?.median
            case .mean: return values.reduce(0, +) / Double(values.count)
            case .min: return values.min()
            case .max: return values.max()
            case .total: return values.reduce(0, +)
            }
        }
    }

    /// The patterns whose entries the runs must keep.
    var patterns: [EntryPattern] {
        switch self {
        case .count(let pattern, _, _), .interval(let pattern, _, _), .field(let pattern, _, _, _):
            [pattern]
        case .first(let pattern, .time): [pattern]
        case .first(let pattern, .entry(let anchor)): [pattern, anchor]
        case .span(let from, let to, _, _): [from, to]
        case .distance(let pattern, _, _): [pattern]
        case .metric: []
        }
    }

    /// The measure in words, for reports.
    public var description: String {
        switch self {
        case .count(let pattern, _, let per):
            "\(pattern) per \(per.map(Format.duration) ?? "run")"
        case .first(let pattern, .time(let time)): "time to the first \(pattern) after \(Format.duration(time))"
        case .first(let pattern, .entry(let anchor)): "time from \(anchor) to the first \(pattern)"
        case .interval(let pattern, _, let statistic): "\(statistic.rawValue) interval between \(pattern)"
        case .span(let from, let to, _, let statistic): "\(statistic.rawValue) time from \(from) to \(to)"
        case .distance(let pattern, let point, let along):
            "distance \(along ? "travelled " : "")from (\(Format.meters(point.east)) E, \(Format.meters(point.north)) N) at \(pattern)"
        case .field(let pattern, let key, _, let statistic): "\(statistic.rawValue) \(key) of \(pattern)"
        case .metric(let path): path
        }
    }
}
