import Foundation

/// How far the model's re-run is from the device: the calibration result of a replay.
public struct DivergenceReport: Sendable, Hashable, Codable {
    /// Occurrences compared: pairs plus entries found on one side only.
    public var compared: Int
    /// Pairs found on both sides (within the match window).
    public var matched: Int
    /// Pairs further apart than the time tolerance.
    public var shifted: Int
    /// Every divergence, by time.
    public var divergences: [Divergence]

    /// Creates a report.
    public init(compared: Int, matched: Int, shifted: Int, divergences: [Divergence]) {
        self.compared = compared
        self.matched = matched
        self.shifted = shifted
        self.divergences = divergences
    }

    /// 1 when everything agrees, 0 when nothing does: pairs within tolerance count 1, shifted pairs
    /// ½, one-sided entries 0; each budget divergence takes away one more.
    public var score: Double {
        guard compared > 0 else { return 1 }
        let budgets = divergences.filter { $0.kind == .budget }.count
        let points = Double(matched - shifted) + 0.5 * Double(shifted) - Double(budgets)
        return max(0, min(1, points / Double(compared)))
    }

    /// Whether the model and the device agree within the tolerances.
    public var isConsistent: Bool { divergences.isEmpty }

    /// The count of divergences of a kind.
    public func count(_ kind: Divergence.Kind) -> Int { divergences.filter { $0.kind == kind }.count }

    /// Every rule cited by a divergence, most cited first: where to look for a wrong rule.
    public var suspectRules: [(rule: String, count: Int)] {
        var counts: [String: Int] = [:]
        for divergence in divergences { for rule in divergence.rules { counts[rule, default: 0] += 1 } }
        return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { ($0.key, $0.value) }
    }
}
