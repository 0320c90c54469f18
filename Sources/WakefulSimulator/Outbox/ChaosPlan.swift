import Foundation

/// Where and how often the crash-injection harness kills the app, beyond what iOS itself does.
///
/// The simulator's own kills (budget overruns, memory pressure, force-quit, the CPU monitor) keep
/// happening as the policy says; these add SIGKILLs at the moments that hurt an outbox most. Kills
/// inside the outbox's transactions and migrations are injected by the storage itself (see
/// ``OutboxProvider``). All draws come from the run's seeded generator.
public struct ChaosPlan: Sendable, Hashable {
    /// Kills at random moments while the process exists, per hour (exponential gaps).
    public var killsPerHour: Double
    /// Probability that the process dies when an upload's answer arrives, before the app sees it:
    /// the server stored the batch, the app never learns it.
    public var killBeforeAcknowledge: Double
    /// Probability that the process dies inside a background task's expiration handler, after the
    /// handler's records were committed and before its commands run.
    public var killInExpiryHandler: Double

    /// Creates a plan (no kills by default).
    public init(killsPerHour: Double = 0, killBeforeAcknowledge: Double = 0, killInExpiryHandler: Double = 0) {
        self.killsPerHour = killsPerHour
        self.killBeforeAcknowledge = killBeforeAcknowledge
        self.killInExpiryHandler = killInExpiryHandler
    }

    /// No injected kills.
    public static let none = ChaosPlan()
}
