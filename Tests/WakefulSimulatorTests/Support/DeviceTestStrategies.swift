import Foundation
import Testing
import Wakeful
import WakefulSimulator

// Helpers for the simulated-device tests under `Device/`: small scripted apps, scenario builders
// and questions about timelines that several suites ask.

/// A stateless test app: a script from (event, context) to commands.
///
/// Every new process starts the same script, as a relaunched app starts with nothing in memory.
struct Scripted: Strategy {
    var name: String
    var requirements: Requirements
    var script: @Sendable (Event, Context) -> [Command]

    init(
        _ name: String, modes: [BackgroundMode] = [], authorization: LocationAuthorization? = nil,
        script: @escaping @Sendable (Event, Context) -> [Command]
    ) {
        self.name = name
        self.requirements = Requirements(backgroundModes: modes, locationAuthorization: authorization)
        self.script = script
    }

    mutating func handle(_ event: Event, in context: Context) -> [Command] { script(event, context) }
}

/// Reusable test apps.
enum Apps {
    /// Starts the significant-change service on every launch (LOC-10 to LOC-12).
    static let significantChange = Scripted("SLCApp") { event, _ in
        guard case .didFinishLaunching = event else { return [] }
        return [.startMonitoringSignificantLocationChanges]
    }

    /// A `remaining` record of `backgroundTimeRemaining` and the state, as ``Trace/remainingReadings`` reads it.
    static func reading(_ context: Context) -> Command {
        .record(
            Record(
                kind: "remaining",
                fields: [
                    Field("value", .double(context.backgroundTimeRemaining)),
                    Field("state", .string(context.appState.rawValue)),
                ]))
    }

    /// Begins one task when the app enters the background; ends it in its handler unless `leaky`.
    static func taskOnBackground(leaky: Bool = false) -> Scripted {
        Scripted(leaky ? "LeakyTask" : "OneTask") { event, _ in
            switch event {
            case .didEnterBackground: return [.beginBackgroundTask(BackgroundTaskID(owner: "bg", serial: 1))]
            case .backgroundTaskExpiring(let id) where !leaky: return [.endBackgroundTask(id)]
            default: return []
            }
        }
    }

    /// Monitors one beacon region (optionally with `notifyEntryStateOnDisplay`) and ranges it.
    static func beaconWatcher(notifyOnDisplay: Bool) -> Scripted {
        Scripted("BeaconWatcher", authorization: .always) { event, _ in
            guard case .didFinishLaunching = event else { return [] }
            let constraint = Scenarios.beacon().constraint
            let region = MonitoredRegion(
                id: "b", shape: .beacon(constraint), notifyEntryStateOnDisplay: notifyOnDisplay)
            return [.startMonitoring(region), .startRangingBeacons(constraint)]
        }
    }
}

/// Scenario builders shared by the device suites.
enum DeviceScenarios {
    /// A home whose value is after every duration used here: the user never presses Home.
    static let never: TimeInterval = 1_000_000

    /// One circular region of radius 150 m around the user, who walks 1 km east at 1.4 m/s from
    /// t = 100 (or `walkFrom`).
    static let fenceRadius = 150.0
    /// Device settings with the Wi-Fi and cell crossings fixed (200 m and 250 m, 20 s), so that suites
    /// about other rules time their events exactly; the field's drawn exit time has its own suite
    /// (RegionExitTimeTests).
    static var fixedCrossing: DeviceSettings {
        var device = DeviceSettings()
        device.regionCrossing[.wifi] = RegionCrossing(margin: 200, dwell: 20)
        device.regionCrossing[.cell] = RegionCrossing(margin: 250, dwell: 20)
        return device
    }
    static let walkStart: TimeInterval = 100
    static let walkSpeed = 1.4
    /// When the exit rule (≥200 m past the edge for ≥20 s, LOC-19) first holds on the default walk.
    static let earliestFenceExit = walkStart + (fenceRadius + 200) / walkSpeed + 20
    /// When the default walk ends.
    static let walkEnd = walkStart + 1000 / walkSpeed

    static func fenceWalk(
        duration: TimeInterval = 1200, home: TimeInterval = 10, walkFrom start: TimeInterval = walkStart,
        device: DeviceSettings = fixedCrossing, authorization: LocationAuthorization = .always,
        actions: [UserAction] = []
    ) -> Scenario {
        Scenarios.make(
            duration: duration, home: home, at: .zero, walkFrom: start,
            legs: [RouteLeg(destination: LocalPoint(east: 1000, north: 0), speed: walkSpeed)],
            features: [.geofences([GeofenceSpec(id: "fence", center: .zero, radius: fenceRadius)])],
            authorization: authorization, device: device, actions: actions)
    }

    /// Drives 3 km east in 2 min (t = 20 to 140) after launching at the origin.
    static let driveStart: TimeInterval = 20

