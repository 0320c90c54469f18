import BackgroundTasks

/// Checks the subscribed feeds for new episodes.
enum FeedRefresh {
    static let identifier = "com.example.podcasts.refresh"

    static func register() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { task in
            schedule()
            task.setTaskCompleted(success: true)
        }
    }

    static func schedule() {
        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: identifier))
    }
}
