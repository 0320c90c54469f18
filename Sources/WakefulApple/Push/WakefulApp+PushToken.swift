#if canImport(UIKit)
    import Foundation
    import Logging
    import UIKit
    import Wakeful

    extension WakefulApp {
        /// Call from `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`: the token of
        /// the registration ``application(_:didFinishLaunchingWithOptions:)`` makes at every launch.
        /// With ``Configuration/apnsEnvironment`` set it goes to the server beside
        /// ``Configuration/ingestEndpoint``, with the device credential, as the system gave it
        /// (``PushTokenRegistration``: forwarded at every launch, never kept). Without the credential
        /// (a locked phone before the first unlock) it waits for the next launch's registration.
        ///
        /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didregisterforremotenotificationswithdevicetoken:)
        public func application(
            _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
        ) {
            guard let environment = configuration.apnsEnvironment, let ingest = configuration.ingestEndpoint,
                let endpoint = PushTokenRegistration.endpoint(besideIngest: ingest),
                let topic = Bundle.main.bundleIdentifier
            else { return }
            let registration = PushTokenRegistration(token: Array(deviceToken), environment: environment, topic: topic)
            putToken(registration.body, to: endpoint, what: "device token")
        }

        /// Call from `application(_:didFailToRegisterForRemoteNotificationsWithError:)` (no network, no
        /// entitlement in a development build): noted in the timeline; the next launch registers again.
        ///
        /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didfailtoregisterforremotenotificationswitherror:)
        public func application(
            _ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error
        ) {
            logger.error("APNs registration failed", metadata: ["error": "\(error)"])
            note(
                TimelineEntry(
                    time: context().now,
                    body: .decision(
                        SystemDecision(
                            name: "remoteNotificationRegistrationFailed",
                            fields: [Field("error", .string(error.localizedDescription))]))))
        }
    }
#endif
