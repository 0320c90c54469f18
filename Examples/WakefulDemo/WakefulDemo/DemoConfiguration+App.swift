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
        return configuration
    }

    /// The configuration chosen in the settings screen; it applies from the next launch, because
    /// the strategies must be in place before launch ends. Kept in a file without Data Protection,
    /// not in UserDefaults: a background launch before the first unlock after a restart reads
    /// UserDefaults empty (DATA-6) and would start the wrong strategies.
    static var selected: DemoConfiguration {
        get {
            (try? String(contentsOf: choiceFile, encoding: .utf8)).flatMap(DemoConfiguration.init(rawValue:))
                ?? .gasStationTaskExtension
        }
        set {
            try? FileManager.default.createDirectory(
                at: choiceFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(newValue.rawValue.utf8).write(to: choiceFile, options: [.atomic, .noFileProtection])
        }
    }

    private static var choiceFile: URL {
        URL.applicationSupportDirectory.appending(path: "WakefulDemo/configuration")
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
