import BackgroundTasks
import Foundation

enum Scheduler {
    static func scheduleRefresh() {
        let request = BGAppRefreshTaskRequest(identifier: TaskID.refresh.rawValue)
        try? BGTaskScheduler.shared.submit(request)
    }
}

final class Uploader {
    static let shared = Uploader()
    lazy var session = URLSession(configuration: .background(withIdentifier: TaskID.upload.rawValue))

    func finishEvents() async {}
}
