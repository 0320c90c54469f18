import Testing
import WakefulDoctor
import WakefulTestSupport

@Suite("Finding messages", .watchdog, .cpuBound)
struct FindingMessageTests {
    static let cases: [(String, String?)] = [
        ("every-mode.plist", nil), ("mode-missing.plist", "gas-station.json"),
        ("identifier-missing.plist", "overnight-sync.json"),
        ("usage-missing.plist", "gas-station.json"), ("usage-empty.plist", "gas-station.json"),
        ("wrong-types.plist", "ble-dongle.json"),
        ("wrong-item-types.plist", nil), ("typos.plist", nil), ("plist-only-problems.plist", nil),
        ("identifiers-without-mode.plist", nil),
        ("placeholders.plist", "placeholders.json"),
    ]

    /// The verbs a message uses to say what to change in the file.
    static let changes = ["Add ", "Remove", "Write ", "Replace", "Put ", "Pass ", "Move ", "keep it"]

    @Test("every finding says what to change in the file", arguments: cases)
    func saysWhatToChange(_ plist: String, _ config: String?) throws {
        let report = try Fixture.report(plist, config: config)
        #expect(!report.findings.isEmpty)
        for finding in report.findings {
            #expect(
                Self.changes.contains { finding.message.contains($0) }, "\(finding.check.rawValue): \(finding.message)")
        }
    }
}
