import Foundation
import Wakeful
import WakefulCharts

extension RunChart {
    /// A task as its entries tell it: begun, granted a budget, told it expires, ended or killed.
    private struct TaskRun {
        var name: String
        var begun: ReportEntry
        /// When iOS would end it (`deadline` of `taskAllowance`, `limit` after a scheduled launch).
        var deadline: TimeInterval?
        var budget: String?
        var expiry: ReportEntry?
        var end: ReportEntry?
    }

    /// Background tasks (`beginBackgroundTask`) and scheduled tasks (BGTaskScheduler launches):
    /// each drawn from its start to its end over a dashed outline of its budget, with a mark at the
    /// moment iOS said it expires (TASK-6: about 30 s on iOS 13+; TASK-3: 180 s on 7–12).
    func taskLane() -> ChartLane? {
        let (background, scheduled) = taskRuns()
        guard !background.isEmpty || !scheduled.isEmpty else { return nil }
        var rows: [ChartRow] = []
        if !background.isEmpty {
            rows.append(
                ChartRow(label: "background tasks (\(background.count))", height: 16, marks: background.flatMap(marks)))
        }
        if !scheduled.isEmpty {
            rows.append(
                ChartRow(label: "scheduled tasks (\(scheduled.count))", height: 16, marks: scheduled.flatMap(marks)))
        }
        return ChartLane("Tasks", rows: rows)
    }

    private func marks(_ task: TaskRun) -> [ChartMark] {
        let endTime = task.end?.time ?? scale.end
        let ending =
            task.end == nil ? "open" : task.expiry != nil ? "expired" : task.end?.kind == "state" ? "open" : "ended"
        let budget = task.budget.map { ", budget \($0)" } ?? ""
        let how =
            task.end.map {
                $0.kind == "state" ? "ended with the process (\($0.string("cause") ?? ""))" : "ended by \($0.name)"
            } ?? "still open at the end"
        var marks: [ChartMark] = []
        if let deadline = task.deadline, deadline > task.begun.time {
            marks.append(
                .span(
                    from: task.begun.time, to: min(deadline, scale.end), class: "task-budget", title: nil,
                    minimumWidth: 1, inset: 1))
        }
        marks.append(
            .span(
                from: task.begun.time, to: endTime, class: "task-\(ending)",
                title: task.begun.tooltip("\(task.name) \(stretch(task.begun.time, endTime))\(budget): \(how)"),
                minimumWidth: 3, inset: 4))
        if let expiry = task.expiry {
            marks.append(
                .point(
                    at: expiry.time, shape: .triangle(radius: 4), class: "expiry",
                    title: expiry.tooltip("\(task.name): iOS says it expires at \(Format.duration(expiry.time))")))
        }
        return marks
    }

    /// The runs of background and of scheduled tasks, in the order they began.
    private func taskRuns() -> (background: [TaskRun], scheduled: [TaskRun]) {
        var background: [TaskRun] = []
        var scheduled: [TaskRun] = []
        var open: [String: (scheduled: Bool, index: Int)] = [:]
        func update(_ name: String?, _ change: (inout TaskRun) -> Void) {
            guard let name, let found = open[name] else { return }
            if found.scheduled { change(&scheduled[found.index]) } else { change(&background[found.index]) }
        }
        var lastBegun: String?
        for entry in entries {
            switch (entry.kind, entry.name) {
            case ("command", "beginBackgroundTask"):
                guard let name = entry.string("task") else { continue }
                open[name] = (false, background.count)
                background.append(TaskRun(name: name, begun: entry))
                lastBegun = name
            case ("decision", "taskAllowance"):
                // The grant follows its begin at the same moment.
                update(lastBegun) { task in
                    task.deadline = entry.number("deadline")
                    task.budget = entry.number("budget").map { $0 > 1e9 ? "unlimited" : Format.duration($0) }
                }
            case ("event", "backgroundTaskExpiring"):
                update(entry.string("task")) { $0.expiry = entry }
            case ("command", "endBackgroundTask"):
                update(entry.string("task")) { $0.end = entry }
                if let name = entry.string("task") { open[name] = nil }
            case ("event", "scheduledTaskLaunched"):
                guard let name = entry.string("identifier") else { continue }
                open[name] = (true, scheduled.count)
                scheduled.append(TaskRun(name: name, begun: entry))
            case ("decision", "scheduledTaskLaunch"):
                update(entry.string("identifier")) { task in
                    task.deadline = entry.number("limit").map { entry.time + $0 }
                    task.budget = entry.number("limit").map(Format.duration)
                }
            case ("decision", "scheduledTaskExpired"):
                update(entry.string("identifier")) { $0.expiry = entry }
            case ("command", "completeScheduledTask"):
                update(entry.string("identifier")) { $0.end = entry }
                if let name = entry.string("identifier") { open[name] = nil }
            case ("state", "notRunning"):
                // The process ended: its tasks ended with it (TASK-13, STATE-3).
                for name in open.keys { update(name) { $0.end = entry } }
                open.removeAll()
            default:
                continue
            }
        }
        return (background, scheduled)
    }
}
