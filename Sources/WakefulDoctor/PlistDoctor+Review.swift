import Foundation
import Wakeful

extension PlistDoctor {
    /// App Review's view of every declared mode, with a suggested reviewer note, and of the
    /// techniques the configuration uses (REVIEW-1 to REVIEW-5).
    static func reviewFindings(_ modes: [BackgroundMode], _ requirements: AppRequirements?) -> [Finding] {
        var findings: [Finding] = modes.map { mode in
            let profile = mode.profile
            // Modes with no known objection still serve only their purpose (REVIEW-1, 2.5.4).
            let review =
                profile.review
                ?? ReviewFinding(
                    subject: mode.rawValue, level: .low, guideline: "2.5.4", rules: ["REVIEW-1"],
                    note: "accepted when it \(profile.purpose)")
            let users = requirements.map { list($0.users(of: mode)) } ?? ""
            let usedBy = users.isEmpty ? "" : " Used by \(users)."
            return Finding(
                review.level == .high ? .warning : .note, .reviewRisk, key: modesKey, value: mode.rawValue,
                message: "\(mode.rawValue): \(review.level.rawValue) App Review risk, \(review.note).\(usedBy) Put the suggested reviewer note, filled in, under App Review Information in App Store Connect.",
                rules: review.rules, guideline: review.guideline, reviewerNote: profile.reviewerNote)
        }
        for entry in requirements?.entries ?? [] {
            for technique in entry.requirements.reviewFindings {
                findings.append(Finding(
                    .warning, .techniqueReview, key: modesKey, value: technique.subject,
                    message: "\(entry.name) uses \(technique.subject): \(technique.level.rawValue) App Review risk, \(technique.note). Prefer a technique App Review accepts, or be ready to justify it.",
                    rules: technique.rules, guideline: technique.guideline))
            }
        }
        return findings
    }
}
