import BackgroundTasks
import SwiftUI

enum TaskID: String {
    case refresh = "com.example.news.refresh"
    case upload = "com.example.news.upload"
}

@main
struct NewsApp: App {
    @Environment(\.scenePhase) private var phase

    var body: some Scene {
        WindowGroup {
            ContentView()
        }
        .onChange(of: phase) { _, newPhase in
            if newPhase == .background { Scheduler.scheduleRefresh() }
        }
        .backgroundTask(.appRefresh("com.example.news.refresh")) {
            Scheduler.scheduleRefresh()
            await Feed.shared.reload()
        }
        .backgroundTask(.urlSession(TaskID.upload.rawValue)) {
            await Uploader.shared.finishEvents()
        }
    }
}
