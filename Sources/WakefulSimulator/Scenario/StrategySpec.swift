import Foundation
import Wakeful

/// A strategy with its options: how a scenario or a test names one, and how each new process of
/// the simulated app gets a fresh instance (a relaunched app starts with nothing in memory).
public struct StrategySpec: Sendable, Hashable {
    /// The strategy's name.
    public var name: String
    /// The options as JSON with sorted keys, `{}` for the defaults; part of equality.
    public var options: String
    private let make: @Sendable () -> any Strategy

    /// A spec from a factory.
    public init(name: String, options: String = "{}", make: @escaping @Sendable () -> any Strategy) {
        self.name = name
        self.options = options
        self.make = make
    }

    /// A spec from a strategy value; each process starts from a copy of it.
    public init(_ strategy: any Strategy) {
        self.init(name: strategy.name, options: "custom", make: { strategy })
    }

    /// A fresh instance, as a newly launched process creates it.
    public func makeStrategy() -> any Strategy { make() }

    public static func == (lhs: StrategySpec, rhs: StrategySpec) -> Bool {
        lhs.name == rhs.name && lhs.options == rhs.options
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(options)
    }
}

/// The strategies Wakeful ships, by name, with where each comes from.
public enum StrategyCatalog {
    /// One strategy of the catalogue.
    public struct Entry: Sendable {
        /// The name used on the command line and in scenario files.
        public var name: String
        /// Where it comes from and what decides its fate, in one line.
        public var summary: String
        /// The spec with default options.
        public var defaults: StrategySpec
        /// Makes a spec from options given as a JSON object; missing keys keep their defaults.
        public var withOptions: @Sendable (Data) throws(OptionsError) -> StrategySpec

        /// An entry for a strategy whose options are `Codable` and have defaults.
        public init<S: Strategy, Options: Codable & Sendable>(
            name: String, summary: String, defaults: Options, build: @escaping @Sendable (Options) -> S
        ) {
            self.name = name
            self.summary = summary
            self.defaults = StrategySpec(name: name, make: { build(defaults) })
            self.withOptions = { (data: Data) throws(OptionsError) -> StrategySpec in
                let (options, canonical) = try OptionsError.decode(Options.self, from: data, over: defaults)
                if let violation = (options as? any RangeCheckedOptions)?.rangeViolations.first {
                    throw OptionsError(
                        key: violation.key,
                        message: violation.message)
                }
                return StrategySpec(name: name, options: canonical, make: { build(options) })
            }
        }
    }

