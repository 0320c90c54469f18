import Testing
import WakefulDoctor
import WakefulTestSupport

@Suite("Build-setting placeholders in task identifiers", .watchdog, .cpuBound)
struct IdentifierPatternTests {
    @Test(
        "known settings are substituted in every placeholder form",
        arguments: [
            "$(PRODUCT_BUNDLE_IDENTIFIER).refresh", "${PRODUCT_BUNDLE_IDENTIFIER}.refresh",
            "$(PRODUCT_BUNDLE_IDENTIFIER:rfc1034identifier).refresh",
        ])
    func substituted(_ text: String) {
        let pattern = IdentifierPattern(text, settings: ["PRODUCT_BUNDLE_IDENTIFIER": "com.example.app"])
        #expect(pattern.expanded == "com.example.app.refresh")
        #expect(!pattern.isPattern)
        #expect(pattern.matches("com.example.app.refresh"))
        #expect(!pattern.matches("com.example.other.refresh"))
    }

    @Test("unknown settings match one or more characters")
    func wildcard() {
        let pattern = IdentifierPattern("$(PRODUCT_BUNDLE_IDENTIFIER).refresh")
        #expect(pattern.isPattern)
        #expect(pattern.matches("com.example.app.refresh"))
        #expect(!pattern.matches(".refresh"))
        #expect(!pattern.matches("com.example.app.sync"))
        #expect(IdentifierPattern("$(A).$(B)").matches("x.y.z"))
    }

    @Test("a trailing * matches like iOS 26's wildcard form; elsewhere * and bare $ are literal")
    func star() {
        #expect(IdentifierPattern("com.example.export.*").matches("com.example.export.42"))
        #expect(!IdentifierPattern("com.*.export").matches("com.example.export"))
        #expect(IdentifierPattern("com.$x.refresh").matches("com.$x.refresh"))
        #expect(!IdentifierPattern("com.$x.refresh").isPattern)
    }

    @Test("literal identifiers match only themselves, case included")
    func literal() {
        let pattern = IdentifierPattern("com.example.refresh")
        #expect(pattern.matches("com.example.refresh"))
        #expect(!pattern.matches("com.example.Refresh"))
        #expect(!pattern.matches("com.example.refresh2"))
    }
}
