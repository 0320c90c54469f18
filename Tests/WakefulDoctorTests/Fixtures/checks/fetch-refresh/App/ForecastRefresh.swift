import BackgroundTasks

enum ForecastRefresh {
    static let identifier = "com.example.weather.refresh"

    static func schedule() {
        let request = BGAppRefreshTaskRequest(identifier: identifier)
        request.earliestBeginDate = .now.addingTimeInterval(3600)
        try? BGTaskScheduler.shared.submit(request)
    }

    static func run() async {
        schedule()
    }
}