    static func drive(
        duration: TimeInterval = 1200, device: DeviceSettings = DeviceSettings(),
        authorization: LocationAuthorization = .always, actions: [UserAction] = []
    ) -> Scenario {
        Scenarios.make(
            duration: duration, at: .zero, walkFrom: driveStart,
            legs: [RouteLeg(destination: LocalPoint(east: 3000, north: 0), speed: 25)],
            authorization: authorization, device: device, actions: actions)
    }

    /// Stands 5 m from the beacon the whole time.
    static func nearBeacon(
        duration: TimeInterval, home: TimeInterval = 10, authorization: LocationAuthorization = .always,
        features: [FeatureSpec] = [], device: DeviceSettings = DeviceSettings(), actions: [UserAction] = []
    ) -> Scenario {
        Scenarios.make(
            duration: duration, home: home, at: LocalPoint(east: 5, north: 0), beacons: [Scenarios.beacon()],
            features: features, authorization: authorization, device: device, actions: actions)
    }
}

/// The iOS versions the device suites run over, one or more per family and per rule boundary.
enum Versions {
    static let all = ["6", "7.0", "7.1", "8", "10", "11", "12", "15.3", "17", "18", "26"]

    static func parse(_ text: String) throws -> IOSVersion {
        try #require(IOSVersion(parsing: text), "bad version \(text)")
    }

    /// The per-app task budget the reference gives each family (TASK-2, TASK-3, TASK-6; 26+ as 13–18).
    static func referenceBudget(_ version: IOSVersion) -> TimeInterval {
        switch version.major {
        case ..<7: 600
        case 7...12: 180
        default: 30
        }
    }
}

/// One step of what the app went through: a state change or a delivered event.
enum Step: Equatable, CustomStringConvertible {
    case to(AppState)
    case got(Event)

    var description: String {
        switch self {
        case .to(let state): "→\(state.rawValue)"
        case .got(let event): "\(event)"
        }
    }
}

extension Trace {
    /// State changes and delivered events at exactly `time`, in order.
    func steps(at time: TimeInterval) -> [Step] {
        entries.compactMap { entry in
            guard same(entry.time, time) else { return nil }
            switch entry.body {
            case .state(let change): return .to(change.to)
            case .event(let event): return .got(event)
            default: return nil
            }
        }
    }

    /// Every `event` entry delivered while the app was Suspended or Not running (STATE-1: a
    /// suspended app runs no code), found by replaying the state entries.
    var eventsWhileNotExecuting: [(time: TimeInterval, event: Event, state: AppState)] {
        var state = AppState.notRunning
        var found: [(TimeInterval, Event, AppState)] = []
        for entry in entries {
            switch entry.body {
            case .state(let change): state = change.to
            case .event(let event) where !state.isExecuting: found.append((entry.time, event, state))
            default: break
            }
        }
        return found
    }

    /// Relaunches: transitions from Not running straight to Background (STATE-2).
    var relaunchTransitions: [(time: TimeInterval, from: AppState, to: AppState, cause: String)] {
        transitions.filter { $0.from == .notRunning && $0.to == .background }
    }

    /// The sequence of states entered, in order.
    var statePath: [AppState] { states().map(\.change.to) }

    /// The time and cause of each state change, in order: `(time, from, to, cause)`.
    var transitions: [(time: TimeInterval, from: AppState, to: AppState, cause: String)] {
        states().map { ($0.time, $0.change.from, $0.change.to, $0.change.cause) }
    }

    /// Times of delivered events of one case, compared by a predicate.
    func times(_ match: (Event) -> Bool) -> [TimeInterval] { events(match).map(\.time) }

    /// Times of ranging callbacks.
    var rangingTimes: [TimeInterval] { times { if case .beaconsRanged = $0 { true } else { false } } }

    /// Times of significant-change callbacks.
    var significantChangeTimes: [TimeInterval] {
        times { if case .significantLocationChange = $0 { true } else { false } }
    }

    /// Expiration handlers run, with the task.
    var expirations: [(time: TimeInterval, task: BackgroundTaskID)] {
        events { if case .backgroundTaskExpiring = $0 { true } else { false } }.compactMap {
            guard case .backgroundTaskExpiring(let id) = $0.event else { return nil }
            return ($0.time, id)
        }
    }

    /// `remaining` records: time, value and the state the app reported.
    var remainingReadings: [(time: TimeInterval, value: Double, state: String)] {
        records("remaining").compactMap {
            guard let value = $0.record.fields["value"]?.number, case .string(let state)? = $0.record.fields["state"]
            else { return nil }
            return ($0.time, value, state)
        }
    }
}

/// Whether two times agree to a millisecond (the simulator keeps times to whole milliseconds).
func same(_ a: TimeInterval?, _ b: TimeInterval) -> Bool {
    guard let a else { return false }
    return abs(a - b) < 0.0015
}

/// The median of some values.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
