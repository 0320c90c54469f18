import Testing
import Wakeful
import WakefulDoctor
import WakefulTestSupport

@Suite("BGTaskSchedulerPermittedIdentifiers", .watchdog, .cpuBound)
struct TaskIdentifierTests {
    @Test("an identifier the strategies submit but the file lacks is an error; the stale one is unused")
    func missing() throws {
        let report = try Fixture.report("identifier-missing.plist", config: "overnight-sync.json")
        let missing = report.findings(.identifierNotPermitted)
        #expect(missing.compactMap(\.value) == ["com.wakeful.sync"])
        #expect(missing[0].message.contains("notPermitted"))
        #expect(missing[0].message.contains("Add <string>com.wakeful.sync</string>"))
        #expect(missing[0].rules == ["BGT-9"])
        #expect(report.findings(.identifierUnused).compactMap(\.value) == ["com.wakeful.nightly-sync"])
        #expect(report.status(strict: false) == 1)
    }

    @Test("identifiers without fetch or processing: every submit fails")
    func withoutMode() throws {
        let report = try Fixture.report("identifiers-without-mode.plist")
        let finding = try #require(report.findings(.taskModes).first)
        #expect(finding.severity == .error)
        #expect(finding.message.contains("neither fetch nor processing"))
    }

    @Test("placeholders match as patterns, with a note; --bundle-id expands them exactly")
    func placeholders() throws {
        let patterns = try Fixture.report("placeholders.plist", config: "placeholders.json")
        #expect(patterns.problems.isEmpty, "\(patterns.text(strict: false))")
        #expect(
            patterns.findings(.identifierPattern).compactMap(\.value) == [
                "com.example.trips.refresh", "com.example.trips.sync",
            ])
        #expect(patterns.status(strict: true) == 0)

        let exact = try Fixture.report("placeholders.plist", config: "placeholders.json", bundleID: "com.example.trips")
        #expect(exact.findings(.identifierPattern).isEmpty)
        #expect(exact.permittedIdentifiers == ["com.example.trips.refresh", "com.example.trips.sync"])
        #expect(exact.problems.isEmpty)

        let other = try Fixture.report("placeholders.plist", config: "placeholders.json", bundleID: "com.example.other")
        #expect(other.findings(.identifierNotPermitted).count == 2)
        #expect(other.findings(.identifierUnused).count == 2)
    }

    @Test("a literal CFBundleIdentifier expands the placeholders without --bundle-id")
    func literalBundleIdentifier() throws {
        let report = try Fixture.report("every-mode.plist")
        #expect(report.permittedIdentifiers == ["com.example.everything.refresh", "com.example.everything.cleanup"])
    }

    @Test("identifiers that differ only in case are pointed out")
    func caseDifference() throws {
        let plist = InfoPlist(entries: [
            "UIBackgroundModes": .array([.string("fetch")]),
            "BGTaskSchedulerPermittedIdentifiers": .array([.string("com.Wakeful.Refresh")]),
        ])
        let needs = AppRequirements(
            source: "test", strategies: [ScheduledRefresh(options: .init(schedulesProcessing: false))])
        let finding = try #require(
            PlistDoctor.examine(plist, requirements: needs).findings(.identifierNotPermitted).first)
        #expect(finding.message.contains("differs in case"))
    }
}
