#if canImport(UIKit)
    import Foundation
    import Logging
    import Wakeful

    extension WakefulApp {
        /// Hands a Live Activity command to the app's adapter (``Configuration/liveActivities``);
        /// without one, or when the adapter cannot carry it out, the timeline says why. Tokens the
        /// adapter reports go to the core and, with ``Configuration/apnsEnvironment`` and an
        /// ``Configuration/ingestEndpoint``, to the server (``LiveActivityTokenRegistration``).
        func executeLiveActivity(_ command: Command) {
            guard let adapter = configuration.liveActivities else {
                return notCarriedOut(command, reason: "noLiveActivityAdapter")
            }
            let reason = adapter.execute(command) { [weak self] event in
                self?.registerLiveActivityToken(in: event)
                self?.deliver(event)
            }
            if let reason { notCarriedOut(command, reason: reason) }
        }

        /// Sends a token the event carries to the server, with the device credential (LIVE-4, LIVE-5):
        /// "When you receive an updated push token, make sure to send it to your server"
        /// (https://developer.apple.com/documentation/activitykit/activity/pushtoken).
        private func registerLiveActivityToken(in event: Event) {
            let kind: LiveActivityTokenRegistration.Kind
            let token: String
            switch event {
            case .liveActivityPushToken(let activity, let value): (kind, token) = (.update(activity: activity), value)
            case .liveActivityPushToStartToken(let value): (kind, token) = (.pushToStart, value)
            default: return
            }
            guard let environment = configuration.apnsEnvironment, let ingest = configuration.ingestEndpoint else {
                return
            }
            let registration = LiveActivityTokenRegistration(kind: kind, hexToken: token, environment: environment)
            guard let endpoint = registration.endpoint(besideIngest: ingest) else { return }
            putToken(registration.body, to: endpoint, what: "Live Activity token")
        }
    }
#endif
