import Foundation

/// A Live Activity token as the companion server takes it, with the device's own credential:
/// `PUT /v1/devices/me/live-activities/push-to-start` for the push-to-start token and
/// `PUT /v1/devices/me/live-activities/{activity}/token` for an activity's update token.
///
/// Both come from ActivityKit's asynchronous sequences and "may change over time … When you
/// receive an updated push token, make sure to send it to your server and invalidate the outdated
/// token" (`Activity.pushToken`, `Activity.pushToStartToken`); so each token is forwarded as it
/// arrives, and the server keeps the newest (LIVE-4, LIVE-5).
public struct LiveActivityTokenRegistration: Sendable, Hashable {
    /// Which token it is.
    public enum Kind: Sendable, Hashable {
        /// `Activity<Attributes>.pushToStartTokenUpdates` (iOS 17.2+, LIVE-4): one per app.
        case pushToStart
        /// `activity.pushTokenUpdates` of the activity with this name (LIVE-5).
        case update(activity: String)
    }

    /// Which token.
    public var kind: Kind
    /// The token in lowercase hex (``hex(_:)``), as events carry it.
    public var hexToken: String
    /// The APNs environment of the build.
    public var environment: PushTokenRegistration.Environment

    /// Creates a registration.
    public init(kind: Kind, hexToken: String, environment: PushTokenRegistration.Environment) {
        self.kind = kind
        self.hexToken = hexToken
        self.environment = environment
    }

    /// ActivityKit's token bytes in lowercase hex, as ``PushTokenRegistration/hexToken`` writes a
    /// device token.
    public static func hex(_ bytes: [UInt8]) -> String {
        PushTokenRegistration(token: bytes, environment: .production, topic: "").hexToken
    }

    /// The request's JSON body: `environment`, `token`.
    public var body: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(["token": hexToken, "environment": environment.rawValue])) ?? Data()
    }

    /// The server's endpoint for this token beside its ingest endpoint (`…/v1/ingest` →
    /// `…/v1/devices/me/live-activities/…`); nil when the ingest URL does not end so.
    public func endpoint(besideIngest ingest: URL) -> URL? {
        guard let apns = PushTokenRegistration.endpoint(besideIngest: ingest) else { return nil }
        let base = apns.deletingLastPathComponent().appendingPathComponent("live-activities")
        switch kind {
        case .pushToStart: return base.appendingPathComponent("push-to-start")
        case .update(let activity): return base.appendingPathComponent(activity).appendingPathComponent("token")
        }
    }
}
