import Foundation

/// The device token APNs hands the app at every launch, as the companion server takes it
/// (`PUT /v1/devices/me/apns`, a device's own credential).
///
/// "At launch time, your app communicates with APNs and receives its device token, which you then
/// forward to your provider server" (Registering your app with APNs); the token "identifies this
/// device to APNs. Send this token to the server that you use to generate remote notifications …
/// APNs device tokens are of variable length. Do not hard-code their size"
/// (`application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`). So the token the system gives
/// is forwarded each time it is given, never one kept from an earlier launch: a token that changed
/// (a restore, a reinstall) would leave the server pushing to nothing, and one kept in
/// `UserDefaults` reads empty before the first unlock (DATA-6).
public struct PushTokenRegistration: Sendable, Hashable {
    /// The APNs environment of the build: the `aps-environment` entitlement (`development` is the sandbox).
    public enum Environment: String, Sendable, Hashable, Codable, CaseIterable {
        case sandbox, production
    }

    /// The token's bytes, as the system gave them.
    public var token: [UInt8]
    /// The environment the token belongs to.
    public var environment: Environment
    /// The app's bundle identifier, the push topic.
    public var topic: String

    /// Creates a registration.
    public init(token: [UInt8], environment: Environment, topic: String) {
        self.token = token
        self.environment = environment
        self.topic = topic
    }

    /// The token in lowercase hex, every byte, whatever the length (the server's "hex digits, an
    /// even number of them").
    public var hexToken: String {
        let digits = Array("0123456789abcdef")
        return String(token.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }

    /// The request's JSON body: `token`, `environment`, `topic`.
    public var body: Data {
        // The values are hex, an enumeration and a bundle identifier; the encoder escapes anyway.
        let fields = ["token": hexToken, "environment": environment.rawValue, "topic": topic]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(fields)) ?? Data()
    }

    /// The server's endpoint for tokens beside its ingest endpoint, `…/v1/ingest` →
    /// `…/v1/devices/me/apns`; nil when the ingest URL does not end so.
    public static func endpoint(besideIngest ingest: URL) -> URL? {
        ServerEndpoint.beside(ingest: ingest, "devices/me/apns")
    }
}
