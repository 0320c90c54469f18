import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("APNs device tokens against Registering your app with APNs", .watchdog)
struct PushTokenRegistrationTests {
    /// APNs as Apple's pages describe registration: at every launch the app "receives its device
    /// token, which you then forward to your provider server"; the token can change (a restore, a
    /// reinstall), and tokens "are of variable length". The provider keeps the last token it was sent.
    final class FakeAPNs {
        private(set) var current: [UInt8] = Array(repeating: 0xA1, count: 32)
        /// What the provider server holds, hex.
        private(set) var providerToken: String?

        /// The device is restored from a backup: APNs issues a new, longer token.
        func restore() { current = Array(repeating: 0xB2, count: 100) }

        func providerReceives(_ body: Data) {
            let fields = try? JSONDecoder().decode([String: String].self, from: body)
            providerToken = fields?["token"]
        }
    }

    static func launch(_ apns: FakeAPNs) {
        // What `WakefulApp.application(_:didRegisterForRemoteNotificationsWithDeviceToken:)` sends.
        let registration = PushTokenRegistration(token: apns.current, environment: .sandbox, topic: "com.example.app")
        apns.providerReceives(registration.body)
    }

    @Test("the token of every launch reaches the server, also after it changed")
    func forwardedEveryLaunch() {
        let apns = FakeAPNs()
        Self.launch(apns)
        apns.restore()
        Self.launch(apns)
        #expect(apns.providerToken == String(repeating: "b2", count: 100))
    }

    @Test("keeping the token in UserDefaults and never forwarding it, as the demo did, leaves the server without one")
    func keptTokenIsTheOldBreak() {
        let apns = FakeAPNs()
        var userDefaults: [String: String] = [:]
        userDefaults["apnsToken"] =
            PushTokenRegistration(token: apns.current, environment: .sandbox, topic: "").hexToken
        apns.restore()
        #expect(apns.providerToken == nil)
        #expect(
            userDefaults["apnsToken"]
                != PushTokenRegistration(token: apns.current, environment: .sandbox, topic: "").hexToken)
    }

    @Test("the body is the server's: hex token of any length, environment, topic")
    func body() throws {
        let registration = PushTokenRegistration(
            token: [0x00, 0x0F, 0xF0, 0xFF], environment: .production, topic: "com.example.app")
        #expect(registration.hexToken == "000ff0ff")
        let fields = try JSONDecoder().decode([String: String].self, from: registration.body)
        #expect(fields == ["token": "000ff0ff", "environment": "production", "topic": "com.example.app"])
    }

    @Test("the token endpoint sits beside the ingest endpoint")
    func endpoint() throws {
        let ingest = try #require(URL(string: "https://wakeful.example.com/v1/ingest"))
        #expect(
            PushTokenRegistration.endpoint(besideIngest: ingest)?.absoluteString
                == "https://wakeful.example.com/v1/devices/me/apns")
        #expect(
            PushTokenRegistration.endpoint(besideIngest: try #require(URL(string: "https://example.com/upload"))) == nil
        )
    }
}
