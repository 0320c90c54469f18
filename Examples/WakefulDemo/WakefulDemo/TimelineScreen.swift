import SwiftUI
import UIKit
import Wakeful
import WakefulApple

/// The live timeline of this process, newest first; the export of the last hours (or of every
/// process's timeline file) for `wakeful replay` on a Mac or Linux machine (AirDrop, Files, Mail …),
/// and its upload to the companion server, whose dashboard shows it.
struct TimelineScreen: View {
    @EnvironmentObject private var delegate: AppDelegate
    /// How many hours the export covers.
    @State private var hours = 6.0
    /// The export prepared for the share sheet and the upload, with its ID: an upload retried after
    /// an error sends the same ID, which the server stores once.
    @State private var prepared: (url: URL, export: TimelineExport, id: UUID)?
    /// What the last export or upload said.
    @State private var answer: String?

    var body: some View {
        List {
            Section {
                Picker("Last", selection: $hours) {
                    Text("1 hour").tag(1.0)
                    Text("6 hours").tag(6.0)
                    Text("24 hours").tag(24.0)
                }
                .onChange(of: hours) { _, _ in prepared = nil }
                Button("Prepare the export") { prepare() }
                if let prepared {
                    ShareLink("Share \(prepared.export.entryCount) entries", item: prepared.url)
                    Button("Upload to the server") { upload(prepared.export, id: prepared.id) }
                }
                if let answer { Text(answer).foregroundStyle(.secondary) }
            } header: {
                Text("Export the last hours")
            } footer: {
                Text(
                    "From the launch of the process that was running then, so the replay starts where the phone did. On a computer: wakeful replay FILE."
                )
            }
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

    private func prepare() {
        guard let wakeful = delegate.wakeful else { return }
        do {
            let export = try wakeful.timelineExport(lastHours: hours)
            guard export.entryCount > 0 else {
                prepared = nil
                answer = "Nothing in the timeline files of the last \(Int(hours)) h."
                return
            }
            prepared = (try wakeful.writeTimelineExport(export), export, UUID())
            answer = nil
        } catch {
            prepared = nil
            answer = "Nothing to export: \(error)"
        }
    }

    private func upload(_ export: TimelineExport, id: UUID) {
        Task { @MainActor in
            guard let wakeful = delegate.wakeful else { return }
            do {
                let receipt = try await wakeful.uploadTimelineExport(export, id: id)
                answer =
                    receipt.alreadyStored
                    ? "The server already had this export."
                    : "Uploaded: \(receipt.entries) entries, \(receipt.bytes) bytes."
            } catch {
                answer = "Not uploaded: \(error)"
            }
        }
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
