import Foundation
import WakefulCharts

/// The many-seed view of a scenario: for each configuration, every seed's value as a dot, the
/// 5th–95th percentile as a bar and the median as a diamond, on one axis per measure, so a robust
/// verdict (a tight strip) is told from a lucky one (a wide one) at a glance.
struct SeedDistributionChart {
    /// One measure: its name, how to read it from a sample, and its axis.
    struct Measure: Sendable {
        var name: String
        var value: @Sendable (SeedSample) -> Double?
        var spread: @Sendable (SeedSummary) -> SeedSummary.Spread?
        var axis: TimeScale.Axis
        var text: @Sendable (Double) -> String
    }

    static let score = Measure(
        name: "Success score", value: \.score, spread: \.score, axis: .percent,
        text: { "\(Int(($0 * 100).rounded())) %" })
    static let largestGap = Measure(
        name: "Largest gap", value: \.largestGap, spread: \.largestGap, axis: .elapsed, text: { Format.duration($0) })

    /// The configurations' samples and summaries, in plan order.
    let groups: [(summary: SeedSummary, samples: [SeedSample])]

    /// The chart of `measure`, or nil when no sample has a value for it.
    func chart(_ measure: Measure, id: String) -> Chart? {
        let values = groups.flatMap { $0.samples.compactMap(measure.value) }
        guard let highest = values.max() else { return nil }
        let end = measure.axis == .percent ? 1 : max(highest, 1)
        let scale = TimeScale(start: 0, end: end, left: Chart.plotLeft, right: Chart.plotRight, axis: measure.axis)
        let lanes = groups.map { summary, samples in
            var marks: [ChartMark] = []
            if let spread = measure.spread(summary) {
                marks.append(
                    .span(
                        from: spread.p5, to: spread.p95, class: "spread",
                        title:
                            "\(measure.name): 5th–95th percentile \(measure.text(spread.p5))–\(measure.text(spread.p95)) over \(spread.count) seeds",
                        minimumWidth: 2, inset: 5))
            }
            marks += samples.compactMap { sample in
                measure.value(sample).map { value in
                    .point(
                        at: value, shape: .circle(radius: 3), class: "seed",
                        title: "seed \(sample.seed): \(measure.text(value))\(sample.gapCause.map { ", \($0)" } ?? "")")
                }
            }
            if let spread = measure.spread(summary) {
                marks.append(
                    .point(
                        at: spread.median, shape: .diamond(radius: 6), class: "median",
                        title: "\(measure.name): median \(measure.text(spread.median))"))
            }
            return ChartLane("\(summary.strategy) · iOS \(summary.ios)", rows: [ChartRow(height: 22, marks: marks)])
        }
        return Chart(id: id, title: "\(measure.name) over seeds, by configuration", scale: scale, lanes: lanes)
    }
}
