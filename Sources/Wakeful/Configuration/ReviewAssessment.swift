import Foundation

/// How likely App Review is to object to a configuration.
public enum ReviewRiskLevel: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case low, medium, high

    private var rank: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .high: 2
        }
    }

    public static func < (lhs: ReviewRiskLevel, rhs: ReviewRiskLevel) -> Bool { lhs.rank < rhs.rank }
}

/// One reason App Review may object, with the guideline and the policy rules behind it.
public struct ReviewFinding: Sendable, Hashable, Codable {
    /// What it concerns: a background mode (`location`) or a technique.
    public var subject: String
    /// How serious.
    public var level: ReviewRiskLevel
    /// The App Store Review Guideline, e.g. `2.5.4`.
    public var guideline: String
    /// Policy rule IDs.
    public var rules: [String]
    /// What the reviewer will look for, as a clause that reads after a colon, e.g. "needs a visible,
    /// user-facing reason to use location in the background".
    public var note: String

    /// Creates a finding.
    public init(subject: String, level: ReviewRiskLevel, guideline: String, rules: [String], note: String) {
        self.subject = subject
        self.level = level
        self.guideline = guideline
        self.rules = rules
        self.note = note
    }

    // Pushes (REVIEW-4).

    /// Silent playback seen in the background: the `audio` mode used only to stay alive (REVIEW-2,
    /// REVIEW-4, AUDIO-1). Runtime does not notice silence; App Review does.
    public static let silentAudio = ReviewFinding(
        subject: "silent audio", level: .high, guideline: "2.5.4", rules: ["AUDIO-1", "REVIEW-2", "REVIEW-4"],
        note: "plays silence in the background to stay alive; audio must be audible, and this is rejected")
}

/// The App Review risk of a configuration (REVIEW-1 to REVIEW-5).
public struct ReviewAssessment: Sendable, Hashable, Codable {
    /// The highest level among the findings; low when there are none.
    public var level: ReviewRiskLevel
    /// The findings, in the order of the modes.
    public var findings: [ReviewFinding]

    /// Assesses the declared background modes. Each mode may only serve its designated purpose
    /// (REVIEW-1, guideline 2.5.4); declaring one the app does not visibly use is rejected (REVIEW-2).
    public init(modes: [BackgroundMode], techniques: [ReviewFinding] = []) {
        findings =
            modes.enumerated().filter { modes.firstIndex(of: $0.element) == $0.offset }.compactMap {
                $0.element.profile.review
            }
            + techniques
        level = findings.map(\.level).max() ?? .low
    }

    /// Adds a finding about a technique seen at run time (e.g. ``ReviewFinding/silentAudio``), once,
    /// and raises the level to match.
    public mutating func add(_ finding: ReviewFinding) {
        guard !findings.contains(finding) else { return }
        findings.append(finding)
        level = max(level, finding.level)
    }
}
