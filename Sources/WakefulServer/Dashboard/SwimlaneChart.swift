import Foundation
import Wakeful

/// The device page's SVG: one swimlane per kind of activity over a shared time axis, with the
/// gaps hatched behind every lane and numbered as in the gap table.
///
/// Every mark carries a `<title>` (the browser's tooltip, read by screen readers) and each lane
/// and row a text label, so colour is never the only cue.
struct SwimlaneChart {
    let activity: DeviceActivity
    let gaps: [DashboardGap]
    let scale: ChartScale

    static let viewWidth = 1360.0
    static let plotLeft = 200.0
    static let plotRight = 1344.0
    static let axisHeight = 26.0
    static let laneSpacing = 8.0

    init(activity: DeviceActivity, gaps: [DashboardGap], window: DashboardWindow) {
        self.activity = activity
        self.gaps = gaps
        self.scale = ChartScale(window: window, left: Self.plotLeft, right: Self.plotRight)
    }

    /// One row of a lane: its label, height and how to draw its marks between `top` and `top + height`.
    private struct Row {
        var lane: String
        var label: String
        var height: Double
        /// Lines under a one-row lane's title.
        var caption: [String] = []
        var draw: (inout SVGCanvas, _ top: Double, _ height: Double) -> Void
    }

    /// The chart as an `<svg>` element that scales to its container's width.
    func svg() -> String {
        let lanes = self.lanes()
        var canvas = SVGCanvas()
        var y = Self.axisHeight
        var placed: [(row: Row, top: Double, isFirst: Bool)] = []
        for lane in lanes {
            for (index, row) in lane.enumerated() {
                let isTitled = index == 0 && row.lane != row.label
                if isTitled { y += 18 }
                placed.append((row, y, index == 0))
                y += row.height + 3
            }
            y += Self.laneSpacing
        }
        let height = y + 4
        // Tracks, then gap bands and the grid over them, then labels and marks on top.
        for (row, top, _) in placed {
            canvas.rect(x: Self.plotLeft, y: top, width: scale.width, height: row.height, class: "track")
        }
        for (rank, gap) in gaps.enumerated() {
            let (x, width) = scale.span(gap.start, gap.end)
            canvas.rect(
                x: x, y: Self.axisHeight - 4, width: width, height: height - Self.axisHeight, class: "gap",
                title: "gap \(rank + 1): \(DashboardFormat.duration(gap.duration)), \(gap.cause)")
            if width > 18 { canvas.text("\(rank + 1)", x: x + width / 2, y: height - 2, class: "gap-number", anchor: "middle") }
        }
        for tick in scale.ticks {
            let x = scale.x(tick)
            canvas.line(x1: x, y1: Self.axisHeight - 6, x2: x, y2: height - 14, class: "grid")
            canvas.text(scale.label(tick), x: x, y: 14, class: "tick", anchor: "middle")
        }
        for (row, top, isFirst) in placed {
            let titled = row.lane != row.label
            if isFirst {
                let rule = (titled ? top - 18 : top) - 3
                canvas.line(x1: 8, y1: rule, x2: Self.plotRight, y2: rule, class: "lane-rule")
                if !row.caption.isEmpty {
                    let first = top + row.height / 2 - 1 - 7 * Double(row.caption.count - 1)
                    canvas.text(row.lane, x: 8, y: first, class: "lane-title")
                    for (index, line) in row.caption.enumerated() {
                        canvas.text(line, x: 8, y: first + 14 * Double(index + 1), class: "row-note")
                    }
                } else {
                    canvas.text(row.lane, x: 8, y: titled ? top - 5 : top + row.height / 2 + 4, class: "lane-title")
                }
            }
            if titled { canvas.text(row.label, x: 20, y: top + row.height / 2 + 4, class: "row-label") }
            row.draw(&canvas, top, row.height)
        }
        let title = "Activity of the device from \(DashboardFormat.time(scale.window.start)) to \(DashboardFormat.time(scale.window.end)) UTC"
        return """
            <svg class="chart" viewBox="0 0 \(svgNumber(Self.viewWidth)) \(svgNumber(height))" role="img" aria-labelledby="chart-title" \
            preserveAspectRatio="xMinYMin meet" xmlns="http://www.w3.org/2000/svg">\
            <title id="chart-title">\(HTML.escape(title))</title>\
            <defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">\
            <rect width="6" height="6" fill="#fff7ed"/><line x1="0" y1="0" x2="0" y2="6" stroke="#f6c89f" stroke-width="1.5"/></pattern></defs>\
            \(canvas.out)</svg>
            """
    }

