#if canImport(UIKit) && canImport(UserNotifications)
    import Foundation
    import UserNotifications
    import Wakeful

    /// The notification center's delegate while the debug mode runs: presents Wakeful's debug
    /// notifications while the app is in front and hands everything else to the delegate the app set
    /// before (``ForegroundNotificationRoute``). UNUserNotificationCenter.h: without a delegate's
    /// `willPresentNotification`, "the notification will not be presented". An app that sets its own
    /// delegate after Wakeful starts displaces this one; the debug notifications then show only while
    /// the app is in the background.
    ///
    /// The center may call it on any queue; the app's delegate is read under a lock.
    final class DebugNotificationDelegate: NSObject, UNUserNotificationCenterDelegate, @unchecked Sendable {
        private let lock = NSLock()
        /// The app's own delegate, which the center held before; weak, as the center holds it.
        private weak var appDelegate: (any UNUserNotificationCenterDelegate)?

        /// Becomes the center's delegate, keeping the app's to forward to. The delegate "must be set
        /// before the application returns from application:didFinishLaunchingWithOptions:" for
        /// responses to reach it, so this runs at launch.
        /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/delegate
        func install(on center: UNUserNotificationCenter) {
            let previous = center.delegate
            guard previous !== self else { return }
            lock.withLock { appDelegate = previous }
            center.delegate = self
        }

        private var app: (any UNUserNotificationCenterDelegate)? { lock.withLock { appDelegate } }

        /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:willpresent:withcompletionhandler:)
        func userNotificationCenter(
            _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
            withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
        ) {
            let app = app
            switch ForegroundNotificationRoute.route(
                threadIdentifier: notification.request.content.threadIdentifier, appDelegateSet: app != nil)
            {
            case .presentAsBanner: completionHandler([.banner, .list])
            case .notPresented: completionHandler([])
            case .forwardToApp:
                // Not implemented by the app's delegate: not presented, as without Wakeful.
                if app?.userNotificationCenter?(
                    center, willPresent: notification, withCompletionHandler: completionHandler) == nil
                {
                    completionHandler([])
                }
            }
        }

        /// The user opened, dismissed or acted on a notification: the app's, if it implements it.
        /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:didreceive:withcompletionhandler:)
        func userNotificationCenter(
            _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
            withCompletionHandler completionHandler: @escaping @Sendable () -> Void
        ) {
            if app?.userNotificationCenter?(center, didReceive: response, withCompletionHandler: completionHandler)
                == nil
            {
                completionHandler()
            }
        }

        /// The in-app notification settings: the app's.
        /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:opensettingsfor:)
        func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {
            app?.userNotificationCenter?(center, openSettingsFor: notification)
        }
    }
#endif
