import Foundation
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
