import Foundation
import WakefulSimulator

/// What `wakeful replay` takes besides the timeline: overrides for what the header lacks, and the
/// tolerances within which the model and the device count as agreeing.
public struct ReplayOptions: Sendable, Hashable {
    /// The iOS version to re-run; overrides the header's (`--ios`).
    public var ios: IOSVersion?
    /// The app's configuration; overrides the header's (`--config`).
    public var configuration: ReplayConfiguration?
    /// The seed of the re-run; default: the header's, else 1.
    public var seed: UInt64?
    /// Two entries of the same kind closer than this (seconds) agree (default 2 s).
    public var timeTolerance: Double
    /// Two entries of the same kind further apart than this (seconds) are not the same
    /// occurrence at all, but one missing on each side (default 60 s).
    public var matchWindow: Double
    /// Background-task budgets that differ by more than this (seconds) diverge (default 2 s).
    public var budgetTolerance: Double

    /// Creates options.
    public init(
        ios: IOSVersion? = nil, configuration: ReplayConfiguration? = nil, seed: UInt64? = nil,
        timeTolerance: Double = 2,
        matchWindow: Double = 60, budgetTolerance: Double = 2
    ) {
        self.ios = ios
        self.configuration = configuration
        self.seed = seed
        self.timeTolerance = timeTolerance
        self.matchWindow = matchWindow
        self.budgetTolerance = budgetTolerance
    }
}
