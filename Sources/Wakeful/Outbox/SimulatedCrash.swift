import Foundation

/// An injected crash: the process dies at this point.
///
/// Crash-injection runs make an outbox throw it in the middle of a transaction (which therefore
/// rolls back, as it would if the process really died there); the simulator then ends the process
/// without running anything else of the event. Apps never see it.
public struct SimulatedCrash: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the crash was injected, e.g. `afterAppend`.
    public var point: String

    /// Creates a crash at `point`.
    public init(point: String) {
        self.point = point
    }

    public var description: String { "simulated crash at \(point)" }
}
