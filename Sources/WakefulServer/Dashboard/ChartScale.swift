import Foundation

/// Maps times in a window to x positions of the chart, and picks the time axis's ticks.
struct ChartScale: Sendable {
    let window: DashboardWindow
    /// The plot's left and right edges in SVG units.
    let left: Double
    let right: Double

    var width: Double { right - left }

    /// The x of `time`, clamped to the plot.
    func x(_ time: TimeInterval) -> Double {
        let fraction = (time - window.start) / max(window.duration, 1)
        return left + min(1, max(0, fraction)) * width
    }

    /// A span's x and width, at least `minimum` wide so that a short task stays visible.
    func span(_ start: TimeInterval, _ end: TimeInterval, minimum: Double = 1.5) -> (x: Double, width: Double) {
        let from = x(start)
        return (from, max(minimum, x(end) - from))
    }

    /// Whether `time` falls inside the window.
    func contains(_ time: TimeInterval) -> Bool { time >= window.start && time <= window.end }

    /// The tick step: the smallest round step that gives at most 12 ticks.
    var tickStep: TimeInterval {
        let steps: [TimeInterval] = [60, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400, 172_800, 604_800, 2_592_000]
        return steps.first { window.duration / $0 <= 12 } ?? window.duration / 12
    }

    /// The ticks: multiples of ``tickStep`` (in UTC) inside the window.
    var ticks: [TimeInterval] {
        let step = tickStep
        var tick = (window.start / step).rounded(.up) * step
        var ticks: [TimeInterval] = []
        while tick <= window.end, ticks.count < 40 {
            ticks.append(tick)
            tick += step
        }
        return ticks
    }

    /// A tick's label: the day at midnight or for steps of a day or more, else the clock time.
    func label(_ tick: TimeInterval) -> String {
        let midnight = tick.truncatingRemainder(dividingBy: 86400) == 0
        if tickStep >= 86400 { return String(DashboardFormat.day(tick).dropFirst(5)) }
        return midnight ? String(DashboardFormat.day(tick).dropFirst(5)) : DashboardFormat.clock(tick)
    }
}

/// Numbers in SVG attributes: one decimal, no locale.
func svgNumber(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
}
