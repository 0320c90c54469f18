import BackgroundTasks

enum Scheduling {
    static func scheduleAll() {
        let refresh = BGAppRefreshTaskRequest(identifier: "com.example.notes.refresh")
        try? BGTaskScheduler.shared.submit(refresh)

        // Rebuilds the search index overnight, on power.
        let index = BGProcessingTaskRequest(identifier: "com.example.notes.index")
        index.requiresExternalPower = true
        try? BGTaskScheduler.shared.submit(index)
    }
}
