import Foundation
import Wakeful

extension FidelityMeasure {
    /// The run's one figure, or nil when the run never produced what is measured (no matching
    /// entry, no second fix to measure an interval between).
    func value(in timeline: MatchedTimeline, metrics: RunMetrics, scenario: Scenario) -> Double? {
        let duration = scenario.duration
        switch self {
        case .count(let pattern, let window, let per):
            let end = window.to ?? duration
            let count = timeline.times(of: pattern).filter { $0 >= window.from && $0 < end }.count
            guard let per else { return Double(count) }
            return Double(count) / ((end - window.from) / per)
        case .first(let pattern, let anchor):
            let start: TimeInterval
            switch anchor {
            case .time(let time): start = time
            case .entry(let anchor):
                guard let time = timeline.times(of: anchor).first else { return nil }
                start = time
            }
            return timeline.times(of: pattern).first { $0 >= start }.map { $0 - start }
        case .interval(let pattern, let window, let statistic):
            let times = Self.times(timeline.times(of: pattern), in: window, duration: duration)
            return statistic.apply(zip(times.dropFirst(), times).map { $0 - $1 })
        case .span(let from, let to, let window, let statistic):
            let ends = timeline.times(of: to)
            let spans = Self.times(timeline.times(of: from), in: window, duration: duration).compactMap { start in
                ends.first { $0 >= start }.map { $0 - start }
            }
            return statistic.apply(spans)
        case .distance(let pattern, let point, let along):
            guard let time = timeline.times(of: pattern).first else { return nil }
            let path = scenario.world.trajectory
            guard along else { return path.position(at: time).distance(to: point) }
            return path.distanceTravelled(to: time, sinceLastAt: point)
        case .field(let pattern, let key, let window, let statistic):
            let end = window.to ?? duration
            let values = timeline.matches(of: pattern).filter { $0.time >= window.from && $0.time < end }
                .compactMap { match -> Double? in
                    switch match.line[key] {
                    case .int(let value): Double(value)
                    case .double(let value): value
                    default: nil
                    }
                }
            return statistic.apply(values)
        case .metric(let path):
            return Self.number(at: path, in: metrics)
        }
    }

    private static func times(_ times: [TimeInterval], in window: Window, duration: TimeInterval) -> [TimeInterval] {
        let end = window.to ?? duration
        return times.filter { $0 >= window.from && $0 < end }
    }

    /// The number at a dotted path of the metrics' JSON form (`wakes.regionWake`,
    /// `energy.batteryPercentPerHour`, `terminations.0.code` for an array's element), 0 for a
    /// count that is absent from a dictionary of counts.
    static func number(at path: String, in metrics: RunMetrics) -> Double? {
        guard let data = try? JSONEncoder().encode(metrics), var value = try? JSONValue.parse(data) else { return nil }
        for part in path.split(separator: ".").map(String.init) {
            switch value {
            case .object(let object):
                // A dictionary of counts (`wakes`) leaves out what never happened.
                let isCounts = object.allSatisfy { if case .int = $0.value { true } else { false } }
                guard let member = object[part] ?? (isCounts ? .int(0) : nil) else { return nil }
                value = member
            case .array(let array):
                if part == "count" {
                    value = .int(array.count)
                } else if let index = Int(part), array.indices.contains(index) {
                    value = array[index]
                } else {
                    return nil
                }
            default: return nil
            }
        }
        switch value {
        case .int(let number): return Double(number)
        case .double(let number): return number
        default: return nil
        }
    }
}

extension Trajectory {
    /// Metres travelled along the path up to `time` since the user was last within 1 m of `point`
    /// (since the start when never).
    func distanceTravelled(to time: TimeInterval, sinceLastAt point: LocalPoint) -> Double {
        // Walk the path in one-second steps: exact enough for metres at driving speeds, and paths
        // here are at most days long.
        var travelled = 0.0
        var previous = position(at: startTime)
        var t = startTime
        while t < time {
            t = min(t + 1, time)
            let here = position(at: t)
            travelled = here.distance(to: point) <= 1 ? 0 : travelled + here.distance(to: previous)
            previous = here
        }
        return travelled
    }
}