    /// Every strategy, in the order reports list them.
    public static let entries: [Entry] = [
        Entry(
            name: "TaskExtension",
            summary:
                "seed 000: a background task on entering the background and on every region transition, ended on expiry (TASK-3, TASK-6, TASK-9, TASK-10)",
            defaults: TaskExtension.Options(), build: TaskExtension.init(options:)),
        Entry(
            name: "LowPowerLocationKeepAlive",
            summary:
                "seed 002: location mode with 3 km / 3000 m updates and a background task keep the app running (LOC-2, LOC-6, BEACON-8; review risk REVIEW-3)",
            defaults: LowPowerLocationKeepAlive.Options(), build: LowPowerLocationKeepAlive.init(options:)),
        Entry(
            name: "TaskChaining",
            summary:
                "seed 004: a new task from the expiration handler; the budget is per app, so it buys nothing and ends in a kill (TASK-7, TASK-13)",
            defaults: TaskChaining.Options(), build: TaskChaining.init(options:)),
        Entry(
            name: "LocationPulse",
            summary:
                "seed 004: restart location updates every 60 s; only the location mode keeps it alive, at GPS cost (LOC-1, LOC-2, ENERGY-4)",
            defaults: LocationPulse.Options(), build: LocationPulse.init(options:)),
        Entry(
            name: "RelaunchOnMovement",
            summary:
                "seed 001: significant changes and visits wake or relaunch the app after ≥500 m or a stay (LOC-10, LOC-12, LOC-16, CONF-5)",
            defaults: RelaunchOnMovement.Options(), build: RelaunchOnMovement.init(options:)),
        Entry(
            name: "MovingGeofence",
            summary:
                "seed 003: a geofence re-centred on every exit wakes the app about every radius + 200 m (LOC-19, LOC-21)",
            defaults: MovingGeofence.Options(), build: MovingGeofence.init(options:)),
        Entry(
            name: "PeriodicSampler",
            summary:
                "seed 003: a countdown reads every 45 s and sends every 5 min, a 30 s timer restarts tasks; periods hold only while the app runs (TASK-3, TASK-6, TASK-7)",
            defaults: PeriodicSampler.Options(), build: PeriodicSampler.init(options:)),
        // Pushes
        Entry(
            name: "PushTrigger",
            summary:
                "seed 003: silent pushes start and stop a trip with location updates; ≈3 pushes per hour, none after force-quit or in Low Power Mode (PUSH-1..9)",
            defaults: PushTrigger.Options(), build: PushTrigger.init(options:)),
        Entry(
            name: "ForegroundSession",
            summary:
                "seed 003: chat connected only in the foreground; silent pushes announce messages, fetched in a background task (PUSH-1..7, PUSH-9)",
            defaults: ForegroundSession.Options(), build: ForegroundSession.init(options:)),
        Entry(
            name: "SilentAudioKeepAlive",
            summary:
                "anti-pattern: plays silence with the audio mode to never be suspended; works at run time, rejected by App Review (AUDIO-1, REVIEW-4)",
            defaults: SilentAudioKeepAlive.Options(), build: SilentAudioKeepAlive.init(options:)),
        // Scheduled tasks (BGT)
        Entry(
            name: "ScheduledRefresh",
            summary:
                "seed 003: BGAppRefresh and BGProcessing requests (fetch on 7–12); earliest-begin is a lower bound, launches follow usage and the charger (BGT-3, BGT-5, BGT-7, BGT-8, BGT-11)",
            defaults: ScheduledRefresh.Options(), build: ScheduledRefresh.init(options:)),
        // Network
        Entry(
            name: "BackgroundTransfer",
            summary:
                "seed 003: uploads through a background URLSession survive suspension and relaunch the app; the resume delay doubles (URLS-1, URLS-3, URLS-5)",
            defaults: BackgroundTransfer.Options(), build: BackgroundTransfer.init(options:)),
        Entry(
            name: "Heartbeat",
            summary:
                "seed 004: a request every 60 s on any wake and on a timer, inside a background task; only as regular as what keeps the app running (URLS-8, TASK-6, TASK-10)",
            defaults: Heartbeat.Options(), build: Heartbeat.init(options:)),
        Entry(
            name: "AccessoryKeepAlive",
            summary:
                "seed 003: polls a BLE dongle inside background tasks and reconnects with a pending connect; polls stop when the budget ends (BLE-1, BLE-4, TASK-7)",
            defaults: AccessoryKeepAlive.Options(), build: AccessoryKeepAlive.init(options:)),
        // Jobs
        Entry(
            name: "JobScheduler",
            summary:
                "runs the app's declared jobs on any wake within the time it gives, one at a time, and asks for refresh and processing tasks (TASK-6, TASK-10, BGT-4, BGT-5); scenarios declare jobs in app.jobs",
            defaults: JobScheduler.Options(), build: JobScheduler.init(options:)),
        // Accessories
        Entry(
            name: "PeripheralAdvertiser",
            summary:
                "seed 003: the phone advertises a service as a BLE accessory; each central write wakes it with the bluetooth-peripheral mode; background advertising drops the name and is found only in the overflow area (BLE-1, BLE-3, BLE-4)",
            defaults: PeripheralAdvertiser.Options(), build: PeripheralAdvertiser.init(options:)),
        // Location on a schedule
        Entry(
            name: "ScheduledTracking",
            summary:
                "GPS tracking inside weekday/time windows only; switches off on time while tracking keeps the app running, on at the next wake out of hours (significant change and a refresh task, a keep-alive, or the user), never at the clock time by itself (LOC-6, LOC-12, BGT-3)",
            defaults: ScheduledTracking.Options(), build: ScheduledTracking.init(options:)),
        // Geofences
        Entry(
            name: "GeofenceSet",
            summary:
                "any number of fences on 20 region slots: the nearest 19 and a swap fence around the device, chosen again on its exit; polygons confirmed by a fix, dwells across relaunches (LOC-17, LOC-18, LOC-19, LOC-21); option api \"monitor\": the same on a CLMonitor from iOS 17 (CLMON-1..3); scenarios declare fences in app.fences",
            defaults: GeofenceSet.Options(), build: GeofenceSet.init(options:)),
        // Motion
        Entry(
            name: "MotionAwareTracking",
            summary:
                "GPS only while moving; still for the stop timeout, a stationary geofence and GPS off; its exit or Core Motion resumes, the activity history recovers the trip's start (MOTION-1..4, LOC-2, LOC-6, LOC-19)",
            defaults: MotionAwareTracking.Options(), build: MotionAwareTracking.init(options:)),
        // Live updates and location sessions
        Entry(
            name: "LocationLogger",
            summary:
                "the location log feature with updates of its own: standard updates started in the foreground (LOC-4, LOC-5), or live updates with a background activity session on 17+ and a service session on 18+ (LOC-8, LOC-9, LOC-32)",
            defaults: LocationLogger.Options(), build: LocationLogger.init(options:)),
        // HealthKit
        Entry(
            name: "HealthSync",
            summary:
                "health samples (glucose, steps) read and uploaded on HealthKit background delivery, a BGAppRefresh or a silent push; at most once per frequency period, steps hourly, nothing while locked (HK-1..8)",
            defaults: HealthSync.Options(), build: HealthSync.init(options:)),
        // Live Activities
        Entry(
            name: "LiveActivityTracking",
            summary:
                "a delivery or a trip on the Lock Screen and in the Dynamic Island, started in the app (foreground only) or by push-to-start (17.2+), updated and ended by the server's pushes; the system draws it and the app stays suspended (LIVE-1..10)",
            defaults: LiveActivityTracking.Options(), build: LiveActivityTracking.init(options:)),
    ]

