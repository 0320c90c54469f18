import BackgroundTasks
import SwiftUI

@main
struct SyncApp: App {
    var body: some Scene {
        WindowGroup { Text("Sync") }
            .backgroundTask(.appRefresh("com.example.sync.refresh")) {
                let next = BGAppRefreshTaskRequest(identifier: "com.example.sync.refresh")
                try? BGTaskScheduler.shared.submit(next)
            }
    }
}
