import Foundation

/// Charging and battery level over time (`world.power` in a scenario file), for the scheduling
/// factors of BGT-5 and BGT-11.
///
/// Each point may give the battery level, the charger state or both:
/// - **Charging** is a step function: a point's `charging` holds until a later point changes it;
///   before the first point that gives it, the phone is not charging.
/// - **Battery** drifts linearly between consecutive points that give a level; before the first
///   such point it stays at that point's level, after the last one it stays at the last level.
///   With no level given anywhere it is 100 %.
///
/// ```swift
/// let power = try PowerTimeline([
///     PowerPoint(at: 0, battery: 0.8, charging: false),
///     PowerPoint(at: 3600, battery: 0.6),
///     PowerPoint(at: 7200, charging: true),
/// ])
/// power.battery(at: 1800)    // 0.7
/// power.charging(at: 7200)   // true
/// ```
public struct PowerTimeline: Sendable, Hashable {
    /// The points, in time order.
    public let points: [PowerPoint]
    private let levels: [(at: TimeInterval, level: Double)]
    private let chargerChanges: [(at: TimeInterval, charging: Bool)]

    /// A phone that is never charged and stays full.
    public static let unplugged = PowerTimeline(validated: [])

    /// Creates a timeline.
    /// - Throws: ``PowerTimelineError`` when the points are out of order, a level is outside 0…1
    ///   or a point gives nothing.
    public init(_ points: [PowerPoint]) throws(PowerTimelineError) {
        for (index, point) in points.enumerated() {
            guard point.at >= 0, point.at.isFinite else {
                throw PowerTimelineError(
                    index: index, field: "at", message: "expected seconds from the start, zero or more")
            }
            if index > 0, point.at <= points[index - 1].at {
                throw PowerTimelineError(
                    index: index, field: "at",
                    message:
                        "\(point.at) s is not after the previous point's \(points[index - 1].at) s; expected points in increasing time order"
                )
            }
            if let level = point.battery, !(0...1).contains(level) {
                throw PowerTimelineError(
                    index: index, field: "battery",
                    message: "\(level) is outside 0…1; expected a fraction of a full charge, e.g. 0.8")
            }
            if point.battery == nil && point.charging == nil {
                throw PowerTimelineError(
                    index: index, field: nil, message: "gives neither battery nor charging; expected at least one")
            }
        }
        self.init(validated: points)
    }

    /// Creates a timeline from points already checked.
    private init(validated points: [PowerPoint]) {
        self.points = points
        levels = points.compactMap { point in point.battery.map { (point.at, $0) } }
        chargerChanges = points.compactMap { point in point.charging.map { (point.at, $0) } }
    }

    /// The battery level (0–1) at `time`.
    public func battery(at time: TimeInterval) -> Double {
        guard let first = levels.first else { return 1 }
        guard time > first.at else { return first.level }
        for (before, after) in zip(levels, levels.dropFirst()) where time < after.at {
            let fraction = (time - before.at) / (after.at - before.at)
            return before.level + (after.level - before.level) * fraction
        }
        return levels[levels.count - 1].level
    }

    /// Whether the phone is on the charger at `time`.
    public func charging(at time: TimeInterval) -> Bool {
        chargerChanges.last { $0.at <= time }?.charging ?? false
    }

    /// The same battery levels, with the charger `on` from `time` and no later change: what the
    /// timeline becomes when the user plugs the phone in or out at `time`.
    func charging(_ on: Bool, from time: TimeInterval) -> PowerTimeline {
        var kept = points.filter { $0.at < time }
        var rest = points.filter { $0.at >= time }.compactMap { point -> PowerPoint? in
            point.battery.map { PowerPoint(at: point.at, battery: $0) }
        }
        if rest.first?.at == time {
            rest[0].charging = on
        } else {
            rest.insert(PowerPoint(at: time, charging: on), at: 0)
        }
        kept += rest
        return PowerTimeline(validated: kept)
    }

    /// The times at which the charger state changes, for the scheduler to look again.
    public var changeTimes: [TimeInterval] { chargerChanges.map(\.at) }

    public static func == (lhs: PowerTimeline, rhs: PowerTimeline) -> Bool { lhs.points == rhs.points }
    public func hash(into hasher: inout Hasher) { hasher.combine(points) }
}

/// One point of a ``PowerTimeline``.
public struct PowerPoint: Sendable, Hashable {
    /// Simulated seconds from the start.
    public var at: TimeInterval
    /// The battery level (0–1), when this point gives one.
    public var battery: Double?
    /// Whether the phone is charging from here on, when this point says.
    public var charging: Bool?

    /// Creates a point.
    public init(at: TimeInterval, battery: Double? = nil, charging: Bool? = nil) {
        self.at = at
        self.battery = battery
        self.charging = charging
    }
}

/// A power timeline that cannot be built: which point, which field, what was expected.
public struct PowerTimelineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The index of the point at fault.
    public var index: Int
    /// The field at fault, when one is.
    public var field: String?
    /// What is wrong and what is expected.
    public var message: String

    public var description: String { "point \(index)\(field.map { " \($0)" } ?? ""): \(message)" }
}

/// How the user used the app before the scenario starts (`app.usage`): the app-usage factor of
/// BGT-11 and BGT-5's "used in the last 7 days".
public struct AppUsageHistory: Sendable, Hashable {
    /// Days since the user last opened the app, at the scenario's start; nil for never.
    public var usedDaysAgo: Double?
    /// Hours of day (0–24) at which the user usually opens the app.
    public var typicalOpenHours: [Double]

    /// Creates a history.
    public init(usedDaysAgo: Double? = nil, typicalOpenHours: [Double] = []) {
        self.usedDaysAgo = usedDaysAgo
        self.typicalOpenHours = typicalOpenHours
    }
}
