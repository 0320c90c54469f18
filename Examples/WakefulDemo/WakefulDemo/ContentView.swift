import SwiftUI
import UIKit
import Wakeful
import WakefulApple

/// The configuration, the permissions it needs, and the live timeline.
struct ContentView: View {
    @EnvironmentObject private var delegate: AppDelegate
    @State private var selection = DemoConfiguration.selected
    @State private var debugNotifications = DemoConfiguration.debugNotifications
    /// The APNs device token the app delegate keeps, for sending the trip's silent pushes from a
    /// computer during a field run (docs/field-test.md).
    @AppStorage("apnsToken") private var apnsToken = ""

    var body: some View {
        NavigationStack {
            List {
                Section("Configuration (applies at next launch)") {
                    Picker("Strategies", selection: $selection) {
                        ForEach(DemoConfiguration.allCases) { Text($0.title).tag($0) }
                    }
                    .onChange(of: selection) { _, new in DemoConfiguration.selected = new }
                    Toggle("Debug notifications", isOn: $debugNotifications)
                        .onChange(of: debugNotifications) { _, on in DemoConfiguration.debugNotifications = on }
                }
                Section("Permissions") {
                    Button("Allow location") { delegate.wakeful?.requestLocationAuthorization() }
                }
                Section("Device token for silent pushes") {
                    if apnsToken.isEmpty {
                        Text("Not registered with APNs yet.").foregroundStyle(.secondary)
                    } else {
                        ShareLink("Share the device token", item: apnsToken)
                    }
                }
                if let error = delegate.launchError {
                    Section("Launch failed") { Text(error).foregroundStyle(.red) }
                }
                Section("What iOS did") {
                    NavigationLink("Live timeline (\(delegate.entries.count) entries)") { TimelineScreen() }
                    NavigationLink("Scheduled tasks (\(delegate.taskStatus?.pending.count ?? 0) pending)") {
                        TaskSchedulerScreen()
                    }
                }
            }
            .navigationTitle("Wakeful demo")
        }
    }
}
