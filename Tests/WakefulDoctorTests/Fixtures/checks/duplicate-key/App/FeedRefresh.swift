import BackgroundTasks

/// Refreshes the feed in the background. A nightly cleanup used to run as a BGProcessingTask;
/// it now runs in the foreground, but the processing mode was never removed.
final class FeedRefresh {
    static let shared = FeedRefresh()

    func schedule() {
        let request = BGAppRefreshTaskRequest(identifier: "com.example.feed.refresh")
        request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
        try? BGTaskScheduler.shared.submit(request)
    }

    func handle(_ task: BGAppRefreshTask) {
        schedule()
        task.setTaskCompleted(success: true)
    }
}
