#if canImport(UIKit)
    import Foundation
    import Logging
    import UIKit
    import Wakeful

    extension WakefulApp {
        /// Call from `application(_:didFinishLaunchingWithOptions:)`: registers a BGTaskScheduler launch
        /// handler for every permitted and declared identifier (they must be registered before launch
        /// ends, BGT-9), takes the location service session, registers for remote notifications,
        /// starts MetricKit, the lifecycle observers and, when configured, the Bluetooth central with
        /// state restoration, then delivers ``Event/didFinishLaunching(_:)``.
        ///
        /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/register(fortaskwithidentifier:using:launchhandler:)
        public func application(
            _ application: UIApplication,
            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
        ) {
            scheduled.register(
                permitted: infoPlist.permittedTaskIdentifiers,
                declared: requirements.taskIdentifiers + configuration.additionalTaskIdentifiers)
            location.activate(authorization: requirements.locationAuthorization)
            location.resumeActivitySession(backgroundUpdatesWanted: requirements.backgroundModes.contains(.location))
            registerForRemoteNotifications(application)
            startBluetooth()
            sessions.removeLeftoverBodyFiles()
            sessions.reconnect([UploadRequest.sessionIdentifier] + configuration.backgroundSessionIdentifiers)
            sessions.reconnect(configuration.backgroundSessionIdentifiers, discretionary: true)
            exits.start()
            environment.start()
            debug?.start(inForeground: application.applicationState != .background)
            // A relaunch in the background retakes its location service session while the launch is
            // delivered (CLServiceSession.h), not later.
            locationSessions.launching = true
            deliver(.didFinishLaunching(LaunchReason(options: launchOptions, state: application.applicationState)))
            locationSessions.launching = false
            lifecycle.start()
            notePendingTaskRequests()
        }

        /// Creates the app's Wakeful and starts it: the one call `application(_:didFinishLaunchingWithOptions:)`
        /// needs (``init(configuration:)`` then ``application(_:didFinishLaunchingWithOptions:)``).
        /// When ``init(configuration:)`` throws, it still registers a launch handler for every permitted
        /// task identifier and takes charge of the push and session handlers
        /// (``startWithoutAgent(_:)``) before rethrowing: BGTaskScheduler.h, "Every identifier in the
        /// BGTaskSchedulerPermittedIdentifiers requires a handler", and a push not completed ends the
        /// app. Forward the delegate's callbacks with ``forward(_:didReceiveRemoteNotification:fetchCompletionHandler:to:)``
        /// and ``forward(_:handleEventsForBackgroundURLSession:completionHandler:to:)`` either way.
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
            let app: WakefulApp
            do {
                app = try WakefulApp(configuration: configuration)
            } catch {
                startWithoutAgent(configuration)
                throw error
            }
            app.application(application, didFinishLaunchingWithOptions: launchOptions)
            return app
        }

        /// Call from `application(_:handleEventsForBackgroundURLSession:completionHandler:)` (URLS-1).
        /// Returns false, keeping nothing, for an identifier Wakeful does not own (not the uploader's,
        /// not in ``Configuration/backgroundSessionIdentifiers``, not one the core started transfers
        /// on): that session is the app's, and the app's own code must recreate it and keep the
        /// handler ("The behavior of multiple sessions sharing the same identifier is undefined").
        /// For Wakeful's, the handler is called once the session reports
        /// `urlSessionDidFinishEvents(forBackgroundURLSession:)`. An app delegate that keeps its
        /// Wakeful optional calls ``forward(_:handleEventsForBackgroundURLSession:completionHandler:to:)``,
        /// which answers Wakeful's handlers even when there is none.
        ///
        /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:handleeventsforbackgroundurlsession:completionhandler:)
        @discardableResult
        public func application(
            _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
            completionHandler: @escaping () -> Void
        ) -> Bool {
            guard sessions.handleEvents(forSession: identifier, completionHandler: completionHandler) else {
                return false
            }
            deliver(.urlSessionEvents(sessionIdentifier: BackgroundSessionIdentifier.coreName(of: identifier)))
            return true
        }

        /// Call from `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)` (PUSH-1, PUSH-6).
        /// The handler is called by the strategy that handles the push or, 25 s after it arrived, with
        /// `noData`, before iOS's 30 s limit. An app delegate that keeps its Wakeful optional calls
        /// ``forward(_:didReceiveRemoteNotification:fetchCompletionHandler:to:)``, which completes the
        /// push even when there is none.
        ///
        /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didreceiveremotenotification:fetchcompletionhandler:)
        public func application(
            _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
            fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
        ) {
            deliver(.remoteNotification(pushes.receive(userInfo, completionHandler: completionHandler)))
        }

        /// "At launch time, your app communicates with APNs and receives its device token"
        /// (Registering your app with APNs): at every launch of an app that declares
        /// `remote-notification` or whose strategies rely on it. The token arrives at the app
        /// delegate's `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`.
        /// https://developer.apple.com/documentation/uikit/uiapplication/registerforremotenotifications()
        private func registerForRemoteNotifications(_ application: UIApplication) {
            guard infoPlist.registersForRemoteNotificationsAtLaunch(requirements) else { return }
            application.registerForRemoteNotifications()
        }

        /// The central with state restoration, only when the plist allows it: CoreBluetooth raises
        /// "State restoration of CBCentralManager is only allowed for applications that have specified
        /// the bluetooth-central background mode", and a missing NSBluetoothAlwaysUsageDescription
        /// ends the app at the first use. Without them Bluetooth commands are noted as not carried out.
        /// The central is created now unless that would show the permission prompt at launch; then it
        /// waits for ``requestBluetoothAuthorization()`` (``BluetoothCentralPolicy``).
        private func startBluetooth() {
            guard let identifier = configuration.bluetoothRestoreIdentifier else { return }
            guard infoPlist.allowsBluetoothCentralRestoration else {
                logger.error(
                    "no Bluetooth central: Info.plist lacks a key",
                    metadata: ["needs": "UIBackgroundModes bluetooth-central, NSBluetoothAlwaysUsageDescription"])
                return
            }
            let adapter = BluetoothAdapter(
                restoreIdentifier: identifier, pollPayload: configuration.pollPayload,
                notCarriedOut: { [weak self] in self?.notCarriedOut($0, reason: $1) }
            ) { [weak self] in self?.deliver($0) }
            bluetooth = adapter
            let accessorySetupKit = infoPlist.setsUpBluetoothAccessoriesWithAccessorySetupKit
            switch BluetoothCentralPolicy.creation(
                authorization: BluetoothAdapter.authorization, accessorySetupKit: accessorySetupKit)
            {
            case .atLaunch: adapter.createCentral()
            case .whenTheAppAsks:
                logger.notice("Bluetooth central waits for requestBluetoothAuthorization(): not asked yet")
            }
            if let notice = BluetoothCentralPolicy.relaunchNotice(
                iOSMajor: ProcessInfo.processInfo.operatingSystemVersion.majorVersion,
                accessorySetupKit: accessorySetupKit)
            {
                logger.info("\(notice)")
            }
        }
    }
#endif
