import Foundation
import Wakeful
import WakefulCharts

/// The device page's chart: one swimlane per kind of activity over a shared time axis, with the
/// gaps hatched behind every lane and numbered as in the gap table, drawn by the shared
/// ``Chart`` renderer (the simulator's HTML report draws with it too).
struct SwimlaneChart {
    let activity: DeviceActivity
    let gaps: [DashboardGap]
    let scale: TimeScale

    init(activity: DeviceActivity, gaps: [DashboardGap], window: DashboardWindow) {
        self.activity = activity
        self.gaps = gaps
        self.scale = TimeScale(
            start: window.start, end: window.end, left: Chart.plotLeft, right: Chart.plotRight, axis: .wallClock)
    }

    /// The chart as an `<svg>` element that scales to its container's width.
    func svg() -> String {
        let bands = gaps.enumerated().map { rank, gap in
            ChartBand(
                from: gap.start, to: gap.end, label: "\(rank + 1)",
                title: "gap \(rank + 1): \(DashboardFormat.duration(gap.duration)), \(gap.cause)")
        }
        let title =
            "Activity of the device from \(DashboardFormat.time(scale.start)) to \(DashboardFormat.time(scale.end)) UTC"
        let lanes = [stateLane(), wakeLane(), taskLane(), jobLane(), recordLane(), uploadLane(), pushLane()]
        return Chart(id: "chart", title: title, scale: scale, lanes: lanes, bands: bands).svg()
    }

    // MARK: Lanes

    private func stateLane() -> ChartLane {
        var marks: [ChartMark] = []
        if activity.lifeStart > scale.start {
            marks.append(
                .span(
                    from: scale.start, to: activity.lifeStart, class: "unborn",
                    title: "before the device was first seen (\(DashboardFormat.time(activity.lifeStart))): not a gap",
                    minimumWidth: 1))
        }
        for span in activity.states {
            marks.append(
                .span(
                    from: span.start, to: span.end, class: "state-\(span.state.cssName)",
                    title:
                        "\(span.state.rawValue) \(DashboardFormat.time(span.start)) – \(DashboardFormat.clock(span.end, withSeconds: true)) (\(DashboardFormat.duration(span.end - span.start))): \(span.note)",
                    minimumWidth: 1))
        }
        return ChartLane("App state", rows: [ChartRow(height: 24, marks: marks)])
    }

    private func wakeLane() -> ChartLane {
        let sources = WakeSource.allCases.filter { source in activity.wakes.contains { $0.source == source } }
        guard !sources.isEmpty else { return Self.emptyLane("Wakes") }
        return ChartLane(
            "Wakes",
            rows: sources.map { source in
                let marks = activity.wakes.filter { $0.source == source }
                return ChartRow(
                    label: "\(source.rawValue) (\(marks.count))",
                    marks: marks.map { wake in
                        let at = DashboardFormat.time(wake.time)
                        return switch wake.effect {
                        case .relaunched:
                            .point(
                                at: wake.time, shape: .diamond(radius: 6), class: "wake relaunch",
                                title: "relaunch: \(source.rawValue) at \(at) (\(wake.detail))")
                        case .resumed:
                            .point(
                                at: wake.time, shape: .circle(radius: 4), class: "wake",
                                title: "wake: \(source.rawValue) at \(at) (\(wake.detail))")
                        case .delivered:
                            .point(
                                at: wake.time, shape: .circle(radius: 3.5), class: "wake delivered",
                                title: "wake while running: \(source.rawValue) at \(at) (\(wake.detail))")
                        }
                    })
            })
    }

    private func taskLane() -> ChartLane {
        let kinds: [(TaskSpan.Kind, String)] = [
            (.background, "background tasks"), (.scheduled, "scheduled tasks (BGTask)"),
        ]
        return ChartLane(
            "Tasks",
            rows: kinds.map { kind, label in
                let tasks = activity.tasks.filter { $0.kind == kind }
                return ChartRow(
                    label: "\(label) (\(tasks.count))", height: 16,
                    marks: tasks.map { task in
                        .span(
                            from: task.start, to: task.end, class: "task-\(task.ending.rawValue)",
                            title:
                                "\(task.name): \(task.ending.rawValue), \(DashboardFormat.time(task.start)) – \(DashboardFormat.clock(task.end, withSeconds: true)) (\(DashboardFormat.duration(task.end - task.start)))",
                            minimumWidth: 3, inset: 2)
                    })
            })
    }

