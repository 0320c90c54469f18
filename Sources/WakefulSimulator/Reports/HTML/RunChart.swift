import Foundation
import Wakeful
import WakefulCharts

/// One run drawn as swimlanes on its scenario's shared time axis: the app state with its cause,
/// wakes by source, background and scheduled tasks with their budgets and expiries, the wanted
/// work and its gap, the walk to the trigger beacon or the route, pushes, uploads and energy.
///
/// Every mark is read from the run's own timeline (``ReportEntry``), and its tooltip shows the
/// line it was drawn from.
struct RunChart {
    let scenario: Scenario
    let metrics: RunMetrics
    let entries: [ReportEntry]
    let scale: TimeScale

    init(scenario: Scenario, run: RecordedRun, scale: TimeScale) {
        self.scenario = scenario
        self.metrics = run.metrics
        self.entries = run.entries.map(ReportEntry.init)
        self.scale = scale
    }

    /// The chart, its ids prefixed with `id`.
    func chart(id: String) -> Chart {
        let lanes = [
            stateLane(), wakeLane(), taskLane(), workLane(), distanceLane(), locationLane(), pushLane(), uploadLane(),
            energyLane(),
        ]
        return Chart(
            id: id, title: "\(metrics.strategy) on iOS \(metrics.ios) in \(metrics.scenario), seed \(metrics.seed)",
            scale: scale,
            lanes: lanes.compactMap { $0 }, bands: gapBands)
    }

    /// The gaps the run's metrics give (the success measure's largest gap), numbered.
    var gaps: [Gap] { metrics.success?.largestGap.map { [$0] } ?? [] }

    private var gapBands: [ChartBand] {
        gaps.enumerated().map { index, gap in
            ChartBand(
                from: gap.from, to: gap.to, label: "gap \(index + 1)", title: "gap \(index + 1): \(Self.describe(gap))")
        }
    }

    /// `17m 41s from 15 s to 17m 56s: suspended after …, until end of scenario (STATE-1, …)`.
    static func describe(_ gap: Gap) -> String {
        let ended = gap.endedBy == "—" ? "" : ", until \(gap.endedBy)"
        let rules = gap.rules.isEmpty ? "" : " (\(gap.rules.joined(separator: ", ")))"
        return
            "\(Format.duration(gap.seconds)) from \(Format.duration(gap.from)) to \(Format.duration(gap.to)): \(gap.cause)\(ended)\(rules)"
    }

    /// `1m 5s – 1m 40s (35 s)`.
    func stretch(_ from: TimeInterval, _ to: TimeInterval) -> String {
        "\(Format.duration(from)) – \(Format.duration(to)) (\(Format.duration(to - from)))"
    }

    // MARK: State and wakes

    /// The CSS class of a simulator state (`AppState`'s raw values).
    static func stateClass(_ state: String) -> String {
        switch state {
        case "active": "state-foreground"
        case "inactive": "state-inactive"
        case "background": "state-background"
        case "suspended": "state-suspended"
        default: "state-not-running"
        }
    }

    private func stateLane() -> ChartLane {
        var marks: [ChartMark] = []
        var labels: [ChartMark] = []
        let changes = entries.filter { $0.kind == "state" }
        // Before its first state entry the app has not been launched.
        let starts = [0] + changes.map(\.time)
        let ends = changes.map(\.time) + [scale.end]
        for (index, (from, to)) in zip(starts, ends).enumerated() where to > from {
            let change = index == 0 ? nil : changes[index - 1]
            let state = change?.name ?? "notRunning"
            let cause =
                change.map {
                    "\($0.string("cause") ?? "")\($0.rules.isEmpty ? "" : " (\($0.rules.joined(separator: ", ")))")"
                } ?? "not launched yet"
            let heading = "\(state) \(stretch(from, to)): \(cause)"
            marks.append(
                .span(
                    from: from, to: to, class: Self.stateClass(state), title: change?.tooltip(heading) ?? heading,
                    minimumWidth: 1))
            let light = state == "suspended" || state == "inactive"
            labels.append(
                .label(
                    change?.string("cause") ?? state, from: from, to: to,
                    class: light ? "state-label on-light" : "state-label"))
        }
        return ChartLane("App state", rows: [ChartRow(height: 22, marks: marks + labels)])
    }

    /// The rows of wakes: one per cause of a state change that resumed or relaunched the app,
    /// and one for the wakes a rule refused.
    private func wakeLane() -> ChartLane {
        var order: [String] = []
        var marks: [String: [ChartMark]] = [:]
        for entry in entries where entry.kind == "state" {
            guard let from = entry.string("from"), from == "suspended" || from == "notRunning",
                entry.name != "notRunning", entry.name != "suspended",
                let cause = entry.string("cause")
            else { continue }
            if marks[cause] == nil { order.append(cause) }
            let relaunch = from == "notRunning"
            let heading = "\(relaunch ? "relaunch" : "wake"): \(cause) at \(Format.duration(entry.time))"
            marks[cause, default: []].append(
                .point(
                    at: entry.time, shape: relaunch ? .diamond(radius: 6) : .circle(radius: 4),
                    class: relaunch ? "wake relaunch" : "wake",
                    title: entry.tooltip(heading)))
        }
        var rows = order.map { ChartRow(label: "\($0) (\(marks[$0]?.count ?? 0))", marks: marks[$0] ?? []) }
        let refused = entries.filter {
            $0.kind == "decision" && ["wakeSuppressed", "relaunchSuppressed", "regionRefused"].contains($0.name)
        }
        if !refused.isEmpty {
            rows.append(
                ChartRow(
                    label: "refused (\(refused.count))",
                    marks: refused.map { entry in
                        .point(
                            at: entry.time, shape: .circle(radius: 3.5), class: "wake refused",
                            title: entry.tooltip("\(entry.name) at \(Format.duration(entry.time))"))
                    }))
        }
        if rows.isEmpty { rows = [ChartRow(label: "none", marks: [.note("never woken in the background")])] }
        return ChartLane("Wakes", rows: rows)
    }
}
