#if canImport(UIKit) && canImport(UserNotifications)
    import Foundation
    import UserNotifications
    import Wakeful

    /// The debug mode (``WakefulApp/Configuration/debugNotifications``): each thing iOS did — a
    /// launch in the background, background time running out, a scheduled task, a push, a region —
    /// becomes a local notification, in the words of ``SystemActivity``, which decides what is worth
    /// one. A developer carrying the phone sees what iOS did without a debugger attached, which would
    /// change it (a debugged app is not suspended).
    struct DebugNotifier: Sendable {
        // The shared center each time rather than stored: it is thread-safe, and the notifier stays
        // a plain value that the nonisolated timeline sink can call.
        private var center: UNUserNotificationCenter { .current() }
        /// Presents the notifications while the app is in front (the center holds its delegate weakly).
        private let presenter = DebugNotificationDelegate()

        /// Asks once for permission to show alerts (iOS shows the prompt only the first time) and
        /// becomes the center's delegate, so the notifications show while the app is in front too.
        ///
        /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/requestauthorization(options:completionhandler:)
        func start() {
            presenter.install(on: center)
            center.requestAuthorization(options: [.alert, .sound]) { _, _ in }
        }

        /// Shows `entry` at once when it is iOS's doing.
        ///
        /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/add(_:withcompletionhandler:)
        func show(_ entry: TimelineEntry) {
            guard let activity = SystemActivity(entry) else { return }
            let content = UNMutableNotificationContent()
            content.title = activity.title
            content.body = activity.detail
            content.threadIdentifier = ForegroundNotificationRoute.debugThread
            // A nil trigger delivers the notification now.
            center.add(
                UNNotificationRequest(identifier: UUID().uuidString, content: content, trigger: nil),
                withCompletionHandler: nil)
        }
    }
#endif
