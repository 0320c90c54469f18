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
            // The run header before the first event: the exported file then says what
            // `wakeful replay` needs, and its time is the replay's time 0 (docs/field-test.md).
            let now = Date()
            wakeful.note(choice.timelineHeader(.reading(at: now)).entry(at: now.timeIntervalSince1970))
            wakeful.application(application, didFinishLaunchingWithOptions: launchOptions)
            self.wakeful = wakeful
        } catch {
            // Every permitted task identifier still needs a launch handler (BGTaskScheduler.h).
            WakefulApp.registerLaunchHandlersWithoutAgent()
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

    func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    ) {
        // The demo has no background session of its own: one Wakeful does not own (or any, when
        // Wakeful could not start) is answered at once.
        guard let wakeful,
            wakeful.application(
                application, handleEventsForBackgroundURLSession: identifier, completionHandler: completionHandler)
        else { return completionHandler() }
    }

    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        // Without Wakeful the push must still be completed ("or your app will be terminated").
        guard let wakeful else { return completionHandler(.noData) }
        wakeful.application(
            application, didReceiveRemoteNotification: userInfo, fetchCompletionHandler: completionHandler)
    }

    /// The device token of the registration ``WakefulApp`` makes at every launch (the plist declares
    /// `remote-notification`), so the trip configuration's silent pushes arrive.
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        // Kept for the main screen, which shares it only when asked (a field run's pushes are
        // sent from a computer); never log it.
        UserDefaults.standard.set(deviceToken.map { String(format: "%02x", $0) }.joined(), forKey: "apnsToken")
    }

    /// APNs refused the registration (no network, no entitlement in a development build): silent
    /// pushes will not arrive until a later launch registers again.
    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error) {
        launchError = "remote notifications: \(error.localizedDescription)"
    }
}