    private func jobLane() -> ChartLane {
        var order: [String] = []
        for run in activity.jobs where !order.contains(run.job) { order.append(run.job) }
        guard !order.isEmpty else { return Self.emptyLane("Jobs") }
        return ChartLane(
            "Jobs",
            rows: order.map { job in
                let runs = activity.jobs.filter { $0.job == job }
                return ChartRow(
                    label: "\(job) (\(runs.count))",
                    marks: runs.map { run in
                        let outcome = run.outcome?.rawValue ?? "no end"
                        let reason = run.reason.map { ": \($0)" } ?? ""
                        return .span(
                            from: run.start, to: run.end, class: "job-\(run.outcome?.rawValue ?? "open")",
                            title:
                                "\(job) run \(run.run): \(outcome)\(reason), \(DashboardFormat.time(run.start)) (\(DashboardFormat.duration(run.end - run.start)))",
                            minimumWidth: 2.5, inset: 2)
                    })
            })
    }

    /// Data records per bin of about 4 px, as bars scaled to the busiest bin; the caption says what
    /// is not counted (timeline entries, drawn in the lanes above, and records with a bad clock).
    private func recordLane() -> ChartLane {
        let times = activity.recordTimes
        let binSeconds = ChartMark.histogramBin(on: scale)
        var left =
            "not counted: \(activity.timelineEntries) timeline entr\(activity.timelineEntries == 1 ? "y" : "ies")"
        if activity.clockFlags.count > 0 { left += ", \(activity.clockFlags.count) clock off" }
        let caption = [
            "\(times.count) data record\(times.count == 1 ? "" : "s"), bar = \(DashboardFormat.duration(binSeconds))",
            left,
        ]
        let marks = ChartMark.histogram(times, on: scale, class: "records") { count, start, end in
            "\(count) record\(count == 1 ? "" : "s") recorded \(DashboardFormat.time(start)) – \(DashboardFormat.clock(end, withSeconds: true))"
        }
        return ChartLane("Records", caption: caption, rows: [ChartRow(height: 40, marks: marks)])
    }

    private func uploadLane() -> ChartLane {
        let inside = activity.uploads.filter { scale.contains($0.receivedAt) }
        var marks: [ChartMark] = inside.map { upload in
            let lag = upload.receivedAt - upload.newestRecordedAt
            return .span(
                from: upload.receivedAt, to: upload.receivedAt, class: "upload",
                title:
                    "stored \(DashboardFormat.time(upload.receivedAt)): \(upload.count) records recorded \(DashboardFormat.time(upload.oldestRecordedAt)) – \(DashboardFormat.clock(upload.newestRecordedAt, withSeconds: true)), lag \(DashboardFormat.duration(lag)) or more",
                minimumWidth: 2.5, inset: 2)
        }
        let outside = activity.uploads.count - inside.count
        if outside > 0, let last = activity.uploads.last {
            // The fleet's devices, for one, record on a simulated clock: their batches arrive long after.
            marks.append(
                .note(
                    "\(outside) batch\(outside == 1 ? "" : "es") of this window's records stored outside it (last \(DashboardFormat.time(last.receivedAt)))",
                    alignedRight: true))
        }
        return ChartLane("Uploads", rows: [ChartRow(height: 18, marks: marks)])
    }

    private func pushLane() -> ChartLane {
        var sent: [ChartMark] = activity.pushAttempts.filter { scale.contains($0.time) }.map { push in
            let answer = push.status.map { "APNs \($0)" } ?? "not sent"
            let details = [
                push.reason, push.apnsID.map { "apns-id \($0)" }, push.latency.map { DashboardFormat.duration($0) },
            ].compactMap { $0 }
            return .point(
                at: push.time, shape: .circle(radius: 4),
                class: push.isAccepted ? "push-accepted" : push.status == nil ? "push-unsent" : "push-failed",
                title:
                    "push \(DashboardFormat.time(push.time)): \(answer)\(details.isEmpty ? "" : ", " + details.joined(separator: ", "))"
            )
        }
        var received: [ChartMark] = activity.pushesReceived.filter { scale.contains($0.time) }.map { push in
            .point(
                at: push.time, shape: .circle(radius: 4), class: "push-received",
                title:
                    "\(push.voip ? "VoIP push" : "silent push") \(push.id) received \(DashboardFormat.time(push.time))")
        }
        if activity.pushAttempts.isEmpty { sent.append(.note("none in this window")) }
        if activity.pushesReceived.isEmpty { received.append(.note("none in this window")) }
        return ChartLane(
            "Pushes",
            rows: [
                ChartRow(label: "sent by the server (\(activity.pushAttempts.count))", marks: sent),
                ChartRow(label: "received by the app (\(activity.pushesReceived.count))", marks: received),
            ])
    }

    private static func emptyLane(_ title: String) -> ChartLane {
        ChartLane(title, rows: [ChartRow(label: "none", marks: [.note("none in this window")])])
    }
}

extension ObservedState {
    /// The CSS class suffix.
    var cssName: String { self == .notRunning ? "not-running" : rawValue }
}
