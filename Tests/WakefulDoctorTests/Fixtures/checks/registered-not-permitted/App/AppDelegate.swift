import BackgroundTasks
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let scheduler = BGTaskScheduler.shared
        scheduler.register(forTaskWithIdentifier: "com.example.photos.refresh", using: nil) { task in
            Refresher.refresh(task)
        }
        scheduler.register(forTaskWithIdentifier: "com.example.photos.upload", using: nil) { task in
            Refresher.upload(task)
        }
        return true
    }
}
