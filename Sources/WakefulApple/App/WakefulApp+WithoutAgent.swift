#if canImport(UIKit)
    import Foundation
    import UIKit
    import Wakeful

    extension WakefulApp {
        /// The background session identifiers Wakeful owns in a process whose ``WakefulApp`` could
        /// not be created: the uploader's, and the configuration's once ``startWithoutAgent(_:)`` ran.
        private(set) static var sessionsOwnedWithoutAgent = [UploadRequest.sessionIdentifier]

        /// Call from `application(_:didFinishLaunchingWithOptions:)` when ``init(configuration:)``
        /// threw (``start(_:application:launchOptions:)`` calls it itself): registers a launch handler
        /// for every permitted task identifier (``registerLaunchHandlersWithoutAgent()``) and makes
        /// ``forward(_:handleEventsForBackgroundURLSession:completionHandler:to:)`` and
        /// ``forward(_:didReceiveRemoteNotification:fetchCompletionHandler:to:)`` answer for the
        /// configuration's sessions and pushes, since no agent will.
        public static func startWithoutAgent(_ configuration: Configuration) {
            registerLaunchHandlersWithoutAgent()
            sessionsOwnedWithoutAgent = [UploadRequest.sessionIdentifier] + configuration.backgroundSessionIdentifiers
        }

        /// Registers a launch handler for every `BGTaskSchedulerPermittedIdentifiers` entry that
        /// completes its task at once (`setTaskCompleted(success: false)`), so a scheduled task cannot
        /// launch the app into a missing handler ("No launch handler registered for task with
        /// identifier …"). ``startWithoutAgent(_:)`` calls it. Identifiers registered before in the
        /// process are skipped (a second registration kills the app).
        public static func registerLaunchHandlersWithoutAgent() {
            let plist = InfoPlistGuard(Bundle.main.infoDictionary ?? [:])
            ScheduledTaskAdapter.registerLaunchHandlers(
                TaskRegistrationPlan(permitted: plist.permittedTaskIdentifiers, declared: []))
        }

        /// Call from `application(_:handleEventsForBackgroundURLSession:completionHandler:)` with the
        /// app's Wakeful, nil when it could not be created (``CompletionHandlerOwner``). Returns false,
        /// keeping nothing, for an identifier that is not Wakeful's: the app's own code recreates that
        /// session and keeps the handler. For Wakeful's, with an agent the handler is called after
        /// `urlSessionDidFinishEvents(forBackgroundURLSession:)`; without one it is called at once and
        /// the events wait for the session a later launch creates, since "You should call the
        /// completionHandler as soon as you're finished handling the callbacks" (UIApplication.h).
        ///
        /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:handleeventsforbackgroundurlsession:completionhandler:)
        @discardableResult
        public static func forward(
            _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
            completionHandler: @escaping () -> Void, to wakeful: WakefulApp?
        ) -> Bool {
            switch CompletionHandlerOwner.backgroundSessionEvents(
                identifier, agentRunning: wakeful != nil, ownedWithoutAgent: sessionsOwnedWithoutAgent)
            {
            case .agent:
                return wakeful?.application(
                    application, handleEventsForBackgroundURLSession: identifier, completionHandler: completionHandler)
                    ?? false
            case .wakefulWithoutAgent:
                completionHandler()
                return true
            case .app:
                return false
            }
        }

        /// Call from `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)` with the
        /// app's Wakeful, nil when it could not be created. With an agent the push goes to the
        /// strategies (and the safety net completes it before 30 s); without one it is completed at
        /// once with `noData`: "you must call the block in the handler parameter or your app will be
        /// terminated" (``CompletionHandlerOwner``).
        ///
        /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didreceiveremotenotification:fetchcompletionhandler:)
        public static func forward(
            _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
            fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void,
            to wakeful: WakefulApp?
        ) {
            switch CompletionHandlerOwner.remoteNotification(agentRunning: wakeful != nil) {
            case .agent:
                wakeful?.application(
                    application, didReceiveRemoteNotification: userInfo, fetchCompletionHandler: completionHandler)
            case .wakefulWithoutAgent, .app:
                completionHandler(.noData)
            }
        }
    }
#endif
