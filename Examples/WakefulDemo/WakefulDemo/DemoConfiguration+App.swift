import CoreLocation
import Foundation
import UIKit
import Wakeful
import WakefulApple

extension DemoConfiguration {
    /// The app's whole configuration for `WakefulApp`.
    func appConfiguration(server: URL?, credential: @escaping @MainActor @Sendable () throws -> String?)
        -> WakefulApp.Configuration
    {
        var agent = AgentConfiguration()
        // Upload through the background session so batches survive suspension (URLS-1).
        agent.upload = Uploader.Configuration(background: true)
        var configuration = WakefulApp.Configuration(strategies: strategies, agent: agent)
        configuration.ingestEndpoint = server?.appendingPathComponent("v1/ingest")
        configuration.credential = credential
        // A development build's device token, sent to the server at every launch (PUT /v1/devices/me/apns).
        configuration.apnsEnvironment = .sandbox
        // The tester switched them on in the app: in any build, since a field run installs one.
        if Self.debugNotifications {
            var policy = DebugNotificationPolicy.fieldDebugging
            policy.allowedInReleaseBuilds = true
            configuration.debugNotificationPolicy = policy
        }
        return configuration
    }

    /// The configuration chosen in the settings screen; it applies from the next launch, because
    /// the strategies must be in place before launch ends. Kept in a file without Data Protection,
    /// not in UserDefaults: a background launch before the first unlock after a restart reads
    /// UserDefaults empty (DATA-6) and would start the wrong strategies.
    static var selected: DemoConfiguration {
        get { setting("configuration").flatMap(DemoConfiguration.init(rawValue:)) ?? .gasStationTaskExtension }
        set { setSetting("configuration", to: newValue.rawValue) }
    }

    /// Whether the debug notifications are on (the settings screen's switch); from the next
    /// launch, kept like ``selected``.
    static var debugNotifications: Bool {
        get { setting("debug-notifications") == "on" }
        set { setSetting("debug-notifications", to: newValue ? "on" : "off") }
    }

    /// A setting's file in Application Support/WakefulDemo, without Data Protection (DATA-6).
    private static func settingFile(_ name: String) -> URL {
        URL.applicationSupportDirectory.appending(path: "WakefulDemo/\(name)")
    }

    private static func setting(_ name: String) -> String? {
        try? String(contentsOf: settingFile(name), encoding: .utf8)
    }

    private static func setSetting(_ name: String, to value: String) {
        let file = settingFile(name)
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(value.utf8).write(to: file, options: [.atomic, .noFileProtection])
    }
}

extension DemoConfiguration.LaunchFacts {
    /// The phone as it is at `date`, for the timeline's header.
    @MainActor static func reading(at date: Date) -> Self {
        // utsname.machine is the model identifier (iPhone15,2); UIDevice.model says only "iPhone".
        var system = utsname()
        uname(&system)
        let model = withUnsafeBytes(of: system.machine) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        // A manager of its own: reading the status shows no prompt and starts no service.
        let location = CLLocationManager()
        let authorization: LocationAuthorization =
            switch location.authorizationStatus {
            case .authorizedAlways: .always
            case .authorizedWhenInUse: .whenInUse
            case .notDetermined: .notDetermined
            default: .denied
            }
        return Self(
            device: model, ios: UIDevice.current.systemVersion,
            backgroundModes: Bundle.main.object(forInfoDictionaryKey: "UIBackgroundModes") as? [String] ?? [],
            locationAuthorization: authorization, preciseLocation: location.accuracyAuthorization == .fullAccuracy,
            lowPowerMode: ProcessInfo.processInfo.isLowPowerModeEnabled,
            backgroundAppRefresh: UIApplication.shared.backgroundRefreshStatus == .available,
            localTime: LocalTime(date, calendar: .current))
    }
}
