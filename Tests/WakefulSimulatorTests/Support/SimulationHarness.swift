import Foundation
import Wakeful
import WakefulSimulator

/// Runs a scenario with an in-memory timeline and answers questions about it.
struct Trace {
    var metrics: RunMetrics
    var entries: [TimelineEntry]

    init(_ scenario: Scenario, ios: IOSVersion, setup: StrategySetup = .none, seed: UInt64 = 1) {
        var timeline = InMemoryTimeline()
        metrics = Simulator.run(scenario, ios: ios, setup: setup, seed: seed, timeline: &timeline)
        entries = timeline.entries
    }

    /// Delivered events matching a predicate, with their times.
    func events(_ match: (Event) -> Bool) -> [(time: TimeInterval, event: Event)] {
        entries.compactMap { entry in
            guard case .event(let event) = entry.body, match(event) else { return nil }
            return (entry.time, event)
        }
    }

    /// State changes, optionally only those into `state`.
    func states(to state: AppState? = nil) -> [(time: TimeInterval, change: StateChange)] {
        entries.compactMap { entry in
            guard case .state(let change) = entry.body, state == nil || change.to == state else { return nil }
            return (entry.time, change)
        }
    }

    /// System decisions with this name.
    func decisions(_ name: String) -> [(time: TimeInterval, decision: SystemDecision)] {
        entries.compactMap { entry in
            guard case .decision(let decision) = entry.body, decision.name == name else { return nil }
            return (entry.time, decision)
        }
    }

    /// Commands issued, with their times.
    func commands(_ match: (Command) -> Bool) -> [(time: TimeInterval, command: Command)] {
        entries.compactMap { entry in
            guard case .command(let command, _) = entry.body, match(command) else { return nil }
            return (entry.time, command)
        }
    }

    /// Records of a kind the app produced.
    func records(_ kind: String) -> [(time: TimeInterval, record: Record)] {
        commands { if case .record(let record) = $0 { record.kind == kind } else { false } }.map {
            guard case .record(let record) = $0.command else { fatalError("filtered above") }
            return ($0.time, record)
        }
    }
}

/// Builders for small scenarios.
enum Scenarios {
    static let beaconUUID = UUID(uuidString: "2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6")!

    static func beacon(at position: LocalPoint = .zero) -> WorldBeacon {
        WorldBeacon(id: "b", uuid: beaconUUID, major: 1, minor: 1, position: position, measuredPower: -59)
    }

    /// The user opens the app at 0 and presses Home at `home`; stays at `position` unless legs are given.
    static func make(
        duration: TimeInterval, home: TimeInterval = 10, at position: LocalPoint = LocalPoint(east: 500, north: 0),
        walkFrom start: TimeInterval = 0, legs: [RouteLeg] = [], beacons: [WorldBeacon] = [],
        features: [FeatureSpec] = [], modes: [BackgroundMode]? = nil, authorization: LocationAuthorization = .always,
        device: DeviceSettings = DeviceSettings(), actions: [UserAction] = []
    ) -> Scenario {
        let trajectory =
            legs.isEmpty
            ? Trajectory.stationary(at: position) : try! Trajectory.route(from: position, startingAt: start, legs: legs)
        return Scenario(
            name: "test", duration: duration,
            app: AppConfiguration(backgroundModes: modes, locationAuthorization: authorization, features: features),
            device: device, world: WorldDescription(trajectory: trajectory, beacons: beacons),
            actions: [UserAction(at: 0, .open), UserAction(at: home, .home)] + actions)
    }
}

/// A test strategy: begins `count` background tasks on entering the background and ends each in
/// its own expiration handler (AT-2's variant step).
struct StackedTasks: Strategy {
    var count: Int
    var name: String { "StackedTasks" }
    var requirements: Requirements { Requirements() }

    mutating func handle(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .didEnterBackground:
            return (1...count).map { .beginBackgroundTask(BackgroundTaskID(owner: name, serial: $0)) }
        case .backgroundTaskExpiring(let id) where id.owner == name:
            return [.endBackgroundTask(id)]
        default:
            return []
        }
    }
}

/// A test strategy: records `backgroundTimeRemaining` every second after entering the background,
/// as the seed's logging thread does.
struct RemainingTimeProbe: Strategy {
    var firstReadingAfter: TimeInterval = 0.03
    var name: String { "RemainingTimeProbe" }
    var requirements: Requirements { Requirements() }

    mutating func handle(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .didEnterBackground:
            return [.setTimer(TimerRequest(id: "first", interval: firstReadingAfter))]
        case .timerFired(let id):
            let reading = Command.record(
                Record(
                    kind: "remaining",
                    fields: [
                        Field("value", .double(context.backgroundTimeRemaining)),
                        Field("state", .string(context.appState.rawValue)),
                    ]))
            return id == "first"
                ? [reading, .setTimer(TimerRequest(id: "tick", interval: 1, repeats: true))] : [reading]
        default:
            return []
        }
    }
}
