#if canImport(UIKit)
    import Foundation
    import UIKit
    import Wakeful

    /// Turns `UIApplication` and `ProcessInfo` notifications into lifecycle ``Event``s.
    ///
    /// Notifications rather than app-delegate methods, because UIKit posts them whether or not the app
    /// adopts scenes (the delegate's `applicationDidEnterBackground(_:)` is not called in scene-based
    /// apps; https://developer.apple.com/documentation/uikit/uiapplicationdelegate/applicationdidenterbackground(_:)),
    /// so one code path serves UIKit, scene and SwiftUI apps.
    @MainActor
    final class ApplicationLifecycleAdapter {
        private let deliver: @MainActor @Sendable (Event) -> Void
        private let protectedData: ProtectedDataState
        private var tokens: [any NSObjectProtocol] = []

        init(protectedData: ProtectedDataState, deliver: @escaping @MainActor @Sendable (Event) -> Void) {
            self.protectedData = protectedData
            self.deliver = deliver
        }

        /// Starts observing; called once, after the launch event.
        func start() {
            let center = NotificationCenter.default
            // https://developer.apple.com/documentation/uikit/uiapplication/didenterbackgroundnotification (and siblings)
            let mapping: [(Notification.Name, Event)] = [
                (UIApplication.didEnterBackgroundNotification, .didEnterBackground),
                (UIApplication.willEnterForegroundNotification, .willEnterForeground),
                (UIApplication.didBecomeActiveNotification, .didBecomeActive),
                (UIApplication.willResignActiveNotification, .willResignActive),
                (UIApplication.willTerminateNotification, .willTerminate),
                (UIApplication.didReceiveMemoryWarningNotification, .memoryWarning),
                // https://developer.apple.com/documentation/uikit/uiapplication/protecteddatawillbecomeunavailablenotification
                // https://developer.apple.com/documentation/uikit/uiapplication/protecteddatadidbecomeavailablenotification
                (UIApplication.protectedDataWillBecomeUnavailableNotification, .protectedDataWillBecomeUnavailable),
                (UIApplication.protectedDataDidBecomeAvailableNotification, .protectedDataDidBecomeAvailable),
            ]
            for (name, event) in mapping {
                tokens.append(
                    center.addObserver(forName: name, object: nil, queue: .main) { [weak self] _ in
                        MainActor.assumeIsolated {
                            // The outbox learns first, so the event's commit reopens the store (DATA-4).
                            if event == .protectedDataDidBecomeAvailable { self?.protectedData.isAvailable = true }
                            if event == .protectedDataWillBecomeUnavailable { self?.protectedData.isAvailable = false }
                            self?.deliver(event)
                        }
                    })
            }
            // https://developer.apple.com/documentation/uikit/uiapplication/backgroundrefreshstatusdidchangenotification
            tokens.append(
                center.addObserver(
                    forName: UIApplication.backgroundRefreshStatusDidChangeNotification, object: nil, queue: .main
                ) {
                    [weak self] _ in
                    MainActor.assumeIsolated {
                        self?.deliver(
                            .backgroundRefreshStatusChanged(
                                BackgroundRefreshStatus(UIApplication.shared.backgroundRefreshStatus)))
                    }
                })
            // https://developer.apple.com/documentation/foundation/processinfo/islowpowermodeenabled
            // The notice may come on any thread; the value is read on the main queue.
            tokens.append(
                center.addObserver(forName: .NSProcessInfoPowerStateDidChange, object: nil, queue: .main) {
                    [weak self] _ in
                    MainActor.assumeIsolated {
                        self?.deliver(.lowPowerModeChanged(ProcessInfo.processInfo.isLowPowerModeEnabled))
                    }
                })
        }
    }

    extension BackgroundRefreshStatus {
        /// `UIApplication.backgroundRefreshStatus` (LOC-22, BGT-9).
        init(_ status: UIBackgroundRefreshStatus) {
            switch status {
            case .available: self = .available
            case .denied: self = .denied
            case .restricted: self = .restricted
            @unknown default: self = .denied
            }
        }
    }

    extension LaunchReason {
        /// Why UIKit launched the app, from `application(_:didFinishLaunchingWithOptions:)`.
        ///
        /// Scene-based apps receive no launch options (see the restore-identifier note in
        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanageroptionrestoreidentifierkey),
        /// so for them every launch reads as `.user` or, in the background, `.scheduledTask`; the wake
        /// event that follows tells the timeline what really happened. A background launch with no key
        /// is a BGTaskScheduler task or a URL-session relaunch (STATE-2).
        /// https://developer.apple.com/documentation/uikit/uiapplication/launchoptionskey
        /// https://developer.apple.com/documentation/uikit/uiapplication/launchoptionskey/bluetoothcentrals
        ///
        /// A prewarmed process (iOS 15+) has `ActivePrewarm` set to `1` in its environment; in the
        /// background with no launch key that is a prewarm, not a task (DATA-9). The variable stays
        /// set when the user opens the app later, so a foreground launch is still `.user`.
        /// https://developer.apple.com/documentation/uikit/about-the-app-launch-sequence
        init(
            options: [UIApplication.LaunchOptionsKey: Any]?, state: UIApplication.State,
            environment: [String: String] = ProcessInfo.processInfo.environment
        ) {
            let options = options ?? [:]
            if options[.location] != nil {
                // LOC-12, LOC-16: significant change, visit or region; the delegate call that follows says which.
                self = .region
            } else if options[.remoteNotification] != nil {
                self = .remoteNotification  // PUSH-1
            } else if options[.bluetoothCentrals] != nil {
                self = .bluetooth  // BLE-4
            } else if state == .background && environment["ActivePrewarm"] == "1" {
                self = .prewarm  // DATA-9
            } else if state == .background {
                self = .scheduledTask
            } else {
                self = .user
            }
        }
    }
#endif