    /// The names, in catalogue order.
    public static var names: [String] { entries.map(\.name) }

    /// The entry with this name.
    public static func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }
}

/// Options that do not fit their strategy: the key and what was expected.
public struct OptionsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The option's key, when one is to blame.
    public var key: String?
    /// What is wrong and what is expected.
    public var message: String

    public var description: String { key.map { "\($0): \(message)" } ?? message }

    /// Lays the given JSON object over the encoded defaults and decodes the result, so that missing
    /// keys keep their defaults and unknown keys are refused rather than ignored.
    /// - Returns: the options and their canonical JSON (sorted keys) for display and equality.
    static func decode<Options: Codable>(
        _ type: Options.Type, from data: Data, over defaults: Options
    ) throws(OptionsError) -> (Options, String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let baseData = try? encoder.encode(defaults),
            let base = (try? JSONSerialization.jsonObject(with: baseData)) as? [String: Any]
        else { throw OptionsError(key: nil, message: "the defaults cannot be encoded") }
        guard let given = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw OptionsError(key: nil, message: "expected an object of options")
        }
        for key in given.keys.sorted() where base[key] == nil {
            throw OptionsError(
                key: key,
                message: "unknown field \"\(key)\"; expected one of: \(base.keys.sorted().joined(separator: ", "))")
        }
        let merged = base.merging(given) { $1 }
        do {
            let options = try JSONDecoder().decode(Options.self, from: JSONSerialization.data(withJSONObject: merged))
            let canonical = String(decoding: try encoder.encode(options), as: UTF8.self)
            return (options, canonical == String(decoding: baseData, as: UTF8.self) ? "{}" : canonical)
        } catch let DecodingError.typeMismatch(type, context) {
            throw OptionsError(
                key: context.codingPath.last?.stringValue,
                message:
                    "expected \(type == Bool.self ? "true or false" : type == String.self ? "a string" : "a number")")
        } catch {
            throw OptionsError(key: nil, message: "cannot be read: \(error)")
        }
    }
}

extension StrategySpec {
    /// `TaskExtension` with these options.
    public static func taskExtension(_ options: TaskExtension.Options = .init()) -> StrategySpec {
        catalogued("TaskExtension", options)
    }

    /// `LowPowerLocationKeepAlive` with these options.
    public static func lowPowerLocationKeepAlive(_ options: LowPowerLocationKeepAlive.Options = .init()) -> StrategySpec
    {
        catalogued("LowPowerLocationKeepAlive", options)
    }

