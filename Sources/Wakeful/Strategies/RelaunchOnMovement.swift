import Foundation

/// Seed 001: let movement bring the app back. The significant-change service and visits wake a
/// suspended app and relaunch a terminated one; the app's own features (``LocationLogger``) then
/// do their work in the ≈10 s each wake gives.
///
/// No background mode is needed (LOC-13), only Always authorization (LOC-16). An SLC event needs
/// ≥500 m of movement and comes at most every 5 minutes (LOC-10); the app then has about 10 s
/// (LOC-12). After a user force-quit, SLC and region events relaunch the app on iOS 7.1–18 but not
/// on 7.0 or 26+ (LOC-25 to LOC-29, CONF-5). Nothing happens while the user stays put (LOC-14), and
/// Background App Refresh off or Low Power Mode suppress the wakes (CONF-9, BGT-12). SLC costs more
/// than regions or visits (LOC-15, ENERGY-3). App Review risk is low.
///
/// What it loses: under When-In-Use (or a provisional Always) nothing wakes or relaunches it
/// (LOC-16, AUTH-3); with Precise Location off SLC still works, at ≈4 coarse fixes an hour, and
/// visits are approximate (AUTH-6), so it keeps waking but its positions are kilometres off.
public struct RelaunchOnMovement: Strategy {
    /// Configuration.
    public struct Options: Sendable, Hashable, Codable {
        /// Use the significant-change service.
        public var significantChanges: Bool
        /// Use the visits service (iOS 8+).
        public var visits: Bool

        /// Creates options.
        public init(significantChanges: Bool = true, visits: Bool = true) {
            self.significantChanges = significantChanges
            self.visits = visits
        }
    }

    /// The configuration.
    public var options: Options

    /// Creates the strategy.
    public init(options: Options = Options()) {
        self.options = options
    }

    public var name: String { "RelaunchOnMovement" }
    public var requirements: Requirements {
        Requirements(locationAuthorization: .always, locationCapabilities: [.relaunch, .preciseFixes])
    }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .didFinishLaunching, .authorizationChanged(.always), .authorizationChanged(.whenInUse):
            // AUTH-5: services refused before the user answered are started once they can be.
            // LOC-12: a relaunched app must start the services again within its ≈10 s.
            var commands: [Command] = []
            if options.significantChanges { commands.append(.startMonitoringSignificantLocationChanges) }
            if options.visits { commands.append(.startMonitoringVisits) }
            return commands
        default:
            return []
        }
    }
}
