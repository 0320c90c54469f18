import BackgroundTasks
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: TaskIdentifier.refresh, using: nil) { task in
            self.scheduleRefresh()
            task.setTaskCompleted(success: true)
        }
        return true
    }

    func scheduleRefresh() {
        let request = BGAppRefreshTaskRequest(identifier: TaskIdentifier.refresh)
        try? BGTaskScheduler.shared.submit(request)
    }
}
