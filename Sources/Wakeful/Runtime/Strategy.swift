import Foundation

/// A deterministic state machine that reacts to system events with commands.
///
/// Background techniques (``TaskExtension``, ``LowPowerLocationKeepAlive``) and the app's own
/// features (``BeaconTrigger``) are all strategies. A strategy receives every event with the time
/// and returns the commands it wants issued; it never reads a clock, sleeps or draws random
/// numbers, so the same events always give the same commands, on a device and in the simulator.
///
/// ```swift
/// struct LogEveryWake: Strategy {
///     var name: String { "LogEveryWake" }
///     var requirements: Requirements { Requirements() }
///     mutating func handle(_ event: Event, in context: Context) -> [Command] {
///         guard case .didFinishLaunching(let reason) = event else { return [] }
///         return [.record(Record(kind: "launch", fields: [Field("reason", .string(reason.rawValue))]))]
///     }
/// }
/// ```
public protocol Strategy: Sendable {
    /// A stable name, used in timelines and reports.
    var name: String { get }
    /// What the strategy needs declared in Info.plist and granted by the user.
    var requirements: Requirements { get }
    /// Reacts to one event.
    ///
    /// - Parameters:
    ///   - event: What the system reported.
    ///   - context: The time and the system state at that moment.
    /// - Returns: The commands to issue, in order; usually none.
    mutating func handle(_ event: Event, in context: Context) -> [Command]

    /// The state the strategy's next process needs, if it changed since it was last taken; nil
    /// otherwise. The default keeps nothing.
    ///
    /// A terminated app loses what its strategies held in memory. A strategy whose records must not
    /// repeat in the next process (``GeofenceSet`` records an entry once per stay) returns its state
    /// here: the ``Agent`` asks after every event and saves it under ``name`` in the same outbox
    /// transaction as the event's records, so both are saved or neither is. Names must therefore
    /// be unique among an app's strategies.
    mutating func takeChangedState() -> String?

    /// Takes back the state a previous process saved, before the new process's first event, or,
    /// when the outbox could not be read then (protected data unavailable, DATA-4), with the first
    /// event after it can: the strategy may have handled events already and must merge. The
    /// default ignores it.
    mutating func restore(state: String)
}

extension Strategy {
    public mutating func takeChangedState() -> String? { nil }
    public mutating func restore(state: String) {}
}