    private func lanes() -> [[Row]] {
        [stateLane(), wakeLane(), taskLane(), jobLane(), [recordRow()], [uploadRow()], pushLane()]
    }

    // MARK: Lanes

    private func stateLane() -> [Row] {
        [
            Row(lane: "App state", label: "App state", height: 24) { canvas, top, height in
                if activity.lifeStart > scale.window.start {
                    let (x, width) = scale.span(scale.window.start, activity.lifeStart, minimum: 1)
                    canvas.rect(
                        x: x, y: top, width: width, height: height, class: "unborn",
                        title: "before the device was first seen (\(DashboardFormat.time(activity.lifeStart))): not a gap")
                }
                for span in activity.states {
                    let (x, width) = scale.span(span.start, span.end, minimum: 1)
                    canvas.rect(
                        x: x, y: top, width: width, height: height, class: "state-\(span.state.cssName)",
                        title: "\(span.state.rawValue) \(DashboardFormat.time(span.start)) – \(DashboardFormat.clock(span.end, withSeconds: true)) (\(DashboardFormat.duration(span.end - span.start))): \(span.note)")
                }
            }
        ]
    }

    private func wakeLane() -> [Row] {
        let sources = WakeSource.allCases.filter { source in activity.wakes.contains { $0.source == source } }
        guard !sources.isEmpty else { return [emptyRow(lane: "Wakes", label: "none")] }
        return sources.map { source in
            let marks = activity.wakes.filter { $0.source == source }
            return Row(lane: "Wakes", label: "\(source.rawValue) (\(marks.count))", height: 14) { canvas, top, height in
                for wake in marks {
                    let x = scale.x(wake.time)
                    switch wake.effect {
                    case .relaunched:
                        canvas.diamond(x: x, y: top + height / 2, radius: 6, class: "wake relaunch", title: "relaunch: \(source.rawValue) at \(DashboardFormat.time(wake.time)) (\(wake.detail))")
                    case .resumed:
                        canvas.circle(x: x, y: top + height / 2, radius: 4, class: "wake", title: "wake: \(source.rawValue) at \(DashboardFormat.time(wake.time)) (\(wake.detail))")
                    case .delivered:
                        canvas.circle(
                            x: x, y: top + height / 2, radius: 3.5, class: "wake delivered",
                            title: "wake while running: \(source.rawValue) at \(DashboardFormat.time(wake.time)) (\(wake.detail))")
                    }
                }
            }
        }
    }

    private func taskLane() -> [Row] {
        let kinds: [(TaskSpan.Kind, String)] = [(.background, "background tasks"), (.scheduled, "scheduled tasks (BGTask)")]
        return kinds.map { kind, label in
            let tasks = activity.tasks.filter { $0.kind == kind }
            return Row(lane: "Tasks", label: "\(label) (\(tasks.count))", height: 16) { canvas, top, height in
                for task in tasks {
                    let (x, width) = scale.span(task.start, task.end, minimum: 3)
                    let title = "\(task.name): \(task.ending.rawValue), \(DashboardFormat.time(task.start)) – \(DashboardFormat.clock(task.end, withSeconds: true)) (\(DashboardFormat.duration(task.end - task.start)))"
                    canvas.rect(x: x, y: top + 2, width: width, height: height - 4, class: "task-\(task.ending.rawValue)", title: title)
                }
            }
        }
    }

    private func jobLane() -> [Row] {
        var order: [String] = []
        for run in activity.jobs where !order.contains(run.job) { order.append(run.job) }
        guard !order.isEmpty else { return [emptyRow(lane: "Jobs", label: "none")] }
        return order.map { job in
            let runs = activity.jobs.filter { $0.job == job }
            return Row(lane: "Jobs", label: "\(job) (\(runs.count))", height: 14) { canvas, top, height in
                for run in runs {
                    let (x, width) = scale.span(run.start, run.end, minimum: 2.5)
                    let outcome = run.outcome?.rawValue ?? "no end"
                    let reason = run.reason.map { ": \($0)" } ?? ""
                    canvas.rect(
                        x: x, y: top + 2, width: width, height: height - 4, class: "job-\(run.outcome?.rawValue ?? "open")",
                        title: "\(job) run \(run.run): \(outcome)\(reason), \(DashboardFormat.time(run.start)) (\(DashboardFormat.duration(run.end - run.start)))")
                }
            }
        }
    }

