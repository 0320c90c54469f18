import SwiftUI
import UIKit
import Wakeful
import WakefulApple

/// "Did my task ever run?": the requests iOS holds pending, each task's last run with its reason,
/// duration and end, refusals, and the time since a task last ran (`WakefulApp.taskSchedulerUpdates`).
/// A DEBUG build can launch a pending request now, as Xcode's LLDB command does.
struct TaskSchedulerScreen: View {
    @EnvironmentObject private var delegate: AppDelegate
    /// What the last debug launch said, when one was asked for.
    @State private var launchAnswer: String?

    var body: some View {
        List {
            Section {
                if let status = delegate.taskStatus {
                    ForEach(status.lines, id: \.self) { Text($0).font(.body.monospaced()) }
                } else {
                    Text("Reading the task scheduler…").foregroundStyle(.secondary)
                }
            } footer: {
                Text(
                    "Pending: what iOS lists (getPendingTaskRequests). The runs come from this install's own record of every submission and launch, kept across launches."
                )
            }
            #if DEBUG
                Section {
                    ForEach(delegate.taskStatus?.pending.map(\.request.identifier) ?? [], id: \.self) { identifier in
                        Button("Run \(identifier) now") { launch(identifier) }
                    }
                    if let launchAnswer { Text(launchAnswer).foregroundStyle(.secondary) }
                } header: {
                    Text("Debug launch")
                } footer: {
                    Text(
                        "Launches a pending request at once, as Xcode's _simulateLaunchForTaskWithIdentifier: does; iOS launches nothing for a request that is not pending. DEBUG builds only."
                    )
                }
            #endif
        }
        .navigationTitle("Scheduled tasks")
    }

    #if DEBUG
        private func launch(_ identifier: String) {
            Task { @MainActor in
                guard let wakeful = delegate.wakeful else { return }
                switch await wakeful.simulateTaskLaunch(identifier) {
                case .launch: launchAnswer = "Asked iOS to launch \(identifier)."
                case .refused(let refusal): launchAnswer = refusal.message
                }
            }
        }
    #endif
}
