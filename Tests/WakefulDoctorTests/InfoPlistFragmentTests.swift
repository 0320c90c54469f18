import Foundation
import Testing
import Wakeful
import WakefulDoctor
import WakefulSimulator
import WakefulTestSupport

/// `wakeful plist`'s entries, checked by doctor itself: a file made from them has every key the
/// configuration needs, and nothing doctor objects to but the placeholders left for the app's text.
@Suite("The Info.plist fragment", .watchdog, .cpuBound)
struct InfoPlistFragmentTests {
    /// Every setup of every built-in scenario, as `--config NAME --setup SETUP`.
    static let setups: [(scenario: String, setup: String)] = BuiltinScenarios.names.flatMap { name in
        ((try? BuiltinScenarios.load(name))?.setups ?? []).map { (name, $0.name) }
    }

    @Test("a file made from the fragment passes doctor's configuration checks, for every built-in setup")
    func roundTrip() throws {
        #expect(Self.setups.count > 20)
        for (scenario, setup) in Self.setups {
            let requirements = try ConfigurationFile.resolve(scenario, setup: setup)
            let fragment = InfoPlistFragment(requirements: requirements)
            let plist = try InfoPlist.decode(Data(fragment.document.utf8), file: "\(scenario)-\(setup).plist")
            let report = PlistDoctor.examine(plist, requirements: requirements)
            // App Review's view of a technique or a mode is about the strategy, not the file: a
            // file cannot fix it, so only the file's own checks count here.
            let aboutTheStrategy: Set<Finding.Check> = [.usageDescriptionPlaceholder, .techniqueReview, .reviewRisk]
            let unexpected = report.problems.filter { !aboutTheStrategy.contains($0.check) }
            #expect(unexpected.isEmpty, "\(scenario), \(setup): \(unexpected.map(\.message))")
            // Every purpose string is a placeholder, and doctor says so, one finding each.
            #expect(
                Set(report.findings(.usageDescriptionPlaceholder).map(\.key))
                    == Set(fragment.purposeStrings.map(\.key)),
                "\(scenario), \(setup)")
        }
    }

    @Test("the gas station with TaskExtension needs the two location keys and no mode; each comment names who needs it")
    func gasStationTaskExtension() throws {
        let fragment = InfoPlistFragment(
            requirements: try ConfigurationFile.resolve("gas-station", setup: "TaskExtension"))
        #expect(fragment.modes.isEmpty)
        #expect(fragment.taskIdentifiers.isEmpty)
        #expect(
            fragment.purposeStrings.map(\.key) == [
                "NSLocationWhenInUseUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription",
            ])
        #expect(fragment.xml.contains("<!-- Needed by BeaconTrigger (LOC-16, BEACON-1). -->"))
        #expect(fragment.xml.contains("<string>TODO: say why the app needs location always.</string>"))
    }

    @Test("modes and task identifiers come with the strategies that need them and their rules")
    func modesAndIdentifiers() throws {
        let requirements = AppRequirements(
            source: "test",
            strategies: [
                ScheduledRefresh(
                    options: ScheduledRefresh.Options(
                        refreshIdentifier: "com.example.refresh", processingIdentifier: "com.example.sync")),
                LowPowerLocationKeepAlive(),
            ])
        let fragment = InfoPlistFragment(requirements: requirements)
        #expect(fragment.modes.map(\.mode) == [.fetch, .location, .processing])
        #expect(fragment.taskIdentifiers.map(\.identifier) == ["com.example.refresh", "com.example.sync"])
        #expect(fragment.modes.first { $0.mode == .location }?.neededBy == ["LowPowerLocationKeepAlive"])
        #expect(fragment.xml.contains("<string>com.example.sync</string>"))
        #expect(fragment.xml.contains("(BGT-9)"))
    }

    @Test("a configuration that needs nothing says so, and the document is still a valid plist")
    func empty() throws {
        let fragment = InfoPlistFragment(
            requirements: AppRequirements(source: "nothing", strategies: [TaskExtension()]))
        #expect(fragment.isEmpty)
        #expect(fragment.xml.contains("needs no Info.plist entries"))
        let plist = try InfoPlist.decode(Data(fragment.document.utf8), file: "empty.plist")
        #expect(plist["UIBackgroundModes"] == nil)
    }

    @Test("text that would break the XML is escaped")
    func escaping() throws {
        let requirements = AppRequirements(source: "a <b> & c -- d", strategies: [LowPowerLocationKeepAlive()])
        let fragment = InfoPlistFragment(requirements: requirements)
        #expect(fragment.xml.contains("a &lt;b&gt; &amp; c - - d"))
        _ = try InfoPlist.decode(Data(fragment.document.utf8), file: "escaped.plist")
    }
}
