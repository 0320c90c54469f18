import BackgroundTasks
import UIKit

/// Registers every task through a helper that reads its identifier from a table at run time.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        for task in FeedTask.allCases {
            BGTaskScheduler.shared.register(forTaskWithIdentifier: task.identifier(), using: nil) { bgTask in
                bgTask.setTaskCompleted(success: true)
            }
        }
        let request = BGAppRefreshTaskRequest(identifier: "com.example.feed.refresh")
        try? BGTaskScheduler.shared.submit(request)
        return true
    }
}

enum FeedTask: CaseIterable {
    case refresh, cleanup

    func identifier() -> String {
        Bundle.main.object(forInfoDictionaryKey: "FeedTaskPrefix") as? String ?? ""
    }
}
