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
}
