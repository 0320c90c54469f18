import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("ReviewAssessment", .watchdog, .cpuBound)
struct ReviewAssessmentTests {
    struct Expectation: Sendable, CustomTestStringConvertible {
        var mode: BackgroundMode
        /// nil: the mode draws no finding.
        var level: ReviewRiskLevel?
        var guideline: String?
        var rules: [String]
        var testDescription: String { mode.rawValue }
    }

    /// One row per UIBackgroundModes value (REVIEW-1 to REVIEW-5).
    static let table: [Expectation] = [
        Expectation(
            mode: .location, level: .medium, guideline: "2.5.4, 5.1.5", rules: ["REVIEW-1", "REVIEW-3", "REVIEW-5"]),
        Expectation(mode: .audio, level: .high, guideline: "2.5.4", rules: ["REVIEW-2", "REVIEW-4", "AUDIO-1"]),
        Expectation(mode: .voip, level: .high, guideline: "2.5.4", rules: ["REVIEW-1", "REVIEW-2", "VOIP-2"]),
        Expectation(mode: .bluetoothCentral, level: .low, guideline: "2.5.4", rules: ["REVIEW-1"]),
        Expectation(mode: .bluetoothPeripheral, level: .low, guideline: "2.5.4", rules: ["REVIEW-1"]),
        Expectation(mode: .externalAccessory, level: .low, guideline: "2.5.4", rules: ["REVIEW-1"]),
        Expectation(mode: .newsstandContent, level: .medium, guideline: "2.5.4", rules: ["REVIEW-1", "REVIEW-2"]),
        Expectation(mode: .nearbyInteraction, level: .medium, guideline: "2.5.4", rules: ["REVIEW-1", "REVIEW-2"]),
        Expectation(mode: .pushToTalk, level: .medium, guideline: "2.5.4", rules: ["REVIEW-1", "REVIEW-2"]),
        Expectation(mode: .networkAuthentication, level: .medium, guideline: "2.5.4", rules: ["REVIEW-1", "REVIEW-2"]),
        Expectation(mode: .fetch, level: nil, guideline: nil, rules: []),
        Expectation(mode: .remoteNotification, level: nil, guideline: nil, rules: []),
        Expectation(mode: .processing, level: nil, guideline: nil, rules: []),
    ]

    @Test("the table covers every background mode")
    func complete() {
        #expect(Set(Self.table.map(\.mode)) == Set(BackgroundMode.allCases))
    }

    @Test("each mode alone: its finding, level, guideline and rules", arguments: table)
    func single(_ expected: Expectation) throws {
        let assessment = ReviewAssessment(modes: [expected.mode])
        guard let level = expected.level else {
            #expect(assessment.findings.isEmpty)
            #expect(assessment.level == .low)
            return
        }
        #expect(assessment.level == level)
        let finding = try #require(assessment.findings.first)
        #expect(assessment.findings.count == 1)
        #expect(finding.subject == expected.mode.rawValue)
        #expect(finding.level == level)
        #expect(finding.guideline == expected.guideline)
        #expect(finding.rules == expected.rules)
        #expect(!finding.note.isEmpty)
    }

    @Test("no modes: low risk, no findings")
    func none() {
        let assessment = ReviewAssessment(modes: [])
        #expect(assessment.level == .low)
        #expect(assessment.findings.isEmpty)
    }

    @Test("the level is the highest finding's; findings keep the order of the modes")
    func combined() {
        let assessment = ReviewAssessment(modes: [.bluetoothCentral, .fetch, .location, .audio])
        #expect(assessment.level == .high)
        #expect(assessment.findings.map(\.subject) == ["bluetooth-central", "location", "audio"])
        #expect(ReviewAssessment(modes: [.bluetoothCentral, .location]).level == .medium)
        #expect(ReviewAssessment(modes: [.fetch, .processing, .bluetoothPeripheral]).level == .low)
    }

    @Test("a mode listed twice gives one finding")
    func duplicateModes() {
        let assessment = ReviewAssessment(modes: [.location, .location])
        #expect(assessment.level == .medium)
        #expect(assessment.findings.count == 1)
    }

    @Test("the keep-alive's location mode explains the rejection risk of using location only to stay alive (REVIEW-3)")
    func locationNote() throws {
        let finding = try #require(
            ReviewAssessment(modes: LowPowerLocationKeepAlive().requirements.backgroundModes).findings.first)
        #expect(finding.note.contains("stay alive"))
        #expect(finding.rules.contains("REVIEW-3"))
    }

    @Test("risk levels order low < medium < high")
    func levels() {
        #expect(ReviewRiskLevel.low < .medium && ReviewRiskLevel.medium < .high)
        #expect(ReviewRiskLevel.allCases.sorted() == [.low, .medium, .high])
        #expect(ReviewRiskLevel.allCases.max() == .high)
    }

    @Test("an assessment round-trips through Codable with its JSON names")
    func codable() throws {
        let assessment = ReviewAssessment(modes: [.location])
        let data = try JSONEncoder().encode(assessment)
        #expect(try JSONDecoder().decode(ReviewAssessment.self, from: data) == assessment)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["level"] as? String == "medium")
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.first?["subject"] as? String == "location")
        #expect(findings.first?["guideline"] as? String == "2.5.4, 5.1.5")
    }
}
