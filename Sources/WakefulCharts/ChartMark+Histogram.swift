import Foundation

extension ChartMark {
    /// Bars counting `times` in bins about 4 units wide, scaled to the busiest bin: a row of many
    /// moments (records, samples) that points would smear together.
    ///
    /// - Parameters:
    ///   - times: The moments, inside the scale's window.
    ///   - scale: The chart's axis.
    ///   - class: The bars' CSS class.
    ///   - title: A bar's tooltip from its count and its bin's first and last second.
    /// - Returns: One bar per bin that holds a moment.
    public static func histogram(
        _ times: [TimeInterval], on scale: TimeScale, class name: String,
        title: (Int, TimeInterval, TimeInterval) -> String
    ) -> [ChartMark] {
        let bins = max(1, Int(scale.width / 4))
        let binSeconds = scale.duration / Double(bins)
        var counts = [Int](repeating: 0, count: bins)
        for time in times {
            counts[min(bins - 1, max(0, Int((time - scale.start) / scale.duration * Double(bins))))] += 1
        }
        let busiest = Double(counts.max() ?? 1)
        return counts.enumerated().compactMap { index, count in
            guard count > 0 else { return nil }
            let start = scale.start + Double(index) * binSeconds
            return .bar(
                from: start, to: start + binSeconds, fraction: Double(count) / busiest, class: name,
                title: title(count, start, start + binSeconds))
        }
    }

    /// The span of one bin of ``histogram(_:on:class:title:)``.
    public static func histogramBin(on scale: TimeScale) -> TimeInterval {
        scale.duration / Double(max(1, Int(scale.width / 4)))
    }
}
