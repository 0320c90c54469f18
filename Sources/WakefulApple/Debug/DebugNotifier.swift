#if canImport(UIKit) && canImport(UserNotifications)
    import Foundation
    import UserNotifications
    import Wakeful

    /// The debug mode (``WakefulApp/Configuration/debugNotificationPolicy``): the timeline entries
    /// the policy picks — iOS relaunching the app, tracking starting or stopping, a task's time
    /// running out — become local notifications, with a sound when the policy plays one, rate-limited
    /// by ``DebugNotifications``. A developer carrying the phone sees what iOS did without a debugger
    /// attached, which would change it (a debugged app is not suspended, TASK-14).
    ///
    /// Permission is asked for only because the app turned the mode on, only while the app is in
    /// front, and nothing is posted until it is given (``DebugNotificationAuthorization/Gate``).
    /// Entries arrive from the timeline sink on the main actor; the center calls back on other
    /// threads, so the state is kept under a lock.
    final class DebugNotifier: @unchecked Sendable {
        // The shared center each time rather than stored: it is thread-safe.
        private var center: UNUserNotificationCenter { .current() }
        /// Presents the notifications while the app is in front (the center holds its delegate weakly).
        private let presenter = DebugNotificationDelegate()
        private let lock = NSLock()
        private var notifications: DebugNotifications
        private var gate: DebugNotificationAuthorization.Gate

        /// Creates the notifier; `debugBuild` is whether the app was compiled with DEBUG.
        init(policy: DebugNotificationPolicy, debugBuild: Bool) {
            let notifications = DebugNotifications(policy: policy, debugBuild: debugBuild)
            self.notifications = notifications
            self.gate = DebugNotificationAuthorization.Gate(active: notifications.isActive, sound: policy.sound)
        }

        /// At launch: becomes the center's delegate, so the notifications show while the app is in
        /// front too, and reads the permission, asking for it if the app is in front and the user
        /// was never asked. Nothing at all when the policy is off in this build.
        ///
        /// UNUserNotificationCenter.h: the delegate "must be set before the application returns from
        /// application:didFinishLaunchingWithOptions:".
        /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/delegate
        func start(inForeground: Bool) {
            guard lock.withLock({ gate.active }) else { return }
            presenter.install(on: center)
            readStatus(inForeground: inForeground)
        }

        /// The app came to the front: the moment to ask, if the user has not been asked.
        func appBecameActive() {
            guard lock.withLock({ gate.wantsForeground }) else { return }
            readStatus(inForeground: true)
        }

        /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/getnotificationsettings(completionhandler:)
        private func readStatus(inForeground: Bool) {
            center.getNotificationSettings { [self] settings in
                settle(DebugNotificationAuthorization.Status(settings.authorizationStatus), inForeground: inForeground)
            }
        }

        private func settle(_ status: DebugNotificationAuthorization.Status, inForeground: Bool) {
            let (ready, ask) = lock.withLock { gate.settle(status, inForeground: inForeground) }
            for notification in ready { post(notification) }
            if ask { self.ask(sound: lock.withLock { gate.sound }) }
        }

        /// Asks for permission to alert, and to play sounds when the policy does; iOS prompts only
        /// the first time. The answer settles the gate.
        /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/requestauthorization(options:completionhandler:)
        private func ask(sound: Bool) {
            center.requestAuthorization(options: sound ? [.alert, .sound] : [.alert]) { [self] granted, _ in
                settle(granted ? .authorized : .denied, inForeground: true)
            }
        }

        /// Posts the notification `entry` calls for, if any, when permission allows; holds it until
        /// the status is known.
        func show(_ entry: TimelineEntry) {
            let ready = lock.withLock { () -> DebugNotification? in
                // The rate limits and the tracking state follow every entry, posted or not.
                notifications.admit(entry).flatMap { gate.offer($0) }
            }
            if let ready { post(ready) }
        }

        /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/add(_:withcompletionhandler:)
        private func post(_ notification: DebugNotification) {
            let content = UNMutableNotificationContent()
            content.title = notification.title
            content.body = notification.body
            content.threadIdentifier = ForegroundNotificationRoute.debugThread
            if notification.sound { content.sound = .default }
            // A nil trigger delivers the notification now.
            center.add(
                UNNotificationRequest(identifier: UUID().uuidString, content: content, trigger: nil),
                withCompletionHandler: nil)
        }
    }

    extension DebugNotificationAuthorization.Status {
        /// `UNAuthorizationStatus`; a status this SDK does not know reads as `denied`: post nothing.
        /// https://developer.apple.com/documentation/usernotifications/unauthorizationstatus
        init(_ status: UNAuthorizationStatus) {
            switch status {
            case .notDetermined: self = .notDetermined
            case .denied: self = .denied
            case .authorized: self = .authorized
            case .provisional: self = .provisional
            case .ephemeral: self = .ephemeral
            @unknown default: self = .denied
            }
        }
    }
#endif
