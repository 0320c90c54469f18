import Foundation

/// Feeds events to the app's strategies and collects their commands, recording both in a timeline.
///
/// The runtime is the part of Wakeful that lives inside the app process. A terminated app loses
/// it with everything the strategies held in memory; a relaunch starts a new one.
///
/// ```swift
/// var runtime = Runtime(strategies: [TaskExtension()])
/// var timeline = InMemoryTimeline()
/// let commands = runtime.handle(.didEnterBackground,
///                               in: Context(now: 0, appState: .background),
///                               timeline: &timeline)
/// // commands == [.beginBackgroundTask(BackgroundTaskID(owner: "TaskExtension", serial: 1))]
/// ```
public struct Runtime: Sendable {
    /// The strategies, in the order they receive events.
    public var strategies: [any Strategy]
    /// The surroundings last written as an `observation` entry; nil before the first.
    @usableFromInline var observed: Surroundings?

    /// Creates a runtime.
    public init(strategies: [any Strategy]) {
        self.strategies = strategies
    }

    /// What the strategies together need from Info.plist and the user.
    public var requirements: Requirements {
        Requirements.combined(strategies.map(\.requirements))
    }

    /// Delivers one event to every strategy, in order.
    ///
    /// - Parameters:
    ///   - event: What the system reported.
    ///   - context: The time and the system state.
    ///   - timeline: Receives the event and then each command with the name of the strategy that issued it.
    /// - Returns: All commands, in the order the strategies issued them.
    /// - Complexity: O(number of strategies); allocates only when a strategy issues commands.
    ///   Inlinable so that callers in other modules get a version specialised for their sink.
    @inlinable
    public mutating func handle<Sink: TimelineSink>(
        _ event: Event, in context: Context, timeline: inout Sink
    ) -> [Command] {
        var nowhere = DiscardingTimeline()
        return handle(event, in: context, timeline: &timeline, copy: &nowhere)
    }

    /// Delivers one event to every strategy and records the entries in two sinks: the platform's
    /// timeline and a copy (the ``Agent`` sends its copy to the outbox).
    ///
    /// Two sinks instead of one that forwards to another, because a forwarding wrapper would have to
    /// hold the platform's sink by value and copy it on every event.
    @inlinable
    public mutating func handle<Sink: TimelineSink, Copy: TimelineSink>(
        _ event: Event, in context: Context, timeline: inout Sink, copy: inout Copy
    ) -> [Command] {
        let recording = timeline.isRecording
        let copying = copy.isRecording
        if recording || copying {
            let seen = Surroundings(context)
            if seen != observed {
                let fields = seen.fields(since: observed)
                observed = seen
                // A platform that reports neither (the defaults) has nothing to say.
                if !fields.isEmpty {
                    let entry = TimelineEntry(time: context.now, body: .observation(fields))
                    if recording { timeline.append(entry) }
                    if copying { copy.append(entry) }
                }
            }
            let entry = TimelineEntry(time: context.now, body: .event(event))
            if recording { timeline.append(entry) }
            if copying { copy.append(entry) }
        }
        var issued: [Command] = []
        for index in strategies.indices {
            let commands = strategies[index].handle(event, in: context)
            guard !commands.isEmpty else { continue }
            if recording || copying {
                let owner = strategies[index].name
                for command in commands {
                    let entry = TimelineEntry(time: context.now, body: .command(command, by: owner))
                    if recording { timeline.append(entry) }
                    if copying { copy.append(entry) }
                }
            }
            issued.append(contentsOf: commands)
        }
        return issued
    }
}

extension Runtime {
    /// The states the strategies changed since last asked (``Strategy/takeChangedState()``).
    public mutating func takeChangedStates() -> [StrategyState] {
        var states: [StrategyState] = []
        for index in strategies.indices {
            if let state = strategies[index].takeChangedState() {
                states.append(StrategyState(strategy: strategies[index].name, state: state))
            }
        }
        return states
    }

    /// Hands each saved state to the strategy of its name; states of strategies the app no longer
    /// runs are ignored.
    public mutating func restore(_ states: [StrategyState]) {
        guard !states.isEmpty else { return }
        for index in strategies.indices {
            let name = strategies[index].name
            if let saved = states.first(where: { $0.strategy == name }) {
                strategies[index].restore(state: saved.state)
            }
        }
    }
}

/// What an app sees of its surroundings with each event (``Context/network``,
/// ``Context/externalPower``), recorded as an `observation` entry when it changes, so that a
/// timeline exported from a phone says when the network and the charger changed as far as the app
/// could tell, and `wakeful replay` can rebuild them.
@usableFromInline
struct Surroundings: Sendable, Equatable {
    @usableFromInline var network: NetworkPath
    @usableFromInline var externalPower: Bool?

    @inlinable
    init(_ context: Context) {
        network = context.network
        externalPower = context.externalPower
    }

    /// The entry's fields: what changed since `previous` (everything known, the first time).
    @usableFromInline
    func fields(since previous: Surroundings?) -> [Field] {
        var fields: [Field] = []
        if network != previous?.network, network != .unknown || previous != nil {
            fields.append(Field("network", .string(network.rawValue)))
        }
        if externalPower != previous?.externalPower, let externalPower {
            fields.append(Field("externalPower", .bool(externalPower)))
        }
        return fields
    }
}
