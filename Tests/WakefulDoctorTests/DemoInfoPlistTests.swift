import Foundation
import Testing
import Wakeful
import WakefulDoctor
import WakefulTestSupport

/// The demo app's Info.plist against its own strategies. `Demo/DemoConfiguration.swift` is a link
/// to the demo's file, so a strategy added there without its Info.plist entries fails here.
@Suite("The demo's Info.plist", .watchdog, .cpuBound)
struct DemoInfoPlistTests {
    static let plistURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/WakefulDemo/WakefulDemo/Info.plist")

    /// What every configuration the demo can run needs: the app declares them all, since the
    /// choice in its settings applies at the next launch.
    static let requirements = AppRequirements(
        source: "the demo's configurations",
        entries: DemoConfiguration.allCases.flatMap { configuration in
            configuration.strategies.map { AppRequirements.Entry(name: $0.name, requirements: $0.requirements) }
        })

    @Test("it declares exactly the modes and task identifiers wakeful plist lists, and every purpose string")
    func matchesTheFragment() throws {
        let plist = try InfoPlist.load(contentsOf: Self.plistURL)
        let fragment = InfoPlistFragment(requirements: Self.requirements)
        // Order does not matter to iOS.
        #expect(
            Set(plist["UIBackgroundModes"]?.array?.compactMap(\.string) ?? [])
                == Set(fragment.modes.map(\.mode.rawValue)))
        #expect(
            Set(plist["BGTaskSchedulerPermittedIdentifiers"]?.array?.compactMap(\.string) ?? [])
                == Set(fragment.taskIdentifiers.map(\.identifier)))
        for purpose in fragment.purposeStrings {
            let text = try #require(plist[purpose.key]?.string, "the demo's Info.plist lacks \(purpose.key)")
            #expect(!text.hasPrefix(InfoPlistFragment.placeholderPrefix))
        }
    }

    @Test("doctor finds nothing to fix in it")
    func doctorIsClean() throws {
        let report = PlistDoctor.examine(try InfoPlist.load(contentsOf: Self.plistURL), requirements: Self.requirements)
        #expect(report.problems.isEmpty, "\(report.problems.map(\.message))")
    }
}
