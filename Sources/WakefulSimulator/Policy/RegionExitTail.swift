import Foundation

/// A rare late exit from a circular region after the app was terminated (LOC-34, CONF-20): with
/// ``probability``, such an exit reaches the app ``delay`` after the crossing rule held.
///
/// ```swift
/// let tail = RegionExitTail.reported
/// tail.delay        // 1800...10800 (30 min to 3 h, TSRN#2580)
/// tail.probability  // 0.05 (assumption)
/// ```
public struct RegionExitTail: Sendable, Hashable {
    /// Chance that one exit after termination comes late, 0–1.
    public var probability: Double
    /// How late it comes, drawn uniformly.
    public var delay: ClosedRange<TimeInterval>

    /// Creates a tail.
    ///
    /// - Parameters:
    ///   - probability: Chance that one exit after termination comes late, 0–1.
    ///   - delay: How late it comes, drawn uniformly.
    public init(probability: Double, delay: ClosedRange<TimeInterval>) {
        self.probability = probability
        self.delay = delay
    }

    /// CONF-20's variant: LOC-34's single report saw 31 min and 2 h 53 min, its title "30 min to
    /// 3 h" (folklore); "rare" has no figure, so 1 exit in 20 is an assumption.
    public static let reported = RegionExitTail(probability: 0.05, delay: 1800...10_800)
}
