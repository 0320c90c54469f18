import BackgroundTasks

final class Sync {
    static let shared = Sync()

    /// The identifier the Info.plist still permits for the old database cleanup.
    let cleanupIdentifier = "com.example.sync.cleanup"

    func schedule() {
        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.sync.refresh"))
        // The cleanup used to run as BGProcessingTaskRequest(identifier: "com.example.sync.cleanup")
        // with requiresExternalPower = true; it now runs in the foreground.
    }

    func run(_ task: BGAppRefreshTask) {
        schedule()
        task.setTaskCompleted(success: true)
    }
}
