import Foundation

/// Who presents a local notification that arrives while the app is in front.
///
/// UNUserNotificationCenter.h, `willPresentNotification`: "The method will be called on the
/// delegate only if the application is in the foreground. If the method is not implemented or the
/// handler is not called in a timely manner then the notification will not be presented." Without
/// a delegate the debug mode showed nothing while the app was open. The center has one delegate, so
/// Wakeful's takes the place of the one the app set before and forwards to it: Wakeful's debug
/// notifications (thread ``debugThread``) are presented as a banner and in the list; any other is
/// the app's delegate's to decide, and not presented without one, as without Wakeful.
public enum ForegroundNotificationRoute: Sendable, Hashable {
    /// Call the handler with banner and list.
    case presentAsBanner
    /// Hand the call to the app's delegate.
    case forwardToApp
    /// Call the handler with no option: not presented.
    case notPresented

    /// The thread identifier of the debug mode's notifications.
    public static let debugThread = "wakeful-debug"

    /// The route for a notification of `threadIdentifier`, given whether the app had set a delegate.
    public static func route(threadIdentifier: String, appDelegateSet: Bool) -> Self {
        if threadIdentifier == debugThread { return .presentAsBanner }
        return appDelegateSet ? .forwardToApp : .notPresented
    }
}
