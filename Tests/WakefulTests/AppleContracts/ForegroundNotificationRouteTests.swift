import Testing
import Wakeful
import WakefulTestSupport

@Suite("Debug notifications in the foreground against UNUserNotificationCenter's contract", .watchdog)
struct ForegroundNotificationRouteTests {
    /// A notification center as UNUserNotificationCenter.h describes it: in the foreground, `willPresent`
    /// "will be called on the delegate only if the application is in the foreground. If the method is
    /// not implemented or the handler is not called in a timely manner then the notification will not
    /// be presented"; one delegate at a time.
    final class FakeNotificationCenter {
        typealias WillPresent = (_ thread: String, _ handler: (Set<String>) -> Void) -> Void
        /// The delegate's `willPresent`, nil without a delegate.
        var delegate: WillPresent?
        /// What was presented, by thread, with the options.
        private(set) var presented: [String: Set<String>] = [:]

        func deliverInForeground(thread: String) {
            guard let delegate else { return }
            delegate(thread) { [self] options in if !options.isEmpty { presented[thread] = options } }
        }
    }

    /// What `DebugNotificationDelegate` does: take the center's delegate, keeping the app's to forward to.
    static func install(on center: FakeNotificationCenter) {
        let app = center.delegate
        center.delegate = { thread, handler in
            switch ForegroundNotificationRoute.route(threadIdentifier: thread, appDelegateSet: app != nil) {
            case .presentAsBanner: handler(["banner", "list"])
            case .forwardToApp: app?(thread, handler)
            case .notPresented: handler([])
            }
        }
    }

    @Test("a debug notification shows while the app is in front; the app's own keep its delegate's choice")
    func presentsAndForwards() {
        let center = FakeNotificationCenter()
        center.delegate = { _, handler in handler(["sound"]) }  // the app's delegate
        Self.install(on: center)
        center.deliverInForeground(thread: ForegroundNotificationRoute.debugThread)
        center.deliverInForeground(thread: "chat")
        #expect(center.presented == [ForegroundNotificationRoute.debugThread: ["banner", "list"], "chat": ["sound"]])
    }

    @Test("with no delegate, as the old notifier left it, nothing is presented in the foreground")
    func noDelegateIsTheOldBreak() {
        let center = FakeNotificationCenter()
        center.deliverInForeground(thread: ForegroundNotificationRoute.debugThread)
        #expect(center.presented.isEmpty)
    }

    @Test("without an app delegate, the app's notifications stay unpresented, as without Wakeful")
    func appNotificationsWithoutDelegate() {
        let center = FakeNotificationCenter()
        Self.install(on: center)
        center.deliverInForeground(thread: "chat")
        #expect(center.presented.isEmpty)
        #expect(ForegroundNotificationRoute.route(threadIdentifier: "chat", appDelegateSet: false) == .notPresented)
    }
}
