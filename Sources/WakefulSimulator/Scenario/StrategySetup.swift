import Foundation
import Wakeful

/// A named set of strategies, run together as one configuration of the app (one column of a table).
public struct StrategySetup: Sendable, Hashable {
    /// The name shown in reports: `none`, `TaskExtension`, or a scenario's own label.
    public var name: String
    /// The strategies, in the order they receive events.
    public var strategies: [StrategySpec]

    /// Creates a setup.
    public init(name: String, strategies: [StrategySpec]) {
        self.name = name
        self.strategies = strategies
    }

    /// The app with no background technique at all.
    public static let none = StrategySetup(name: "none", strategies: [])

    /// Parses a command-line name: `none`, a strategy name, or names joined by `+`.
    /// - Throws: ``ScenarioError`` naming the unknown strategy and listing the known ones.
    public static func named(_ text: String) throws(ScenarioError) -> StrategySetup {
        if text == "none" { return .none }
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        if let blank = parts.firstIndex(of: "") {
            throw ScenarioError(file: "--strategy", field: nil, message: "\"\(text)\" has an empty name at position \(blank + 1); expected none, or strategy names joined by +")
        }
        if let repeated = parts.first(where: { part in parts.filter { $0 == part }.count > 1 }) {
            throw ScenarioError(file: "--strategy", field: nil, message: "\"\(repeated)\" is listed twice in \"\(text)\"; expected each strategy once")
        }
        var specs: [StrategySpec] = []
        for part in parts {
            guard let spec = StrategySpec.withDefaults(named: part) else {
                throw ScenarioError(
                    file: "--strategy", field: nil,
                    message: "unknown strategy \"\(part)\"; expected none, or one or more of \(StrategySpec.knownNames.joined(separator: ", ")) joined by +")
            }
            specs.append(spec)
        }
        return StrategySetup(name: text, strategies: specs)
    }
}

/// A background strategy with its options, as a scenario names it.
public enum StrategySpec: Sendable, Hashable {
    /// ``Wakeful/TaskExtension`` (seed 000).
    case taskExtension(TaskExtension.Options)
    /// ``Wakeful/LowPowerLocationKeepAlive`` (seed 002).
    case lowPowerLocationKeepAlive(LowPowerLocationKeepAlive.Options)
    /// Any strategy of your own, made fresh for each new process.
    case custom(CustomStrategy)

    /// The strategy's name.
    public var name: String {
        switch self {
        case .taskExtension: "TaskExtension"
        case .lowPowerLocationKeepAlive: "LowPowerLocationKeepAlive"
        case .custom(let custom): custom.name
        }
    }

    /// A fresh instance, as a newly launched process creates it.
    public func makeStrategy() -> any Strategy {
        switch self {
        case .taskExtension(let options): TaskExtension(options: options)
        case .lowPowerLocationKeepAlive(let options): LowPowerLocationKeepAlive(options: options)
        case .custom(let custom): custom.make()
        }
    }

    /// Every strategy with its default options.
    public static let all: [StrategySpec] = [
        .taskExtension(TaskExtension.Options()),
        .lowPowerLocationKeepAlive(LowPowerLocationKeepAlive.Options()),
    ]

    /// The names `withDefaults(named:)` accepts.
    public static var knownNames: [String] { all.map(\.name) }

    /// The strategy with this name and default options.
    public static func withDefaults(named name: String) -> StrategySpec? {
        all.first { $0.name == name }
    }

    /// Where the technique comes from and what decides its fate, for `--list`.
    public var summary: String {
        switch self {
        case .taskExtension:
            "seed 000: a background task on entering the background and on every region transition, ended on expiry (TASK-3, TASK-6, TASK-9, TASK-10)"
        case .lowPowerLocationKeepAlive:
            "seed 002: location mode with 3 km / 3000 m updates and a background task keep the app running (LOC-2, LOC-6, BEACON-8; review risk REVIEW-3)"
        case .custom(let custom):
            "your own strategy \(custom.name)"
        }
    }
}

/// An app feature as a scenario describes it, resolved against the world when a run starts.
public enum FeatureSpec: Sendable, Hashable {
    /// ``Wakeful/BeaconTrigger``: act when the named world beacon is estimated within `triggerDistance` metres.
    case beaconTrigger(beacon: String, triggerDistance: Double)
    /// ``Wakeful/RegionMonitor``: monitor these circular regions from launch.
    case geofences([GeofenceSpec])

    /// The name used in scenario files.
    public var name: String {
        switch self {
        case .beaconTrigger: "beaconTrigger"
        case .geofences: "geofences"
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

/// A strategy of the app developer's own, with the factory that makes a fresh instance for every
/// new process (a relaunched app starts with nothing in memory).
public struct CustomStrategy: Sendable, Hashable {
    /// The strategy's name; two custom strategies are equal when their names are.
    public var name: String
    /// Makes a fresh instance.
    public var make: @Sendable () -> any Strategy

    /// Wraps a factory.
    public init(name: String, make: @escaping @Sendable () -> any Strategy) {
        self.name = name
        self.make = make
    }

    /// Wraps a strategy value; each process starts from a copy of it.
    public init(_ strategy: some Strategy) {
        self.init(name: strategy.name, make: { strategy })
    }

    public static func == (lhs: CustomStrategy, rhs: CustomStrategy) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension StrategySetup {
    /// A setup of your own strategies, named after them.
    public static func custom(_ strategies: any Strategy...) -> StrategySetup {
        StrategySetup(
            name: strategies.map(\.name).joined(separator: "+"),
            strategies: strategies.map { strategy in .custom(CustomStrategy(name: strategy.name, make: { [strategy] in strategy })) })
    }
}
