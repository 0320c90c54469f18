import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

@Suite("Xcode projects", .watchdog, .cpuBound)
struct XcodeProjectTests {
    @Test("modern-generated: targets, product types, build phases and synchronized folders")
    func modernModel() throws {
        let project = try XcodeProject.open(ProjectFixture.path("modern-generated", "Wakeful.xcodeproj"))
        #expect(project.name == "Wakeful")
        #expect(project.targets.map(\.name) == ["Wakeful", "WakefulTests"])
        #expect(
            project.targets.map(\.productType) == [
                "com.apple.product-type.application", "com.apple.product-type.bundle.unit-test",
            ])
        let app = try project.target(named: nil)
        #expect(app.name == "Wakeful")
        #expect(app.buildPhases == ["PBXSourcesBuildPhase", "PBXFrameworksBuildPhase", "PBXResourcesBuildPhase"])
        #expect(app.synchronizedGroups == ["Wakeful"])
        #expect(app.configurationList.configurations.map(\.name) == ["Debug", "Release"])
        #expect(app.configurationList.defaultConfigurationName == "Release")
        #expect(project.configurationList.configurations.map(\.name) == ["Debug", "Release"])
        #expect(try project.configuration(named: nil, of: app).name == "Release")
    }

    @Test("a classic project's Sources phase lists each file it compiles, by its path in the groups")
    func classicSourceFiles() throws {
        let folder = try TemporaryFolder()
        let original = try String(
            contentsOfFile: ProjectFixture.path("classic-infoplist", "Classic.xcodeproj/project.pbxproj"),
            encoding: .utf8)
        let edited =
            original
            .replacingOccurrences(
                of: "/* Begin PBXFileReference section */",
                with: """
                    /* Begin PBXBuildFile section */
                    \t\tB00000000000000000000001 /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = B00000000000000000000002 /* AppDelegate.swift */; };
                    /* End PBXBuildFile section */

                    /* Begin PBXFileReference section */
                    \t\tB00000000000000000000002 /* AppDelegate.swift */ = {isa = PBXFileReference; path = AppDelegate.swift; sourceTree = "<group>"; };
                    """
            )
            .replacingOccurrences(
                of: "A1B2C3D4E5F6000000000001 /* Info.plist */,\n",
                with:
                    "A1B2C3D4E5F6000000000001 /* Info.plist */,\n\t\t\t\tB00000000000000000000002 /* AppDelegate.swift */,\n"
            )
            .replacingOccurrences(
                of: "isa = PBXSourcesBuildPhase;\n\t\t\tbuildActionMask = 2147483647;\n\t\t\tfiles = (\n",
                with:
                    "isa = PBXSourcesBuildPhase;\n\t\t\tbuildActionMask = 2147483647;\n\t\t\tfiles = (\n\t\t\t\tB00000000000000000000001 /* AppDelegate.swift in Sources */,\n"
            )
        #expect(edited.components(separatedBy: "B00000000000000000000001").count == 3, "the fixture's layout changed")
        try folder.write("Classic.xcodeproj/project.pbxproj", edited)
        let project = try XcodeProject.open(folder.url.path + "/Classic.xcodeproj")
        #expect(try project.target(named: nil).sourceFiles == ["Classic/AppDelegate.swift"])
    }

    @Test("the project.pbxproj file itself is accepted in place of its folder")
    func pbxprojPath() throws {
        let project = try XcodeProject.open(
            ProjectFixture.path("modern-generated", "Wakeful.xcodeproj/project.pbxproj"))
        #expect(project.targets.count == 2)
    }

    @Test("one application target among others is chosen; --target picks any; unknown names list the targets")
    func targetChoice() throws {
        let project = try XcodeProject.open(ProjectFixture.path("multi-target", "Trips.xcodeproj"))
        #expect(try project.target(named: nil).name == "Trips")
        #expect(try project.target(named: "TripsWidget").productType == "com.apple.product-type.app-extension")
        let error = try #require(throws: DoctorInputError.self) { try project.target(named: "Nope") }
        #expect(
            error.message
                == "has no target named \"Nope\"; its targets are: Trips (application), TripsWidget (app-extension)")
    }

    @Test("two application targets need --target, and the error lists them")
    func twoApps() throws {
        let project = try XcodeProject.open(ProjectFixture.path("multi-target", "TwoApps.xcodeproj"))
        let error = try #require(throws: DoctorInputError.self) { try project.target(named: nil) }
        #expect(error.message == "has 2 application targets (Alpha, Beta); pass --target NAME to choose one")
        #expect(try project.target(named: "Beta").name == "Beta")
    }

    @Test("a project with no application target says so and lists what it has")
    func noApp() throws {
        let folder = try TemporaryFolder()
        let original = try String(
            contentsOfFile: ProjectFixture.path("modern-generated", "Wakeful.xcodeproj/project.pbxproj"),
            encoding: .utf8)
        try folder.write(
            "Kit.xcodeproj/project.pbxproj",
            original.replacingOccurrences(
                of: "\"com.apple.product-type.application\"", with: "\"com.apple.product-type.framework\""))
        let project = try XcodeProject.open(folder.url.path + "/Kit.xcodeproj")
        let error = try #require(throws: DoctorInputError.self) { try project.target(named: nil) }
        #expect(
            error.message
                == "has no application target; pass --target NAME to choose one (targets: Wakeful (framework), WakefulTests (bundle.unit-test))"
        )
    }

    @Test("an unknown configuration lists the available ones")
    func unknownConfiguration() throws {
        let error = try #require(throws: DoctorInputError.self) {
            try ProjectFixture.load("conditional", "Cond.xcodeproj", configuration: "Profile")
        }
        #expect(error.message == "target Cond has no build configuration \"Profile\"; available: Debug, Release")
    }

    @Test("broken: a malformed project.pbxproj is reported with its line")
    func broken() throws {
        let path = try ProjectFixture.path("broken", "Broken.xcodeproj")
        let line = try ProjectFixture.line(
            of: "PRODUCT_BUNDLE_IDENTIFIER = com.example.Wakeful", in: path + "/project.pbxproj")
        let error = try #require(throws: DoctorInputError.self) { try XcodeProject.open(path) }
        #expect(error.file == path + "/project.pbxproj")
        #expect(error.line == line)
        #expect(error.message.hasPrefix("expected ';' after the value of \"PRODUCT_BUNDLE_IDENTIFIER\""))
        #expect(error.description.hasPrefix("\(path)/project.pbxproj:\(line): expected ';'"))
    }

    @Test("paths that are not projects get messages naming what was expected")
    func notProjects() throws {
        let folder = try TemporaryFolder()
        let missing = try #require(throws: DoctorInputError.self) {
            try XcodeProject.open(folder.url.path + "/Nope.xcodeproj")
        }
        #expect(missing.message.hasPrefix("does not exist; expected an Xcode project folder"))
        let file = try folder.write("App.xcodeproj.txt", "x")
        let notFolder = try #require(throws: DoctorInputError.self) { try XcodeProject.open(file) }
        #expect(notFolder.message.hasPrefix("is not a folder"))
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("Empty.xcodeproj"), withIntermediateDirectories: true)
        let empty = try #require(throws: DoctorInputError.self) {
            try XcodeProject.open(folder.url.path + "/Empty.xcodeproj")
        }
        #expect(empty.message.hasPrefix("has no project.pbxproj"))
        try folder.write("Odd.xcodeproj/project.pbxproj", "{ objects = { }; rootObject = X; }")
        let odd = try #require(throws: DoctorInputError.self) {
            try XcodeProject.open(folder.url.path + "/Odd.xcodeproj")
        }
        #expect(odd.message.hasPrefix("has no PBXProject root object"))
        #expect(odd.line == 1)
    }
}
