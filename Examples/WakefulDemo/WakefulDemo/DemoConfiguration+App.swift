import Foundation
import Wakeful
import WakefulApple

extension DemoConfiguration {
    /// The app's whole configuration for `WakefulApp`.
    func appConfiguration(server: URL?, credential: @escaping @MainActor @Sendable () -> String?)
        -> WakefulApp.Configuration
    {
        var agent = AgentConfiguration()
        // Upload through the background session so batches survive suspension (URLS-1).
        agent.upload = Uploader.Configuration(background: true)
        var configuration = WakefulApp.Configuration(strategies: strategies, agent: agent)
        configuration.ingestEndpoint = server?.appendingPathComponent("v1/ingest")
        configuration.credential = credential
        return configuration
    }

    /// The configuration chosen in the settings screen; it applies from the next launch, because
    /// the strategies must be in place before launch ends.
    static var selected: DemoConfiguration {
        get {
            UserDefaults.standard.string(forKey: "configuration").flatMap(DemoConfiguration.init(rawValue:))
                ?? .gasStationTaskExtension
        }
        set { UserDefaults.standard.set(newValue.rawValue, forKey: "configuration") }
    }
}
