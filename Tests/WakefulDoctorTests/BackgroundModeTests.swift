import Testing
import Wakeful
import WakefulDoctor
import WakefulTestSupport

@Suite("Background modes", .watchdog, .cpuBound)
struct BackgroundModeTests {
    @Test(
        "every UIBackgroundModes value is known, gets App Review's view with a guideline and a reviewer note",
        arguments: ["every-mode.plist", "every-mode.binary.plist"])
    func everyMode(_ name: String) throws {
        let report = try Fixture.report(name)
        #expect(Set(report.declaredModes) == Set(BackgroundMode.allCases.map(\.rawValue)))
        #expect(report.findings(.unknownMode).isEmpty)
        #expect(report.findings(.usageDescriptionMissing).isEmpty, "\(report.text(strict: false))")
        let reviews = report.findings(.reviewRisk)
        #expect(Set(reviews.compactMap(\.value)) == Set(report.declaredModes))
        for review in reviews {
            #expect(review.guideline?.contains("2.5.4") == true, "\(review)")
            #expect(review.reviewerNote?.isEmpty == false)
        }
        // High risk (audio, voip) warns; the rest are notes.
        #expect(reviews.filter { $0.severity == .warning }.compactMap(\.value) == ["audio", "voip"])
        #expect(report.findings(.deprecatedMode).compactMap(\.value) == ["newsstand-content"])
        #expect(report.count(.error) == 0)
        #expect(report.status(strict: false) == 0)
        #expect(report.status(strict: true) == 1)
    }

    @Test("a mode the strategies need but the file lacks is an error naming the strategy")
    func modeMissing() throws {
        for name in ["mode-missing.plist", "mode-missing.binary.plist"] {
            let report = try Fixture.report(name, config: "gas-station.json")
            let missing = try #require(report.findings(.modeNotDeclared).first)
            #expect(missing.severity == .error)
            #expect(missing.value == "location")
            #expect(missing.message.contains("LowPowerLocationKeepAlive"))
            #expect(missing.message.contains("Add <string>location</string> to UIBackgroundModes"))
            let unused = try #require(report.findings(.modeUnused).first)
            #expect(unused.value == "remote-notification")
            #expect(unused.severity == .warning)
            #expect(report.status(strict: false) == 1)
        }
    }

    @Test("typos, Xcode's display names, case, spaces and repeats")
    func typos() throws {
        let report = try Fixture.report("typos.plist")
        let unknown = report.findings(.unknownMode)
        #expect(unknown.compactMap(\.value) == ["locaton", "Remote-Notification", "Background fetch", "keep-alive"])
        #expect(unknown[0].message.contains("Did you mean location"))
        #expect(unknown[1].message.contains("Did you mean remote-notification"))
        #expect(unknown[2].message.contains("Did you mean fetch"))
        #expect(unknown[3].message.contains("Remove it or correct it"))
        #expect(report.findings(.whitespace).compactMap(\.value) == [" audio ", "com.example.refresh "])
        let duplicates = report.findings(.duplicate)
        #expect(duplicates.compactMap(\.value) == ["audio", "com.example.refresh"])
        // The first audio is the one with spaces: the message must not send the user to delete the good one.
        #expect(
            duplicates[0].message.contains(
                "(items 3 and 4). Remove one, and write the other exactly as <string>audio</string>"))
        #expect(report.declaredModes == ["audio"])
    }

    @Test(
        "checked on its own: processing without identifiers, fetch without them, location without Always, newsstand-content"
    )
    func plistOnly() throws {
        let report = try Fixture.report("plist-only-problems.plist")
        let taskModes = report.findings(.taskModes)
        #expect(taskModes.compactMap(\.value) == ["processing", "fetch"])
        // App Store Connect refuses processing without identifiers (ITMS-90771); fetch alone still works.
        #expect(taskModes.map(\.severity) == [.error, .warning])
        #expect(taskModes[0].message.contains("ITMS-90771"))
        #expect(taskModes[1].rules.contains("BGT-1"))
        let always = try #require(report.findings(.usageDescriptionMissing).first)
        #expect(always.key == "NSLocationAlwaysAndWhenInUseUsageDescription")
        #expect(always.severity == .warning)
        #expect(report.findings(.deprecatedMode).compactMap(\.value) == ["newsstand-content"])
        #expect(report.configuration == nil)
        #expect(report.status(strict: false) == 1)
    }

    @Test("techniques App Review dislikes are warned about, with the strategy's name")
    func techniques() throws {
        let plist = try Fixture.plist("gas-station.plist")
        let needs = AppRequirements(source: "test", strategies: [TaskChaining()])
        let report = PlistDoctor.examine(plist, requirements: needs)
        let technique = try #require(report.findings(.techniqueReview).first)
        #expect(technique.message.hasPrefix("TaskChaining uses task chaining"))
        #expect(technique.guideline == "2.5.4, 2.4.2")
    }
}
