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
    /// The task scheduler as the app last read it: pending requests and the ledger of runs.
    @Published private(set) var taskStatus: TaskSchedulerStatus?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        // The developer passes the credential once as a launch argument (-deviceToken …); it is
        // kept in the Keychain, readable in the background on a locked phone (DATA-5), where
        // UserDefaults reads empty before the first unlock after a restart (DATA-6).
        let keychain = KeychainCredential()
        if let token = UserDefaults.standard.string(forKey: "deviceToken") { try? keychain.save(token) }
        let choice = DemoConfiguration.selected
        let configuration = choice.appConfiguration(
            server: UserDefaults.standard.url(forKey: "server"),
            credential: { try keychain.read() })
        do {
            let wakeful = try WakefulApp(configuration: configuration)
            // Listen before starting, so the launch's own entries are on screen too.
            collect(wakeful.timeline)
            follow(wakeful.taskSchedulerUpdates)
            // The run header before the first event: the exported file then says what
            // `wakeful replay` needs, and its time is the replay's time 0 (docs/field-test.md).
            let now = Date()
            wakeful.note(choice.timelineHeader(.reading(at: now)).entry(at: now.timeIntervalSince1970))
            wakeful.application(application, didFinishLaunchingWithOptions: launchOptions)
            self.wakeful = wakeful
        } catch {
            // Every permitted task identifier still needs a launch handler (BGTaskScheduler.h), and
            // pushes and Wakeful's session relaunches still need answers: the module takes them.
            WakefulApp.startWithoutAgent(configuration)
            launchError = String(describing: error)
        }
        return true
    }

    /// Keeps the newest 500 entries of `timeline` for the timeline screen.
    private func collect(_ timeline: AsyncStream<TimelineEntry>) {
        Task { [weak self] in
            for await entry in timeline {
                guard let self else { return }
                entries.append(entry)
                if entries.count > 500 { entries.removeFirst(entries.count - 500) }
            }
        }
    }

    /// Keeps the newest status of the task scheduler for its screen.
    private func follow(_ updates: AsyncStream<TaskSchedulerStatus>) {
        Task { [weak self] in
            for await status in updates {
                guard let self else { return }
                taskStatus = status
            }
        }
    }

    func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    ) {
        // Wakeful answers its own sessions, with or without an agent; the demo has no background
        // session of its own, so any other is answered at once.
        guard
            WakefulApp.forward(
                application, handleEventsForBackgroundURLSession: identifier, completionHandler: completionHandler,
                to: wakeful)
        else { return completionHandler() }
    }

    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        // Completed by Wakeful even when it could not start ("or your app will be terminated").
        WakefulApp.forward(
            application, didReceiveRemoteNotification: userInfo, fetchCompletionHandler: completionHandler,
            to: wakeful)
    }

    /// The device token of the registration ``WakefulApp`` makes at every launch (the plist declares
    /// `remote-notification`), so the trip configuration's silent pushes arrive: Wakeful sends it to
    /// the companion server as given, never kept (a kept token goes stale, and UserDefaults reads
    /// empty before the first unlock).
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        wakeful?.application(application, didRegisterForRemoteNotificationsWithDeviceToken: deviceToken)
        // A copy for the main screen only, which shares it when asked (a field run's pushes are sent
        // from a computer): written anew at every launch, read in the foreground, never logged.
        UserDefaults.standard.set(deviceToken.map { String(format: "%02x", $0) }.joined(), forKey: "apnsToken")
    }

    /// APNs refused the registration (no network, no entitlement in a development build): silent
    /// pushes will not arrive until a later launch registers again.
    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error) {
        wakeful?.application(application, didFailToRegisterForRemoteNotificationsWithError: error)
        launchError = "remote notifications: \(error.localizedDescription)"
    }
}
