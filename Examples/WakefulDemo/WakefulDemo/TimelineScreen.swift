import SwiftUI
import UIKit
import Wakeful
import WakefulApple

/// The live timeline of this process, newest first, and the export of every process's timeline
/// file for `wakeful replay` on a Mac or Linux machine (AirDrop, Files, Mail …).
struct TimelineScreen: View {
    @EnvironmentObject private var delegate: AppDelegate

    var body: some View {
        List {
            Section {
                let files = delegate.wakeful?.timelineFiles ?? []
                if files.isEmpty {
                    Text("No timeline file yet.").foregroundStyle(.secondary)
                } else {
                    ShareLink("Export \(files.count) timeline file\(files.count == 1 ? "" : "s")", items: files)
                }
            } footer: {
                Text(
                    "One JSON Lines file per process. On a computer: wakeful replay timeline-….jsonl re-runs it in the simulator and shows where the model and this phone disagree."
                )
            }
            Section("This process, newest first") {
                ForEach(Array(delegate.entries.enumerated().reversed()), id: \.offset) { _, entry in
                    TimelineRow(entry: entry)
                }
            }
        }
        .navigationTitle("Timeline")
    }
}

/// One timeline entry: its time and what happened.
struct TimelineRow: View {
    let entry: TimelineEntry

    var body: some View {
        VStack(alignment: .leading) {
            Text(Date(timeIntervalSince1970: entry.time), style: .time).font(.caption).foregroundStyle(.secondary)
            Text(summary).font(.body.monospaced())
        }
    }

    private var summary: String {
        switch entry.body {
        case .event(let event): "event \(event)"
        case .command(let command, let owner): "\(owner) → \(command.name)"
        case .decision(let decision): "decision \(decision.name) \(decision.rules.joined(separator: ","))"
        case .state(let change): "state \(change.from.rawValue) → \(change.to.rawValue)"
        case .user(let action, _): "user \(action)"
        case .observation(let fields): "seen " + fields.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        case .world(let fact, _): "world \(fact)"
        case .run: "run"
        }
    }
}
