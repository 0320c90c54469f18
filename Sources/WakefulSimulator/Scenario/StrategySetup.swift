import Foundation
import Wakeful

/// A named set of strategies, run together as one configuration of the app (one column of a table).
public struct StrategySetup: Sendable, Hashable {
    /// The name shown in reports: `none`, `TaskExtension`, or a scenario's own label.
    public var name: String
    /// The strategies, in the order they receive events.
    public var strategies: [StrategySpec]
    /// The scenario file's `strategies` entry as written (a name, or `{"name": …, "use": […]}` with
    /// options), for the run header; nil for a setup made in code or from a command-line name.
    public var source: JSONValue?

    /// Creates a setup.
    public init(name: String, strategies: [StrategySpec]) {
        self.name = name
        self.strategies = strategies
    }

    /// Setups are equal when their names and strategies are: where one was written does not count.
    public static func == (lhs: StrategySetup, rhs: StrategySetup) -> Bool {
        lhs.name == rhs.name && lhs.strategies == rhs.strategies
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(strategies)
    }

    /// The app with no background technique at all.
    public static let none = StrategySetup(name: "none", strategies: [])

    /// Parses a command-line name: `none`, a strategy name, or names joined by `+`.
    /// - Throws: ``ScenarioError`` naming the unknown strategy and listing the known ones.
    public static func named(_ text: String) throws(ScenarioError) -> StrategySetup {
        if text == "none" { return .none }
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if let blank = parts.firstIndex(of: "") {
            throw ScenarioError(
                file: "--strategy", field: nil,
                message:
                    "\"\(text)\" has an empty name at position \(blank + 1); expected none, or strategy names joined by +"
            )
        }
        if let repeated = parts.first(where: { part in parts.filter { $0 == part }.count > 1 }) {
            throw ScenarioError(
                file: "--strategy", field: nil,
                message: "\"\(repeated)\" is listed twice in \"\(text)\"; expected each strategy once")
        }
        var specs: [StrategySpec] = []
        for part in parts {
            guard let entry = StrategyCatalog.entry(named: part) else {
                throw ScenarioError(
                    file: "--strategy", field: nil,
                    message:
                        "unknown strategy \"\(part)\"; expected none, or one or more of \(StrategyCatalog.names.joined(separator: ", ")) joined by +"
                )
            }
            specs.append(entry.defaults)
        }
        return StrategySetup(name: text, strategies: specs)
    }
}

/// An app feature as a scenario describes it, resolved against the world when a run starts.
public enum FeatureSpec: Sendable, Hashable {
    /// `BeaconTrigger`: act when the named world beacon is estimated within `triggerDistance` metres.
    case beaconTrigger(beacon: String, triggerDistance: Double)
    /// `RegionMonitor`: monitor these circular regions from launch.
    case geofences([GeofenceSpec])
    /// `LocationLogger`: record every location the app receives.
    case locationLog
    /// `LocationLogger` with a ``LocationFilter``: a clean track and an odometer.
    case filteredLocationLog(LocationFilter.Options)
    /// `LocationPermissionRequest`: ask for When-In-Use, later Always, and temporary full accuracy (AUTH).
    case locationPermission(LocationPermissionRequest.Options)

    /// The name used in scenario files.
    public var name: String {
        switch self {
        case .beaconTrigger: "beaconTrigger"
        case .geofences: "geofences"
        case .locationLog, .filteredLocationLog: "locationLog"
        case .locationPermission: "locationPermission"
        }
    }
}

/// A circular region in a scenario, in local metres.
public struct GeofenceSpec: Sendable, Hashable {
    /// The region's identifier.
    public var id: RegionID
    /// Its centre.
    public var center: LocalPoint
    /// Its radius in metres.
    public var radius: Double

    /// Creates a geofence.
    public init(id: RegionID, center: LocalPoint, radius: Double) {
        self.id = id
        self.center = center
        self.radius = radius
    }
}

extension StrategySetup {
    /// A setup of your own strategies, named after them; each process starts from a copy of each.
    public static func custom(_ strategies: any Strategy...) -> StrategySetup {
        custom(strategies)
    }

    /// A setup of the strategies an app ships, as it hands them to `WakefulApp.Configuration(strategies:)`:
    /// `.custom(AppSetup.strategies)`.
    public static func custom(_ strategies: [any Strategy]) -> StrategySetup {
        StrategySetup(
            name: strategies.map(\.name).joined(separator: "+"), strategies: strategies.map(StrategySpec.init(_:)))
    }
}
