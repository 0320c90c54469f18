import SwiftUI
import UIKit
import Wakeful
import WakefulApple

/// The configuration, the permissions it needs, and the live timeline.
struct ContentView: View {
    @EnvironmentObject private var delegate: AppDelegate
    @State private var selection = DemoConfiguration.selected

    var body: some View {
        NavigationStack {
            List {
                Section("Configuration (applies at next launch)") {
                    Picker("Strategies", selection: $selection) {
                        ForEach(DemoConfiguration.allCases) { Text($0.title).tag($0) }
                    }
                    .onChange(of: selection) { _, new in DemoConfiguration.selected = new }
                }
                Section("Permissions") {
                    Button("Allow location") { delegate.wakeful?.requestLocationAuthorization() }
                    Button("Allow silent pushes") { UIApplication.shared.registerForRemoteNotifications() }
                }
                if let error = delegate.launchError {
                    Section("Launch failed") { Text(error).foregroundStyle(.red) }
                }
                Section("Timeline (this process)") {
                    ForEach(Array(delegate.entries.enumerated().reversed()), id: \.offset) { _, entry in
                        TimelineRow(entry: entry)
                    }
                }
            }
            .navigationTitle("Wakeful demo")
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
        case .run: "run"
        }
    }
}
