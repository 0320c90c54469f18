import Combine
import UIKit
import Wakeful
import WakefulApple

/// Creates Wakeful at launch and forwards the three callbacks UIKit does not post as notifications.
@MainActor
final class AppDelegate: NSObject, UIApplicationDelegate, ObservableObject {
    /// The agent's host; nil only when the outbox could not be opened.
    private(set) var wakeful: WakefulApp?
    /// What the last launch's failure was, for the UI.
    @Published private(set) var launchError: String?
    /// The timeline entries of this process, newest last.
    @Published private(set) var entries: [TimelineEntry] = []

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        let configuration = DemoConfiguration.selected.appConfiguration(
            server: UserDefaults.standard.url(forKey: "server"),
            credential: { UserDefaults.standard.string(forKey: "deviceToken") })
        do {
            let wakeful = try WakefulApp(configuration: configuration)
            wakeful.observer = { [weak self] entry in
                self?.entries.append(entry)
                if let count = self?.entries.count, count > 500 { self?.entries.removeFirst(count - 500) }
            }
            wakeful.application(application, didFinishLaunchingWithOptions: launchOptions)
            self.wakeful = wakeful
        } catch {
            launchError = String(describing: error)
        }
        return true
    }

    func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
                     completionHandler: @escaping () -> Void) {
        wakeful?.application(application, handleEventsForBackgroundURLSession: identifier, completionHandler: completionHandler)
    }

    func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
                     fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
        wakeful?.application(application, didReceiveRemoteNotification: userInfo, fetchCompletionHandler: completionHandler)
    }

    /// Registers for remote notifications so the trip configuration's silent pushes arrive.
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        // The token goes to the companion server (POST /v1/devices); never log it.
        UserDefaults.standard.set(deviceToken.map { String(format: "%02x", $0) }.joined(), forKey: "apnsToken")
    }
}
