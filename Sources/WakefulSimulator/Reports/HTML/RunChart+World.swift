import Foundation
import Wakeful
import WakefulCharts

extension RunChart {
    /// How many points draw a distance curve: smooth at the chart's width, few bytes.
    static let curvePoints = 400

    /// The walk: the true distance to the trigger beacon over time, the trigger distance as a
    /// line, and where this run triggered or stopped for good. Without a trigger beacon, the
    /// distance from the start when the user moves.
    func distanceLane() -> ChartLane? {
        let trajectory = scenario.world.trajectory
        let trigger = scenario.trigger
        let reference: (point: LocalPoint, name: String)
        if let trigger {
            reference = (trigger.beacon.position, "to beacon \(trigger.beacon.id)")
        } else if trajectory.length > 0 {
            reference = (trajectory.position(at: 0), "from the start")
        } else {
            return nil
        }
        let times = (0...Self.curvePoints).map { scale.start + scale.duration * Double($0) / Double(Self.curvePoints) }
        let distances = times.map { trajectory.position(at: $0).distance(to: reference.point) }
        // A logarithmic axis: 3 m, 20 m and 400 m all stay apart, so where each run stopped reads at a glance.
        let top = log10(Self.roundUp(max(distances.max() ?? 1, 2)))
        let range = log10(Self.nearest)...top
        func level(_ meters: Double) -> Double { log10(max(meters, Self.nearest)) }
        // Grid lines near the trigger distance would write over its label.
        let grid = Self.gridMeters(upTo: pow(10, top)).filter { meters in
            trigger.map { abs(log10($0.distance / meters)) > 0.6 } ?? true
        }
        var marks: [ChartMark] = grid.map {
            .level(level($0), range: range, label: Self.meters($0), class: "axis-line")
        }
        if let trigger {
            marks.append(
                .level(
                    level(trigger.distance), range: range, label: "\(Self.meters(trigger.distance)): trigger distance",
                    class: "threshold"))
        }
        marks.append(
            .curve(
                points: zip(times, distances).map { (time: $0, value: level($1)) }, range: range, class: "distance",
                title: "true distance \(reference.name) over time (logarithmic)"))
        if let at = metrics.triggerAtSeconds, let distance = metrics.triggerDistanceMeters {
            let estimated = metrics.triggerEstimatedMeters.map { ", estimated \(Format.meters($0))" } ?? ""
            marks.append(
                .point(
                    at: at, shape: .triangle(radius: 6), level: .value(level(distance), in: range), class: "triggered",
                    title: "triggered at \(Format.duration(at)), \(Format.meters(distance)) from the beacon\(estimated)"
                ))
        }
        if let stop = metrics.finalStop {
            let distance =
                metrics.suspendedAtDistanceMeters ?? trajectory.position(at: stop.at).distance(to: reference.point)
            marks.append(
                .point(
                    at: stop.at, shape: .triangle(radius: 6), level: .value(level(distance), in: range),
                    class: "stopped",
                    title:
                        "stopped for good at \(Format.duration(stop.at)), \(Format.meters(distance)) away: \(stop.state) (\(stop.cause))"
                ))
        }
        return ChartLane(
            "Distance", caption: ["\(reference.name), log scale", "▼ green triggered, red stopped"],
            rows: [ChartRow(height: 72, marks: marks)])
    }

    /// Location callbacks and region events: what the app learnt of where the user was.
    func locationLane() -> ChartLane? {
        let names: Set<String> = [
            "locationsUpdated", "significantLocationChange", "visit", "regionEntered", "regionExited", "monitorEvent",
        ]
        let fixes = entries.filter { $0.kind == "event" && names.contains($0.name) }
        guard !fixes.isEmpty else { return nil }
        var order: [String] = []
        for fix in fixes where !order.contains(fix.name) { order.append(fix.name) }
        return ChartLane(
            "Location",
            rows: order.map { name in
                let found = fixes.filter { $0.name == name }
                return ChartRow(
                    label: "\(name) (\(found.count))",
                    marks: found.map {
                        .point(
                            at: $0.time, shape: .circle(radius: 2.5), class: "location-fix",
                            title: $0.tooltip("\(name) at \(Format.duration($0.time))"))
                    })
            })
    }

    /// The bottom of the distance axis: closer than this is drawn at it.
    static let nearest = 0.5

    /// Grid lines at 1, 10, 100 … m below `top`.
    static func gridMeters(upTo top: Double) -> [Double] {
        (0...6).map { pow(10, Double($0)) }.filter { $0 <= top }
    }

    /// A round ceiling for a distance axis: 1, 2 or 5 × a power of ten.
    static func roundUp(_ value: Double) -> Double {
        guard value > 0 else { return 1 }
        let power = pow(10, (log10(value)).rounded(.down))
        return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= value } ?? 10 * power
    }

    private static func meters(_ value: Double) -> String {
        value >= 1000 ? String(format: "%.1f km", value / 1000) : Format.meters(value)
    }
}
