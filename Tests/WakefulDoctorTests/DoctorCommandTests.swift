import ArgumentParser
import Foundation
import Testing
@testable import WakefulCLI
import WakefulDoctor
import WakefulTestSupport

/// `wakeful doctor` from its arguments: parsed by the real command, run in-process.
@Suite("wakeful doctor: arguments, exit statuses and output", .watchdog, .cpuBound)
struct DoctorCommandTests {
    /// Parses `wakeful doctor ARGUMENTS` through the root command and runs the request.
    func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> DoctorOutcome {
        let parsed = try WakefulCommand.parseAsRoot(["doctor"] + arguments)
        let command = try #require(parsed as? Doctor, "parsed as \(type(of: parsed))", sourceLocation: sourceLocation)
        return command.request.run()
    }

    @Test("0 clean, 1 problems, 2 input that cannot be checked")
    func statuses() throws {
        let clean = try run([
            "--plist", try Fixture.path("overnight-sync.plist"), "--config",
            try Fixture.path("overnight-sync.json", in: "configs"),
        ])
        #expect(clean.status == 0, "\(clean.output)")
        let problems = try run([
            "--plist", try Fixture.path("mode-missing.plist"), "--config",
            try Fixture.path("gas-station.json", in: "configs"),
        ])
        #expect(problems.status == 1)
        #expect(!problems.isError)
        for bad in ["not-a-plist.plist", "top-level-array.plist", "empty.plist"] {
            let outcome = try run(["--plist", try Fixture.path(bad)])
            #expect(outcome.status == 2, "\(bad)")
            #expect(outcome.isError)
            #expect(outcome.output.hasPrefix("error: \(try Fixture.path(bad)): "))
        }
        #expect(try run(["--plist", "/nonexistent/Info.plist"]).status == 2)
        let badConfig = try run([
            "--plist", try Fixture.path("chat.plist"), "--config",
            try Fixture.path("unknown-strategy.json", in: "configs"),
        ])
        #expect(badConfig.status == 2)
        #expect(badConfig.output.contains("strategies[0]"))
        #expect(try run(["--plist", try Fixture.path("chat.plist"), "--setup", "TaskExtension"]).status == 2)
    }

    @Test("--strict turns warnings into failures")
    func strict() throws {
        let path = try Fixture.path("every-mode.plist")
        #expect(try run(["--plist", path]).status == 0)
        let strict = try run(["--plist", path, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.output.contains("exit status 1 (--strict: warnings fail)"))
    }

    @Test("--bundle-id expands $(PRODUCT_BUNDLE_IDENTIFIER)")
    func bundleID() throws {
        let plist = try Fixture.path("placeholders.plist"),
            config = try Fixture.path("placeholders.json", in: "configs")
        #expect(try run(["--plist", plist, "--config", config, "--bundle-id", "com.example.trips"]).status == 0)
        #expect(try run(["--plist", plist, "--config", config, "--bundle-id", "com.example.other"]).status == 1)
    }

    @Test("--format json: one object with the findings, the tally and the status")
    func json() throws {
        let outcome = try run([
            "--plist", try Fixture.path("identifier-missing.plist"), "--config",
            try Fixture.path("overnight-sync.json", in: "configs"), "--format", "json",
        ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        #expect(object["status"] as? Int == 1)
        #expect(object["format"] as? String == "xml")
        #expect((object["configuration"] as? String)?.hasSuffix("overnight-sync.json, setup ScheduledRefresh") == true)
        #expect(object["declaredModes"] as? [String] == ["fetch", "processing"])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let first = try #require(findings.first)
        #expect(first["severity"] as? String == "error")
        #expect(first["check"] as? String == "identifier-not-permitted")
        #expect(first["key"] as? String == "BGTaskSchedulerPermittedIdentifiers")
        #expect(first["value"] as? String == "com.wakeful.sync")
        #expect(first["rules"] as? [String] == ["BGT-9"])
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary["errors"] == 1)
        #expect(summary["warnings"] == 1)

        let alone = try run(["--plist", try Fixture.path("chat.plist"), "--format", "json"])
        let aloneObject = try #require(
            try JSONSerialization.jsonObject(with: Data(alone.output.utf8)) as? [String: Any])
        #expect(aloneObject["configuration"] is NSNull)
    }

    @Test("--format json reports bad input as JSON too, with status 2")
    func jsonError() throws {
        let outcome = try run(["--plist", try Fixture.path("top-level-array.plist"), "--format", "json"])
        #expect(outcome.status == 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any])
        #expect((error["message"] as? String)?.contains("expected a dictionary") == true)
        #expect(object["status"] as? Int == 2)
    }

    @Test(
        "the text report names the file, the format and each finding's key and rules; notes in full only with --explain"
    )
    func text() throws {
        let arguments = [
            "--plist", try Fixture.path("mode-missing.binary.plist"), "--config",
            try Fixture.path("gas-station.json", in: "configs"),
        ]
        let outcome = try run(arguments)
        #expect(outcome.output.contains("mode-missing.binary.plist (binary) checked against"))
        #expect(
            outcome.output.contains(
                "error: UIBackgroundModes: location is needed by LowPowerLocationKeepAlive but not declared"))
        #expect(!outcome.output.contains("Suggested reviewer note:"))
        #expect(outcome.output.contains("--explain for the reviewer note"))
        #expect(try run(arguments + ["--explain"]).output.contains("Suggested reviewer note:"))
        #expect(outcome.output.hasSuffix("1 error, 1 warning, 1 note; exit status 1"))
    }

    @Test("a project as the path argument, or the one .xcodeproj in the folder, needs no option")
    func projectWithoutOptions() throws {
        let project = try ProjectFixture.path("classic-infoplist", "Classic.xcodeproj")
        let outcome = try run([project])
        #expect(!outcome.isError, "\(outcome.output)")
        #expect(try run(["--project", project]).output == outcome.output)
        #expect(!(try run([project + "/"]).isError))
        #expect(throws: (any Error).self) { try WakefulCommand.parseAsRoot(["doctor", project, "--plist", "x.plist"]) }
        let folder = try TemporaryFolder()
        #expect(throws: (any Error).self) { try Doctor.onlyProject(in: folder.url) }
        try folder.write("App.xcodeproj/project.pbxproj", "// !$*UTF8*$!")
        #expect(try Doctor.onlyProject(in: folder.url) == "App.xcodeproj")
        try folder.write("Other.xcodeproj/project.pbxproj", "// !$*UTF8*$!")
        do {
            _ = try Doctor.onlyProject(in: folder.url)
            Issue.record("two projects must be a usage error")
        } catch {
            #expect("\(error)".contains("2 projects in"))
        }
    }

    @Test("no app named, in a folder without a project, is a usage error; --help has examples")
    func usage() throws {
        #expect(throws: (any Error).self) { try WakefulCommand.parseAsRoot(["doctor"]) }
        let help = Doctor.helpMessage()
        #expect(help.contains("Examples:"))
        #expect(help.contains("wakeful doctor --plist MyApp/Info.plist --config wakeful.json"))
        for option in ["--plist", "--config", "--setup", "--bundle-id", "--strict", "--format"] {
            #expect(help.contains(option))
        }
    }
}
