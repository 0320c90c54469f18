import BackgroundTasks
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    let scheduler = RefreshScheduler()

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // Register before the end of launch, as BGTaskScheduler requires.
        BGTaskScheduler.shared.register(forTaskWithIdentifier: TaskIdentifiers.refresh, using: nil) { task in
            self.scheduler.handle(task as! BGAppRefreshTask)
        }
        return true
    }
}