    /// Data records per bin of about 4 px, as bars scaled to the busiest bin; the caption says what
    /// is not counted (timeline entries, drawn in the lanes above, and records with a bad clock).
    private func recordRow() -> Row {
        let times = activity.recordTimes
        let bins = max(1, Int(scale.width / 4))
        var left = "not counted: \(activity.timelineEntries) timeline entr\(activity.timelineEntries == 1 ? "y" : "ies")"
        if activity.clockFlags.count > 0 { left += ", \(activity.clockFlags.count) clock off" }
        let caption = ["\(times.count) data record\(times.count == 1 ? "" : "s"), bar = \(DashboardFormat.duration(scale.window.duration / Double(bins)))", left]
        return Row(lane: "Records", label: "Records", height: 40, caption: caption) {
            canvas, top, height in
            var counts = [Int](repeating: 0, count: bins)
            let window = scale.window
            for time in times {
                counts[min(bins - 1, Int((time - window.start) / window.duration * Double(bins)))] += 1
            }
            let busiest = Double(counts.max() ?? 1)
            let binSeconds = window.duration / Double(bins)
            for (index, count) in counts.enumerated() where count > 0 {
                let barHeight = max(2, (height - 2) * Double(count) / busiest)
                let start = window.start + Double(index) * binSeconds
                canvas.rect(
                    x: scale.x(start), y: top + height - barHeight, width: max(1, scale.width / Double(bins) - 0.5), height: barHeight,
                    class: "records",
                    title: "\(count) record\(count == 1 ? "" : "s") recorded \(DashboardFormat.time(start)) – \(DashboardFormat.clock(start + binSeconds, withSeconds: true))")
            }
        }
    }

    private func uploadRow() -> Row {
        Row(lane: "Uploads", label: "Uploads", height: 18) { canvas, top, height in
            let inside = activity.uploads.filter { scale.contains($0.receivedAt) }
            for upload in inside {
                let lag = upload.receivedAt - upload.newestRecordedAt
                canvas.rect(
                    x: scale.x(upload.receivedAt) - 1, y: top + 2, width: 2.5, height: height - 4, class: "upload",
                    title: "stored \(DashboardFormat.time(upload.receivedAt)): \(upload.count) records recorded \(DashboardFormat.time(upload.oldestRecordedAt)) – \(DashboardFormat.clock(upload.newestRecordedAt, withSeconds: true)), lag \(DashboardFormat.duration(lag)) or more")
            }
            let outside = activity.uploads.count - inside.count
            if outside > 0, let last = activity.uploads.last {
                // The fleet's devices, for one, record on a simulated clock: their batches arrive long after.
                canvas.text(
                    "\(outside) batch\(outside == 1 ? "" : "es") of this window's records stored outside it (last \(DashboardFormat.time(last.receivedAt)))",
                    x: Self.plotRight - 4, y: top + 13, class: "row-note", anchor: "end")
            }
        }
    }

    private func pushLane() -> [Row] {
        [
            Row(lane: "Pushes", label: "sent by the server (\(activity.pushAttempts.count))", height: 14) { canvas, top, height in
                if activity.pushAttempts.isEmpty { canvas.text("none in this window", x: Self.plotLeft + 6, y: top + 11, class: "row-note") }
                for push in activity.pushAttempts where scale.contains(push.time) {
                    let answer = push.status.map { "APNs \($0)" } ?? "not sent"
                    let details = [push.reason, push.apnsID.map { "apns-id \($0)" }, push.latency.map { DashboardFormat.duration($0) }].compactMap { $0 }
                    canvas.circle(
                        x: scale.x(push.time), y: top + height / 2, radius: 4,
                        class: push.isAccepted ? "push-accepted" : push.status == nil ? "push-unsent" : "push-failed",
                        title: "push \(DashboardFormat.time(push.time)): \(answer)\(details.isEmpty ? "" : ", " + details.joined(separator: ", "))")
                }
            },
            Row(lane: "Pushes", label: "received by the app (\(activity.pushesReceived.count))", height: 14) { canvas, top, height in
                if activity.pushesReceived.isEmpty { canvas.text("none in this window", x: Self.plotLeft + 6, y: top + 11, class: "row-note") }
                for push in activity.pushesReceived where scale.contains(push.time) {
                    canvas.circle(
                        x: scale.x(push.time), y: top + height / 2, radius: 4, class: "push-received",
                        title: "\(push.voip ? "VoIP push" : "silent push") \(push.id) received \(DashboardFormat.time(push.time))")
                }
            },
        ]
    }

    private func emptyRow(lane: String, label: String) -> Row {
        Row(lane: lane, label: label, height: 14) { canvas, top, _ in
            canvas.text("none in this window", x: Self.plotLeft + 6, y: top + 11, class: "row-note")
        }
    }
}

extension ObservedState {
    /// The CSS class suffix.
    var cssName: String { self == .notRunning ? "not-running" : rawValue }
}
