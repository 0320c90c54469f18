import Foundation
import Wakeful
import WakefulCharts

extension RunChart {
    /// The record kind the scenario's success measure wants (`trigger` for a beacon trigger).
    private var wantedRecord: String? {
        switch scenario.successMeasure {
        case .trigger: "trigger"
        case .periodic(let record, _, _, _, _), .stored(let record, _, _, _, _), .kept(let record),
            .completed(let record, _), .latency(let record, _), .tracked(let record, _, _), .delivered(let record, _):
            record
        case .switches: ScheduledTracking.switchKind
        case .entries: GeofenceSet.enteredKind
        case .configured(_, _, let record): record
        case .connected, .jobs, .shown, nil: nil
        }
    }

    /// The wanted work: each record of the wanted kind as a mark, each job run as a span, and the
    /// other records counted in bars. The gap between them is hatched across the chart.
    func workLane() -> ChartLane? {
        let records = entries.filter { $0.kind == "command" && $0.name == "record" }
        let wanted = wantedRecord
        var rows: [ChartRow] = []
        if let wanted {
            let hits = records.filter { $0.string("record") == wanted }
            var marks: [ChartMark] = hits.map { entry in
                .point(
                    at: entry.time, shape: .circle(radius: 3.5), class: "record-wanted",
                    title: entry.tooltip("\(wanted) recorded at \(Format.duration(entry.time))"))
            }
            if hits.isEmpty { marks.append(.note("none: \(metrics.success?.summary ?? "not done")")) }
            rows.append(ChartRow(label: "wanted: \(wanted) (\(hits.count))", marks: marks))
        }
        rows += jobRows()
        let others = records.filter { $0.string("record") != wanted }
        if !others.isEmpty {
            let marks = ChartMark.histogram(others.map(\.time), on: scale, class: "record-other") { count, from, to in
                "\(count) other record\(count == 1 ? "" : "s") \(stretch(from, to))"
            }
            rows.append(ChartRow(label: "other records (\(others.count))", height: 16, marks: marks))
        }
        guard !rows.isEmpty else { return nil }
        return ChartLane("Wanted work", rows: rows)
    }

    /// One row per job: its runs from `runJob` to `jobFinished`, coloured by outcome.
    private func jobRows() -> [ChartRow] {
        var order: [String] = []
        var started: [String: ReportEntry] = [:]
        var runs: [String: [ChartMark]] = [:]
        for entry in entries {
            guard let job = entry.string("job"), let run = entry.string("run") else { continue }
            let key = "\(job)#\(run)"
            if entry.kind == "command", entry.name == "runJob" {
                if !order.contains(job) { order.append(job) }
                started[key] = entry
            } else if entry.kind == "event", entry.name == "jobFinished", let start = started.removeValue(forKey: key) {
                let outcome = entry.string("outcome") ?? "open"
                runs[job, default: []].append(
                    .span(
                        from: start.time, to: entry.time, class: "job-\(outcome)",
                        title: entry.tooltip("\(job) run \(run): \(outcome), \(stretch(start.time, entry.time))"),
                        minimumWidth: 2.5, inset: 2))
            }
        }
        return order.map { job in
            let unfinished = started.filter { $0.key.hasPrefix("\(job)#") }.sorted { $0.value.time < $1.value.time }.map
            { _, start in
                ChartMark.span(
                    from: start.time, to: scale.end, class: "job-open", title: start.tooltip("\(job): no end recorded"),
                    minimumWidth: 2.5, inset: 2)
            }
            let marks = (runs[job] ?? []) + unfinished
            return ChartRow(label: "job \(job) (\(marks.count))", marks: marks)
        }
    }

    /// Pushes the world sent, those iOS held (and replaced or released), delivered and did not
    /// deliver (PUSH-4, PUSH-5: about 3 an hour, the newest held).
    func pushLane() -> ChartLane? {
        let kinds: [(label: String, names: Set<String>, style: String)] = [
            ("sent", ["pushSent"], "push-accepted"),
            (
                "held",
                ["pushHeld", "heldPushReplaced", "heldPushDiscarded", "heldPushReleased", "heldPushHandedOver"],
                "push-held"
            ),
            ("delivered", ["pushDelivered"], "push-received"),
            ("not delivered", ["pushNotDelivered"], "push-failed"),
        ]
        let rows = kinds.compactMap { kind -> ChartRow? in
            let found = entries.filter { $0.kind == "decision" && kind.names.contains($0.name) }
            guard !found.isEmpty else { return nil }
            return ChartRow(
                label: "\(kind.label) (\(found.count))",
                marks: found.map { entry in
                    .point(
                        at: entry.time, shape: .circle(radius: 4), class: kind.style,
                        title: entry.tooltip(
                            "\(entry.name) \(entry.string("id") ?? "") at \(Format.duration(entry.time))"))
                })
        }
        return rows.isEmpty ? nil : ChartLane("Pushes", rows: rows)
    }

    /// Requests and background transfers from their start to their completion.
    func uploadLane() -> ChartLane? {
        var started: [String: ReportEntry] = [:]
        var marks: [ChartMark] = []
        var count = 0
        for entry in entries {
            switch (entry.kind, entry.name) {
            case ("command", "sendRequest"), ("command", "startTransfer"):
                count += 1
                started[entry.string("id") ?? entry.string("session") ?? ""] = entry
            case ("event", "requestCompleted"), ("event", "urlSessionTaskCompleted"):
                let start = started.removeValue(forKey: entry.string("id") ?? entry.string("session") ?? "")
                let from = start?.time ?? entry.time
                let status =
                    entry.number("statusCode").map { "HTTP \(Int($0))" } ?? entry.string("error") ?? "completed"
                marks.append(
                    .span(
                        from: from, to: entry.time, class: "upload",
                        title: entry.tooltip("\(entry.name): \(status), \(stretch(from, entry.time))"),
                        minimumWidth: 2.5, inset: 3))
            default:
                continue
            }
        }
        guard count > 0 else { return nil }
        return ChartLane(
            "Uploads", rows: [ChartRow(label: "requests and transfers (\(count))", height: 16, marks: marks)])
    }

    /// The energy estimate: the run's total and its largest components (an estimate from the power
    /// table, §13, not a measurement).
    func energyLane() -> ChartLane {
        let energy = metrics.energy
        let parts = energy.byComponent.sorted { $0.milliampereHours > $1.milliampereHours }.prefix(4)
            .map { "\($0.name) \(String(format: "%.1f", $0.milliampereHours)) mAh" }
        let text =
            String(
                format: "%.2f %%/h of the battery, %.1f mAh in all", energy.batteryPercentPerHour,
                energy.totalMilliampereHours)
            + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
            + " (estimate, \(energy.powerTable) power table)"
        return ChartLane("Energy", rows: [ChartRow(marks: [.note(text)])])
    }
}
