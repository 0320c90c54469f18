#if canImport(UIKit)
    import Foundation
    import UIKit
    import Wakeful

    extension WakefulApp {
        /// Call from `application(_:didFinishLaunchingWithOptions:)`: registers the BGTaskScheduler
        /// launch handlers (they must be registered before launch ends, BGT-9), starts MetricKit, the
        /// lifecycle observers and, when configured, the Bluetooth central with state restoration,
        /// then delivers ``Event/didFinishLaunching(_:)``.
        ///
        /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/register(fortaskwithidentifier:using:launchhandler:)
        public func application(
            _ application: UIApplication,
            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
        ) {
            scheduled.register(requirements.taskIdentifiers + configuration.additionalTaskIdentifiers)
            location.activate(authorization: requirements.locationAuthorization)
            if let identifier = configuration.bluetoothRestoreIdentifier {
                bluetooth = BluetoothAdapter(restoreIdentifier: identifier, pollPayload: configuration.pollPayload) {
                    [weak self] in
                    self?.deliver($0)
                }
            }
            exits.start()
            environment.start()
            debug?.start()
            deliver(.didFinishLaunching(LaunchReason(options: launchOptions, state: application.applicationState)))
            lifecycle.start()
        }

        /// Creates the app's Wakeful and starts it: the one call `application(_:didFinishLaunchingWithOptions:)`
        /// needs (``init(configuration:)`` then ``application(_:didFinishLaunchingWithOptions:)``).
        ///
        /// ```swift
        /// wakeful = try WakefulApp.start(configuration, application: application, launchOptions: launchOptions)
        /// ```
        ///
        /// - Throws: ``OutboxStoreError`` when the outbox cannot be opened; a file error for its folder.
        public static func start(
            _ configuration: Configuration, application: UIApplication,
            launchOptions: [UIApplication.LaunchOptionsKey: Any]?
        ) throws -> WakefulApp {
            let app = try WakefulApp(configuration: configuration)
            app.application(application, didFinishLaunchingWithOptions: launchOptions)
            return app
        }

        /// Call from `application(_:handleEventsForBackgroundURLSession:completionHandler:)` (URLS-1).
        ///
        /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:handleeventsforbackgroundurlsession:completionhandler:)
        public func application(
            _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
            completionHandler: @escaping () -> Void
        ) {
            sessions.handleEvents(forSession: identifier, completionHandler: completionHandler)
            deliver(.urlSessionEvents(sessionIdentifier: identifier))
        }

        /// Call from `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)` (PUSH-1, PUSH-6).
        ///
        /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didreceiveremotenotification:fetchcompletionhandler:)
        public func application(
            _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
            fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
        ) {
            deliver(.remoteNotification(pushes.receive(userInfo, completionHandler: completionHandler)))
        }
    }
#endif
