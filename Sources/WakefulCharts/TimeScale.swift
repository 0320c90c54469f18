import Foundation
import Wakeful

/// Maps times in a window to x positions of a chart, and picks the time axis's ticks.
///
/// One scale serves the dashboard (wall-clock seconds since 1970, ticks on UTC clock times and
/// days) and the simulator's report (seconds since the scenario's start, ticks on round elapsed
/// times), so every chart of a page lines up on the same axis.
///
/// ```swift
/// let scale = TimeScale(start: 0, end: 1100, left: 200, right: 1344, axis: .elapsed)
/// scale.ticks.map(scale.label)  // ["0", "2 min", "4 min", …]
/// ```
public struct TimeScale: Sendable, Hashable {
    /// How the axis counts time.
    public enum Axis: Sendable, Hashable {
        /// Seconds since 1970, labelled with UTC clock times (`07:45`) and days (`11-21`).
        case wallClock
        /// Seconds since a start at 0, labelled as elapsed time (`90 s`, `15 min`, `2 h`).
        case elapsed
        /// Not time but a share from 0 to 1, labelled in percent: the axis of a distribution over seeds.
        case percent
    }

    /// The window's first and last second.
    public let start: TimeInterval
    public let end: TimeInterval
    /// The plot's left and right edges in SVG units.
    public let left: Double
    public let right: Double
    /// How ticks are placed and labelled.
    public let axis: Axis

    /// A scale from `start` to `end` onto `left`…`right`.
    public init(start: TimeInterval, end: TimeInterval, left: Double, right: Double, axis: Axis) {
        self.start = start
        self.end = end
        self.left = left
        self.right = right
        self.axis = axis
    }

    /// The plot's width.
    public var width: Double { right - left }
    /// The window's length in seconds.
    public var duration: TimeInterval { end - start }

    /// The x of `time`, clamped to the plot.
    public func x(_ time: TimeInterval) -> Double {
        let fraction = (time - start) / max(duration, 1)
        return left + min(1, max(0, fraction)) * width
    }

    /// A span's x and width, at least `minimum` wide so that a short task stays visible.
    public func span(_ from: TimeInterval, _ to: TimeInterval, minimum: Double = 1.5) -> (x: Double, width: Double) {
        let left = x(from)
        return (left, max(minimum, x(to) - left))
    }

    /// Whether `time` falls inside the window.
    public func contains(_ time: TimeInterval) -> Bool { time >= start && time <= end }

    /// The tick step: the smallest round step that gives at most 12 ticks.
    public var tickStep: TimeInterval {
        let steps: [TimeInterval] =
            switch axis {
            case .wallClock:
                [60, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400, 172_800, 604_800, 2_592_000]
            case .elapsed:
                [
                    1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400, 172_800,
                    604_800,
                ]
            case .percent: [0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5]
            }
        return steps.first { duration / $0 <= 12 } ?? duration / 12
    }

    /// The ticks: multiples of ``tickStep`` inside the window (on UTC for a wall clock).
    public var ticks: [TimeInterval] {
        let step = tickStep
        var tick = (start / step).rounded(.up) * step
        var ticks: [TimeInterval] = []
        while tick <= end, ticks.count < 40 {
            ticks.append(tick)
            tick += step
        }
        return ticks
    }

    /// A tick's label.
    public func label(_ tick: TimeInterval) -> String {
        switch axis {
        case .wallClock:
            // The day at midnight or for steps of a day or more, else the clock time.
            guard let text = RFC3339Time.string(fromSecondsSince1970: tick.rounded(.down)) else { return "" }
            let midnight = tick.truncatingRemainder(dividingBy: 86400) == 0
            return midnight || tickStep >= 86400
                ? String(text.dropFirst(5).prefix(5)) : String(text.dropFirst(11).prefix(5))
        case .elapsed:
            return Self.elapsed(tick)
        case .percent:
            return "\(Int((tick * 100).rounded())) %"
        }
    }

    /// `0`, `45 s`, `15 min`, `1 h 30 min`, `2 d`.
    static func elapsed(_ seconds: TimeInterval) -> String {
        let total = Int(seconds.rounded())
        if total == 0 { return "0" }
        if total < 60 { return "\(total) s" }
        if total < 3600 { return total % 60 == 0 ? "\(total / 60) min" : "\(total / 60) min \(total % 60) s" }
        if total < 172_800 {
            return total % 3600 == 0 ? "\(total / 3600) h" : "\(total / 3600) h \(total % 3600 / 60) min"
        }
        return total % 86400 == 0 ? "\(total / 86400) d" : "\(total / 86400) d \(total % 86400 / 3600) h"
    }
}
