import BackgroundTasks

/// Checks the subscribed feeds for new episodes about once an hour.
enum FeedRefresh {
    static func register() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: TaskIdentifiers.refresh, using: nil) { task in
            schedule()
            Task {
                await Library.shared.refreshFeeds()
                task.setTaskCompleted(success: true)
            }
        }
    }

    static func schedule() {
        let request = BGAppRefreshTaskRequest(identifier: TaskIdentifiers.refresh)
        request.earliestBeginDate = Date(timeIntervalSinceNow: 60 * 60)
        try? BGTaskScheduler.shared.submit(request)
    }
}

actor Library {
    static let shared = Library()

    func refreshFeeds() async {}
}