    /// `TaskChaining` with these options.
    public static func taskChaining(_ options: TaskChaining.Options = .init()) -> StrategySpec {
        catalogued("TaskChaining", options)
    }

    /// `LocationPulse` with these options.
    public static func locationPulse(_ options: LocationPulse.Options = .init()) -> StrategySpec {
        catalogued("LocationPulse", options)
    }

    /// `RelaunchOnMovement` with these options.
    public static func relaunchOnMovement(_ options: RelaunchOnMovement.Options = .init()) -> StrategySpec {
        catalogued("RelaunchOnMovement", options)
    }

    /// `MovingGeofence` with these options.
    public static func movingGeofence(_ options: MovingGeofence.Options = .init()) -> StrategySpec {
        catalogued("MovingGeofence", options)
    }

    /// `PeriodicSampler` with these options.
    public static func periodicSampler(_ options: PeriodicSampler.Options = .init()) -> StrategySpec {
        catalogued("PeriodicSampler", options)
    }

    // Pushes

    /// `PushTrigger` with these options.
    public static func pushTrigger(_ options: PushTrigger.Options = .init()) -> StrategySpec {
        catalogued("PushTrigger", options)
    }

    /// `ForegroundSession` with these options.
    public static func foregroundSession(_ options: ForegroundSession.Options = .init()) -> StrategySpec {
        catalogued("ForegroundSession", options)
    }

    /// `SilentAudioKeepAlive` with these options.
    public static func silentAudioKeepAlive(_ options: SilentAudioKeepAlive.Options = .init()) -> StrategySpec {
        catalogued("SilentAudioKeepAlive", options)
    }

    /// `ScheduledRefresh` with these options.
    public static func scheduledRefresh(_ options: ScheduledRefresh.Options = .init()) -> StrategySpec {
        catalogued("ScheduledRefresh", options)
    }

    // Network

    /// `BackgroundTransfer` with these options.
    public static func backgroundTransfer(_ options: BackgroundTransfer.Options = .init()) -> StrategySpec {
        catalogued("BackgroundTransfer", options)
    }

    /// `Heartbeat` with these options.
    public static func heartbeat(_ options: Heartbeat.Options = .init()) -> StrategySpec {
        catalogued("Heartbeat", options)
    }

    /// `AccessoryKeepAlive` with these options.
    public static func accessoryKeepAlive(_ options: AccessoryKeepAlive.Options = .init()) -> StrategySpec {
        catalogued("AccessoryKeepAlive", options)
    }

    /// `PeripheralAdvertiser` with these options.
    public static func peripheralAdvertiser(_ options: PeripheralAdvertiser.Options = .init()) -> StrategySpec {
        catalogued("PeripheralAdvertiser", options)
    }

    /// `GeofenceSet` with these options; with no fences it monitors the scenario's `app.fences`.
    public static func geofenceSet(_ options: GeofenceSet.Options = .init()) -> StrategySpec {
        catalogued("GeofenceSet", options)
    }

    /// `ScheduledTracking` with these options.
    public static func scheduledTracking(_ options: ScheduledTracking.Options = .init()) -> StrategySpec {
        catalogued("ScheduledTracking", options)
    }

    /// `MotionAwareTracking` with these options.
    public static func motionAwareTracking(_ options: MotionAwareTracking.Options = .init()) -> StrategySpec {
        catalogued("MotionAwareTracking", options)
    }

    /// `HealthSync` with these options.
    public static func healthSync(_ options: HealthSync.Options = .init()) -> StrategySpec {
        catalogued("HealthSync", options)
    }

    /// `LiveActivityTracking` with these options.
    public static func liveActivityTracking(_ options: LiveActivityTracking.Options = .init()) -> StrategySpec {
        catalogued("LiveActivityTracking", options)
    }

    /// The catalogue's spec for `options`, built the way a scenario file's options are, so the two
    /// compare equal.
    static func catalogued(_ name: String, _ options: some Encodable) -> StrategySpec {
        guard let entry = StrategyCatalog.entry(named: name) else {
            preconditionFailure("\(name) is not in the catalogue")
        }
        do {
            return try entry.withOptions(JSONEncoder().encode(options))
        } catch {
            preconditionFailure("\(name)'s own options do not decode: \(error)")
        }
    }
}
