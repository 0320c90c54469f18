import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

@Suite("The Info.plist of an Xcode target", .watchdog, .cpuBound)
struct ProjectInfoPlistTests {
    /// Every line of `file` holding `text`.
    private func lines(of text: String, in file: String) throws -> [Int] {
        try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n").enumerated().filter {
            $0.element.contains(text)
        }.map { $0.offset + 1 }
    }

    @Test(
        "modern-generated: purpose strings and other keys come from INFOPLIST_KEY_ settings, typed as Xcode types them")
    func modernGenerated() throws {
        let result = try ProjectFixture.load("modern-generated", "Wakeful.xcodeproj")
        let pbxproj = try ProjectFixture.path("modern-generated", "Wakeful.xcodeproj/project.pbxproj")
        let plist = result.plist
        #expect(result.isGenerated)
        #expect(result.infoPlistFile == nil)
        #expect(result.configuration == "Release")
        #expect(plist.file == pbxproj)
        #expect(
            plist["NSLocationWhenInUseUsageDescription"] == .string("Wakeful records your trips while the app is open.")
        )
        // The Release configuration's line: the second of the two configurations that set it.
        let settingLines = try lines(of: "INFOPLIST_KEY_NSLocationWhenInUseUsageDescription", in: pbxproj)
        #expect(
            plist.location(ofKey: "NSLocationWhenInUseUsageDescription")
                == Finding.Location(file: pbxproj, line: settingLines[1]))
        #expect(plist["ITSAppUsesNonExemptEncryption"] == .boolean(false))
        #expect(plist["UIApplicationSupportsIndirectInputEvents"] == .boolean(true))
        // A purpose string is a string macro: YES stays a string.
        #expect(plist["NSCameraUsageDescription"] == .string("YES"))
        #expect(plist["UISupportedInterfaceOrientations~ipad"]?.array?.count == 4)
        #expect(
            plist["UISupportedInterfaceOrientations~iphone"]?.array?.first == .string("UIInterfaceOrientationPortrait"))
        #expect(plist["UILaunchScreen"] == .dictionary([:]))
        #expect(
            plist["UIApplicationSceneManifest"]
                == .dictionary([
                    "UIApplicationSupportsMultipleScenes": .boolean(true), "UISceneConfigurations": .dictionary([:]),
                ]))
        #expect(plist["CFBundleIdentifier"] == .string("com.example.Wakeful"))
        #expect(plist["CFBundleDisplayName"] == .string("Wakeful Beta"))
        #expect(plist["CFBundleExecutable"] == .string("Wakeful"))
        #expect(plist["CFBundleName"] == .string("Wakeful"))
        #expect(plist["CFBundlePackageType"] == .string("APPL"))
        #expect(plist["CFBundleShortVersionString"] == .string("1.0"))
        #expect(plist["CFBundleVersion"] == .string("1"))
        #expect(plist["CFBundleDevelopmentRegion"] == .string("en"))
        #expect(plist["LSRequiresIPhoneOS"] == .boolean(true))
        #expect(result.bundleIdentifier == "com.example.Wakeful")
        #expect(result.conflicts.isEmpty)
        #expect(result.unexpanded.isEmpty)
        // Xcode has no INFOPLIST_KEY_UIBackgroundModes: the modes never reach the app.
        #expect(plist["UIBackgroundModes"] == nil)
        let backgroundModes = try lines(of: "INFOPLIST_KEY_UIBackgroundModes", in: pbxproj)
        #expect(
            result.ignoredSettings == [
                IgnoredInfoPlistSetting(
                    name: "INFOPLIST_KEY_UIBackgroundModes",
                    location: Finding.Location(file: pbxproj, line: backgroundModes[1]), reason: .unknownKey)
            ])
    }

    @Test("modern-generated: the unit-test target is a bundle, not an app")
    func testTarget() throws {
        let result = try ProjectFixture.load(
            "modern-generated", "Wakeful.xcodeproj", target: "WakefulTests", configuration: "Debug")
        #expect(result.plist["CFBundlePackageType"] == .string("BNDL"))
        #expect(result.plist["LSRequiresIPhoneOS"] == nil)
        #expect(result.bundleIdentifier == "com.example.WakefulTests")
    }

    @Test("classic-infoplist: INFOPLIST_FILE is read and build settings expanded; unknown ones stay and are reported")
    func classic() throws {
        let result = try ProjectFixture.load("classic-infoplist", "Classic.xcodeproj")
        let infoPlist = try ProjectFixture.path("classic-infoplist", "Classic/Info.plist")
        let plist = result.plist
        #expect(!result.isGenerated)
        #expect(result.infoPlistFile == infoPlist)
        #expect(plist.file == infoPlist)
        #expect(plist.format == .xml)
        #expect(plist["CFBundleExecutable"] == .string("Classic Trips"))
        #expect(plist["CFBundleIdentifier"] == .string("com.example.classic"))
        #expect(plist["CFBundleDevelopmentRegion"] == .string("en"))
        #expect(plist["CFBundlePackageType"] == .string("APPL"))
        #expect(plist["NSLocationWhenInUseUsageDescription"] == .string("Classic Trips shows where you are."))
        #expect(
            plist["BGTaskSchedulerPermittedIdentifiers"]?.array == [
                .string("com.example.classic.refresh"), .string("com.example.classic.cleanup"),
                .string("$(TEAM_PREFIX).Classic-Trips.sync"),
            ])
        let syncLine = try ProjectFixture.line(of: "$(TEAM_PREFIX)", in: infoPlist)
        #expect(
            result.unexpanded == [
                UnexpandedValue(
                    key: "BGTaskSchedulerPermittedIdentifiers", path: "BGTaskSchedulerPermittedIdentifiers[2]",
                    value: "$(TEAM_PREFIX).Classic-Trips.sync",
                    names: ["TEAM_PREFIX"], location: Finding.Location(file: infoPlist, line: syncLine, column: 2))
            ])
        #expect(IdentifierPattern("$(TEAM_PREFIX).Classic-Trips.sync").matches("ABCDE12345.Classic-Trips.sync"))
        #expect(
            plist.location(ofKey: "UIBackgroundModes")?.line
                == (try ProjectFixture.line(of: "<key>UIBackgroundModes", in: infoPlist)))
        #expect(
            plist.location(ofKey: "UIBackgroundModes", item: 1)?.line
                == (try ProjectFixture.line(of: "<string>processing", in: infoPlist)))
        // Without GENERATE_INFOPLIST_FILE the INFOPLIST_KEY_ setting does nothing.
        #expect(plist["NSCameraUsageDescription"] == nil)
        #expect(result.ignoredSettings.map(\.name) == ["INFOPLIST_KEY_NSCameraUsageDescription"])
        #expect(result.ignoredSettings.first?.reason == .notGenerated)
    }

    @Test("mixed: the build setting wins over the file for scalars, arrays combine, and conflicts keep both places")
    func mixed() throws {
        let result = try ProjectFixture.load("mixed", "Mixed.xcodeproj")
        let infoPlist = try ProjectFixture.path("mixed", "Mixed/Info.plist")
        let pbxproj = try ProjectFixture.path("mixed", "Mixed.xcodeproj/project.pbxproj")
        let plist = result.plist
        #expect(result.isGenerated)
        #expect(
            plist["NSLocationWhenInUseUsageDescription"]
                == .string("Mixed uses your location to log visits (from build settings)."))
        #expect(
            plist["UISupportedInterfaceOrientations"]?.array == [
                .string("UIInterfaceOrientationPortrait"), .string("UIInterfaceOrientationLandscapeLeft"),
            ])
        #expect(plist["UIRequiresFullScreen"] == .boolean(true))
        #expect(plist["UIBackgroundModes"]?.array == [.string("location")])
        #expect(plist["CFBundleIdentifier"] == .string("com.example.mixed"))
        #expect(
            result.conflicts.map(\.key) == [
                "NSLocationWhenInUseUsageDescription", "UIRequiresFullScreen", "UISupportedInterfaceOrientations",
            ])
        #expect(result.conflicts.map(\.outcome) == [.buildSettingWins, .buildSettingWins, .combined])
        let location = try #require(result.conflicts.first)
        #expect(location.fileValue == .string("Mixed uses your location (from the Info.plist file)."))
        #expect(location.fileLocation.file == infoPlist)
        #expect(
            location.fileLocation.line
                == (try ProjectFixture.line(of: "<key>NSLocationWhenInUseUsageDescription", in: infoPlist)))
        let settingLines = try lines(of: "INFOPLIST_KEY_NSLocationWhenInUseUsageDescription", in: pbxproj)
        #expect(location.settingLocation == Finding.Location(file: pbxproj, line: settingLines[1]))
        #expect(plist.location(ofKey: "NSLocationWhenInUseUsageDescription") == location.settingLocation)
        // The combined array: the file's item where it is written, the added one at its setting.
        let orientations = try lines(of: "INFOPLIST_KEY_UISupportedInterfaceOrientations", in: pbxproj)
        #expect(plist.location(ofKey: "UISupportedInterfaceOrientations", item: 0)?.file == infoPlist)
        #expect(
            plist.location(ofKey: "UISupportedInterfaceOrientations", item: 1)
                == Finding.Location(file: pbxproj, line: orientations[1]))
        #expect(plist.location(ofKey: "UIBackgroundModes")?.file == infoPlist)
    }

    @Test("xcconfig: settings from Base.xcconfig, #include, $(inherited) across levels, locations in the xcconfig")
    func xcconfig() throws {
        let release = try ProjectFixture.load("xcconfig", "Configured.xcodeproj")
        let debug = try ProjectFixture.load("xcconfig", "Configured.xcodeproj", configuration: "Debug")
        let appConfig = try ProjectFixture.path("xcconfig", "Targets/App.xcconfig")
        #expect(release.bundleIdentifier == "com.example.configured")
        #expect(debug.bundleIdentifier == "com.example.configured.debug")
        #expect(release.settings.value(of: "OTHER_SWIFT_FLAGS") == "-DBASE -DPROJECT_LEVEL -DTARGET_LEVEL")
        #expect(release.settings.value(of: "SUPPORT_URL") == "https://example.com/help")
        #expect(
            release.settings.location(of: "GENERATE_INFOPLIST_FILE")?.file
                == (try ProjectFixture.path("xcconfig", "Config/Base.xcconfig")))
        #expect(
            release.settings.location(of: "BUNDLE_ID_PREFIX")
                == Finding.Location(file: try ProjectFixture.path("xcconfig", "Config/Shared.xcconfig"), line: 2))
        #expect(release.isGenerated)
        #expect(
            release.plist["NSLocationAlwaysAndWhenInUseUsageDescription"]
                == .string("Example Labs logs your trips in the background."))
        #expect(
            release.plist.location(ofKey: "NSLocationAlwaysAndWhenInUseUsageDescription")
                == Finding.Location(file: appConfig, line: 6))
        #expect(
            release.plist["NSLocationWhenInUseUsageDescription"]
                == .string("Example Labs shows your trips while you use the app."))
        #expect(release.plist["NSHumanReadableCopyright"] == .string("© Example Labs, see https://example.com/help"))
        #expect(release.unexpanded.isEmpty)
    }

    @Test(
        "conditional: Release by default, per-configuration values, [sdk=iphoneos*] over the plain key, arch and unknown parameters"
    )
    func conditional() throws {
        // The target's default is Debug, but an archive (what App Review gets) builds Release.
        let release = try ProjectFixture.load("conditional", "Cond.xcodeproj")
        #expect(release.configuration == "Release")
        let debug = try ProjectFixture.load("conditional", "Cond.xcodeproj", configuration: "Debug")
        #expect(debug.bundleIdentifier == "com.example.cond.debug")
        #expect(debug.plist["NSLocationWhenInUseUsageDescription"] == .string("Debug build: location for testing."))
        let pbxproj = try ProjectFixture.path("conditional", "Cond.xcodeproj/project.pbxproj")
        #expect(release.bundleIdentifier == "com.example.cond")
        #expect(release.plist["CFBundleIdentifier"] == .string("com.example.cond"))
        #expect(
            release.plist.location(ofKey: "CFBundleIdentifier")?.line
                == (try ProjectFixture.line(of: "\"PRODUCT_BUNDLE_IDENTIFIER[sdk=iphoneos*]\"", in: pbxproj)))
        #expect(release.plist["NSLocationWhenInUseUsageDescription"] == .string("Cond shows nearby stops."))
        #expect(release.settings.value(of: "ARCH_NOTE") == "arm")
        #expect(release.settings.value(of: "VARIANT_NOTE") == "every variant")
    }

    @Test("multi-target: the widget's own Info.plist and generated keys, without the app-only ones")
    func widget() throws {
        let result = try ProjectFixture.load("multi-target", "Trips.xcodeproj", target: "TripsWidget")
        #expect(
            result.plist["NSExtension"]
                == .dictionary(["NSExtensionPointIdentifier": .string("com.apple.widgetkit-extension")]))
        #expect(result.plist["CFBundleDisplayName"] == .string("Trips Widget"))
        #expect(result.plist["CFBundlePackageType"] == .string("XPC!"))
        #expect(result.plist["LSRequiresIPhoneOS"] == nil)
        let app = try ProjectFixture.load("multi-target", "Trips.xcodeproj")
        #expect(app.target.name == "Trips")
        #expect(app.bundleIdentifier == "com.example.trips")
        let error = try #require(throws: DoctorInputError.self) {
            try ProjectFixture.load("multi-target", "TwoApps.xcodeproj")
        }
        #expect(error.message.contains("(Alpha, Beta)"))
    }

    /// A copy of the classic-infoplist project in a new folder, its `INFOPLIST_FILE` set to `path`.
    static func classicProject(infoPlistFile path: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let original = try String(
            contentsOfFile: ProjectFixture.path("classic-infoplist", "Classic.xcodeproj/project.pbxproj"),
            encoding: .utf8)
        try folder.write(
            "Classic.xcodeproj/project.pbxproj",
            original.replacingOccurrences(
                of: "INFOPLIST_FILE = Classic/Info.plist;", with: "INFOPLIST_FILE = \(path);"))
        return folder
    }

    /// Projects come from Macs, whose file system ignores case: `INFOPLIST_FILE = CLASSIC/info.plist`
    /// finds `Classic/Info.plist` there, and must here too (it used to exit 2 on Linux).
    @Test("INFOPLIST_FILE is found whatever its case, as on a Mac")
    func infoPlistCase() throws {
        let folder = try Self.classicProject(infoPlistFile: "CLASSIC/info.plist")
        try folder.write(
            "Classic/Info.plist",
            String(contentsOfFile: ProjectFixture.path("classic-infoplist", "Classic/Info.plist"), encoding: .utf8))
        let result = try ProjectInfoPlist.load(project: folder.url.path + "/Classic.xcodeproj")
        #expect(result.plist["CFBundleIdentifier"] == .string("com.example.classic"))
    }

    @Test("a missing INFOPLIST_FILE names the file and the setting; no Info.plist at all is an error")
    func missingInfoPlist() throws {
        let folder = try Self.classicProject(infoPlistFile: "Gone/Info.plist")
        let original = try String(
            contentsOfFile: ProjectFixture.path("classic-infoplist", "Classic.xcodeproj/project.pbxproj"),
            encoding: .utf8)
        let missing = try #require(throws: DoctorInputError.self) {
            try ProjectInfoPlist.load(project: folder.url.path + "/Classic.xcodeproj")
        }
        #expect(missing.file == folder.url.path + "/Gone/Info.plist")
        #expect(missing.message.hasPrefix("does not exist"))
        #expect(missing.message.contains("(INFOPLIST_FILE at \(folder.url.path)/Classic.xcodeproj/project.pbxproj:"))
        try folder.write(
            "None.xcodeproj/project.pbxproj",
            original.replacingOccurrences(of: "INFOPLIST_FILE = Classic/Info.plist;", with: ""))
        let none = try #require(throws: DoctorInputError.self) {
            try ProjectInfoPlist.load(project: folder.url.path + "/None.xcodeproj")
        }
        #expect(none.message.contains("sets neither INFOPLIST_FILE nor GENERATE_INFOPLIST_FILE = YES"))
    }

    @Test("INFOPLIST_EXPAND_BUILD_SETTINGS = NO leaves values as written and generates nothing")
    func expansionOff() throws {
        let folder = try TemporaryFolder()
        let original = try String(
            contentsOfFile: ProjectFixture.path("mixed", "Mixed.xcodeproj/project.pbxproj"), encoding: .utf8)
        try folder.write(
            "Mixed.xcodeproj/project.pbxproj",
            original.replacingOccurrences(
                of: "GENERATE_INFOPLIST_FILE = YES;",
                with: "GENERATE_INFOPLIST_FILE = YES; INFOPLIST_EXPAND_BUILD_SETTINGS = NO;"))
        try folder.write(
            "Mixed/Info.plist",
            try String(contentsOfFile: ProjectFixture.path("mixed", "Mixed/Info.plist"), encoding: .utf8))
        let result = try ProjectInfoPlist.load(project: folder.url.path + "/Mixed.xcodeproj")
        #expect(!result.isGenerated)
        #expect(result.plist["CFBundleIdentifier"] == .string("$(PRODUCT_BUNDLE_IDENTIFIER)"))
        #expect(
            result.plist["NSLocationWhenInUseUsageDescription"]
                == .string("Mixed uses your location (from the Info.plist file)."))
        #expect(Set(result.ignoredSettings.map(\.reason)) == [.expansionOff])
    }
}
