import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

@Suite("Build settings and their expansion", .watchdog, .cpuBound)
struct BuildSettingsTests {
    private func settings(_ levels: [[(String, String)]], config: String = "Release") -> BuildSettings {
        BuildSettings(
            levels: levels.map { level in
                level.compactMap { BuildSettingAssignment(key: $0.0, value: $0.1, location: nil) }
            },
            parameters: ["sdk": "iphoneos", "arch": "arm64", "config": config])
    }

    @Test("$(VAR) and ${VAR}, nested names, and a bare $VAR left alone")
    func references() {
        let s = settings([
            [
                ("A", "alpha"), ("B", "${A}-$(A)"), ("KIND", "RELEASE"), ("ID_RELEASE", "com.example"),
                ("ID", "$(ID_$(KIND))"),
            ]
        ])
        #expect(s.value(of: "B") == "alpha-alpha")
        #expect(s.value(of: "ID") == "com.example")
        #expect(s.expand("$A and $(A)").value == "$A and alpha")
        #expect(s.expand("cost: $5").value == "cost: $5")
        #expect(s.expand("$(A").value == "$(A")
    }

    @Test("$(inherited) takes the lower level's value, through every level")
    func inherited() {
        let s = settings([
            [("FLAGS", "-a")], [("FLAGS", "$(inherited) -b")], [("FLAGS", "$(inherited) -c")],
            [("OTHER", "$(inherited)")],
        ])
        #expect(s.value(of: "FLAGS") == "-a -b -c")
        #expect(s.value(of: "OTHER") == "")
        #expect(s.expand("$(OTHER)").unknown.isEmpty)
    }

    @Test("a matching condition wins over the plain key; others are skipped; unknown parameters match only *")
    func conditions() {
        // pbxproj order: sorted keys, so the plain key comes first and the conditional one after it.
        let s = settings([
            [
                ("ID", "generic"), ("ID[sdk=iphoneos*]", "ios"), ("ID[sdk=macosx*]", "mac"),
                ("ARCH", "any"), ("ARCH[arch=arm64]", "arm"), ("ARCH[arch=x86_64]", "intel"),
                ("CFG[config=Debug]", "debug"),
                ("V[variant=*]", "star"), ("V[variant=profile]", "profile"),
                ("BOTH[sdk=iphoneos*][config=Release]", "both"),
            ]
        ])
        #expect(s.value(of: "ID") == "ios")
        #expect(s.value(of: "ARCH") == "arm")
        #expect(s.value(of: "CFG") == nil)
        #expect(s.expand("$(CFG)").unknown == ["CFG"])
        #expect(s.value(of: "V") == "star")
        #expect(s.value(of: "BOTH") == "both")
        #expect(settings([[("CFG[config=Debug]", "debug")]], config: "Debug").value(of: "CFG") == "debug")
    }

    @Test("in an xcconfig a later plain line overrides an earlier conditional one")
    func xcconfigOrder() throws {
        let lines = try XCConfigFile.parse("ID[sdk=iphoneos*] = ios\nID = plain\n", file: "a.xcconfig")
        #expect(BuildSettings(levels: [lines], parameters: ["sdk": "iphoneos"]).value(of: "ID") == "plain")
    }

    @Test(
        "modifiers",
        arguments: [
            ("$(NAME:lower)", "my app-2.0"),
            ("$(NAME:upper)", "MY APP-2.0"),
            ("$(NAME:rfc1034identifier)", "My-App-2-0"),
            ("$(NAME:identifier)", "My_App_2_0"),
            ("$(NAME:c99extidentifier)", "My_App_2_0"),
            ("$(DIGIT:rfc1034identifier)", "-app"),
            ("$(DIGIT:identifier)", "_app"),
            ("$(ACCENT:rfc1034identifier)", "Caf-"),
            ("$(PATH:base)", "Info"),
            ("$(PATH:file)", "Info.plist"),
            ("$(PATH:dir)", "Sources/App/"),
            ("$(PATH:suffix)", ".plist"),
            ("$(FILE:dir)", "./"),
            ("$(MISSING:default=fallback)", "fallback"),
            ("$(EMPTY:default=$(NAME:lower))", "my app-2.0"),
            ("$(NAME:default=unused)", "My App-2.0"),
            ("$(NAME:lower:rfc1034identifier)", "my-app-2-0"),
            ("$(NAME:nonsense)", "My App-2.0"),
        ])
    func modifiers(_ text: String, _ expected: String) {
        let s = settings([
            [
                ("NAME", "My App-2.0"), ("DIGIT", "9app"), ("ACCENT", "Café"), ("PATH", "Sources/App/Info.plist"),
                ("FILE", "Info.plist"), ("EMPTY", ""),
            ]
        ])
        let expansion = s.expand(text)
        #expect(expansion.value == expected)
        #expect(expansion.unknown.isEmpty)
    }

    @Test("unknown settings expand to nothing as in Xcode, or stay as written when asked, and are reported")
    func unknown() {
        let s = settings([[("ID", "com.example.$(SUFFIX)"), ("A", "a")]])
        #expect(s.expand("$(ID).$(TEAM)").value == "com.example..")
        #expect(s.expand("$(ID).$(TEAM)").unknown == ["SUFFIX", "TEAM"])
        let kept = s.expand("$(ID).${TEAM:rfc1034identifier}.$(A)", keepingUnknown: true)
        #expect(kept.value == "com.example.$(SUFFIX).${TEAM:rfc1034identifier}.a")
        #expect(kept.unknown == ["SUFFIX", "TEAM"])
    }

    /// xcconfig layering: `PRODUCT_BUNDLE_IDENTIFIER = $(PRODUCT_BUNDLE_IDENTIFIER).beta` extends the
    /// lower level's value; expanding it to nothing emptied bundle identifiers in real projects.
    @Test("a setting that names itself in its own value means the value below it, as $(inherited) does")
    func selfReference() {
        let s = settings([
            [("PRODUCT_BUNDLE_IDENTIFIER", "com.example.app")],
            [("PRODUCT_BUNDLE_IDENTIFIER", "$(PRODUCT_BUNDLE_IDENTIFIER).beta")],
            [("FLAGS", "$(FLAGS) -b")],
        ])
        let expansion = s.expand("$(PRODUCT_BUNDLE_IDENTIFIER)")
        #expect(expansion.value == "com.example.app.beta")
        #expect(expansion.unknown.isEmpty)
        #expect(s.value(of: "FLAGS") == " -b")
    }

    @Test("a cycle through two settings ends, reported as unknown")
    func cycle() {
        let s = settings([[("A", "x$(B)"), ("B", "y$(A)")]])
        let expansion = s.expand("$(A)")
        #expect(expansion.value == "xy")
        #expect(expansion.unknown == ["A"])
    }

    @Test("booleans are read as Xcode reads them")
    func booleans() {
        #expect(["YES", "yes", "Y", "true", "1", "7"].allSatisfy(BuildSettings.boolValue))
        #expect(!["NO", "no", "", "0", "false", " YES"].contains(where: BuildSettings.boolValue))
    }
}
