import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

/// What the Xcode project and the file's own form add: ignored and conflicting build settings,
/// build settings in the modes list, keys written twice.
@Suite("Checks: the project's build settings and the file's form", .watchdog, .cpuBound)
struct ProjectCheckTests {
    @Test("INFOPLIST_KEY_UIBackgroundModes puts nothing in the app's Info.plist")
    func settingIgnored() throws {
        let run = try CheckRun.run("setting-ignored", project: "App.xcodeproj")
        let ignored = try run.only(.settingIgnored)
        #expect(ignored.severity == .warning)
        #expect(ignored.key == "INFOPLIST_KEY_UIBackgroundModes")
        #expect(ignored.place == "App.xcodeproj/project.pbxproj:146")
        #expect(run.declaredModes.isEmpty)
    }

    /// A project mid-migration keeps a generated key's setting and the same key in its own file:
    /// nothing is lost, so the finding is a note and `--strict` passes.
    @Test("an ignored setting whose value the Info.plist file already holds is only a note")
    func settingIgnoredButHeld() throws {
        let root = try Fixture.path("setting-ignored", in: "checks")
        let folder = try TemporaryFolder()
        let pbxproj = try String(contentsOfFile: root + "/App.xcodeproj/project.pbxproj", encoding: .utf8)
        try folder.write(
            "App.xcodeproj/project.pbxproj",
            pbxproj.replacingOccurrences(
                of: "INFOPLIST_KEY_UIBackgroundModes = \"remote-notification\";",
                with:
                    "INFOPLIST_KEY_UIBackgroundModes = \"remote-notification\";\n\t\t\t\tINFOPLIST_FILE = App/Info.plist;"
            ))
        try folder.write(
            "App/Info.plist",
            #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>UIBackgroundModes</key><array><string>remote-notification</string></array></dict></plist>"#
        )
        try folder.write("App/ChatApp.swift", try String(contentsOfFile: root + "/App/ChatApp.swift", encoding: .utf8))
        let outcome = DoctorRequest(project: folder.url.path + "/App.xcodeproj", format: .text).run()
        #expect(
            outcome.output.contains(
                "note: INFOPLIST_KEY_UIBackgroundModes: puts nothing in the app's Info.plist, but the Info.plist file already gives UIBackgroundModes the same value"
            ), "\(outcome.output)")
        #expect(!outcome.output.contains("warning: INFOPLIST_KEY_UIBackgroundModes"))
    }

    /// The widget's code runs in its own process with its own Info.plist: a call there is no
    /// evidence of what the app uses (real projects' test and extension code used to count).
    @Test("with a project and no --sources, code only a test bundle, extension or other app compiles is left out")
    func otherProductsCodeLeftOut() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "Trips.xcodeproj/project.pbxproj",
            try String(
                contentsOfFile: ProjectFixture.path("multi-target", "Trips.xcodeproj/project.pbxproj"), encoding: .utf8)
        )
        try folder.write(
            "TripsWidget/Info.plist",
            try String(contentsOfFile: ProjectFixture.path("multi-target", "TripsWidget/Info.plist"), encoding: .utf8))
        try folder.write("Trips/TripsApp.swift", "struct TripsApp { func start() {} }")
        try folder.write(
            "TripsWidget/Provider.swift", "func refresh() { manager.startMonitoringSignificantLocationChanges() }")
        let outcome = DoctorRequest(project: folder.url.path + "/Trips.xcodeproj", format: .text).run()
        #expect(outcome.output.contains("Sources: 1 file under"), "\(outcome.output)")
        #expect(outcome.output.contains("Found in the code: no background API"), "\(outcome.output)")
    }

    @Test("a key in the file and in a build setting with different values: the build setting wins")
    func settingConflict() throws {
        let run = try CheckRun.run("setting-conflict", project: "App.xcodeproj")
        let conflict = try run.only(.settingConflict)
        #expect(conflict.severity == .warning)
        #expect(conflict.key == "NSLocationWhenInUseUsageDescription")
        #expect(conflict.place == "App.xcodeproj/project.pbxproj:146")
        #expect(conflict.related.map { "\($0.file):\($0.line ?? 0)" } == ["App/Info.plist:5"])
        #expect(run.problems.count == 1, "\(run.problems.map(\.message))")
    }

    @Test("$(VAR) in the modes list: an unexpanded setting on its own, the mode it names with --project")
    func unexpandedMode() throws {
        let alone = try CheckRun.run("unexpanded-mode", plist: "App/Info.plist")
        let unexpanded = try alone.only(.unexpandedSetting)
        #expect(unexpanded.value == "$(SYNC_BACKGROUND_MODE)")
        #expect(unexpanded.place == "App/Info.plist:9")
        #expect(alone.findings(.unknownMode).isEmpty)
        #expect(alone.problems.count == 1, "a mode doctor cannot read is not missing: \(alone.problems.map(\.message))")

        let built = try CheckRun.run("unexpanded-mode", project: "App.xcodeproj")
        #expect(built.declaredModes == ["fetch"])
        #expect(built.problems.isEmpty, "\(built.problems.map(\.message))")
    }

    @Test("a key written twice, as a merge conflict leaves it: one finding naming both lines")
    func duplicateKey() throws {
        // The app's code is processing-unused's: the same feed app, whose Info.plist a merge doubled.
        let run = try CheckRun.run("duplicate-key", sources: ["../processing-unused/App"])
        let duplicate = try run.only(.duplicateKey)
        #expect(duplicate.key == "UIBackgroundModes")
        #expect(duplicate.place == "Info.plist:15")
        #expect(duplicate.related.map { "\($0.file):\($0.line ?? 0)" } == ["Info.plist:7"])
        #expect(duplicate.message.contains("lines 7, 15"))
    }
}
