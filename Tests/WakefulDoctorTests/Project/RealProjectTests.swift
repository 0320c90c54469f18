import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

/// What doctor met on a real app's project (a podcast player on CocoaPods, with a watch app):
/// each shape rebuilt from a fixture.
@Suite("Projects as real apps have them", .watchdog, .cpuBound)
struct RealProjectTests {
    @Test(
        "a base .xcconfig that does not exist yet (CocoaPods before pod install) is a warning naming it, not the end of the check"
    )
    func missingBaseConfiguration() throws {
        let folder = try TemporaryFolder()
        let original = try String(
            contentsOfFile: ProjectFixture.path("xcconfig", "Configured.xcodeproj/project.pbxproj"), encoding: .utf8)
        _ = try folder.write("Configured.xcodeproj/project.pbxproj", original)
        _ = try folder.write(
            "Config/Shared.xcconfig",
            try String(contentsOfFile: ProjectFixture.path("xcconfig", "Config/Shared.xcconfig"), encoding: .utf8))
        // Config/Base.xcconfig, the project-level base configuration, is left out; the target's
        // own settings say what Base.xcconfig said about the Info.plist.
        let app = try String(contentsOfFile: ProjectFixture.path("xcconfig", "Targets/App.xcconfig"), encoding: .utf8)
        _ = try folder.write("Targets/App.xcconfig", app + "\nGENERATE_INFOPLIST_FILE = YES\n")
        let outcome = DoctorRequest(project: folder.url.path + "/Configured.xcodeproj", format: .json).run()
        #expect(!outcome.isError, "\(outcome.output)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let missing = findings.filter { $0["check"] as? String == "settings-file-missing" }
        #expect(missing.count == 1)
        #expect((missing.first?["key"] as? String)?.hasSuffix("Config/Base.xcconfig") == true)
        #expect(missing.first?["severity"] as? String == "warning")
    }

    @Test("with an iOS app and a watchOS app in one project, the iOS app is the one checked")
    func watchAppBeside() throws {
        let folder = try TemporaryFolder()
        let pbxproj = try String(
            contentsOfFile: ProjectFixture.path("multi-target", "TwoApps.xcodeproj/project.pbxproj"), encoding: .utf8)
        // Beta's configurations build for watchOS, as a watch app target's do.
        let beta = pbxproj.replacingOccurrences(
            of: "PRODUCT_BUNDLE_IDENTIFIER = com.example.beta;",
            with: "PRODUCT_BUNDLE_IDENTIFIER = com.example.beta;\n\t\t\t\tSDKROOT = watchos;")
        #expect(beta != pbxproj)
        _ = try folder.write("TwoApps.xcodeproj/project.pbxproj", beta)
        let chosen = try ProjectInfoPlist.load(project: folder.url.path + "/TwoApps.xcodeproj")
        #expect(chosen.target.name == "Alpha")
    }
}
