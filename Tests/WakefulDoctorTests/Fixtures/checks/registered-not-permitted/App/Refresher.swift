import BackgroundTasks

enum Refresher {
    static func schedule() {
        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.photos.refresh"))
    }

    static func refresh(_ task: BGTask) {
        schedule()
        task.setTaskCompleted(success: true)
    }

    static func upload(_ task: BGTask) {
        task.setTaskCompleted(success: true)
    }
}
