import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

/// `--format xcode`: every line must be one Xcode's build-log parser turns into an issue with
/// the right severity and place.
@Suite("Xcode output", .watchdog, .cpuBound)
struct XcodeOutputTests {
    /// What Xcode makes of one line of a Run Script phase's output, by the two patterns of
    /// swift-build's `GenericOutputParser` (Sources/SWBCore/SpecImplementations/CommandLineToolSpec.swift,
    /// swiftlang/swift-build 41aee626), with the tool-name alternative left out.
    struct Parsed: Equatable {
        var kind: String
        var file: String?
        var line: Int?
        var column: Int?
        var message: String
    }

    static func parse(_ line: String) throws -> Parsed? {
        let diagnostic = try NSRegularExpression(
            pattern: #"^([^'"]+: +|[ \t\f\p{Z}]*)(error|warning|note|notice|fixit): (.*)$"#)
        let location = try NSRegularExpression(pattern: #"^([^:]+):(?:([0-9]+):)?(?:([0-9]+):)? +$"#)
        func groups(_ regex: NSRegularExpression, _ text: String) -> [String?]? {
            guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else {
                return nil
            }
            return (1..<match.numberOfRanges).map { Range(match.range(at: $0), in: text).map { String(text[$0]) } }
        }
        guard let parts = groups(diagnostic, line) else { return nil }
        let place = groups(location, parts[0] ?? "") ?? []
        func part(_ index: Int) -> String? { place.indices.contains(index) ? place[index] : nil }
        return Parsed(
            kind: parts[1] ?? "", file: part(0), line: part(1).flatMap { Int($0) }, column: part(2).flatMap { Int($0) },
            message: parts[2] ?? "")
    }

    private func parsedLines(_ output: String) throws -> [Parsed] {
        try output.split(separator: "\n").map { line in
            try #require(try Self.parse(String(line)), "Xcode would show \"\(line)\" as a plain note")
        }
    }

    @Test("the parser model agrees with swift-build's own test lines")
    func parserModel() throws {
        #expect(
            try Self.parse("../file: error: an error, no line")
                == Parsed(kind: "error", file: "../file", message: "an error, no line"))
        #expect(
            try Self.parse("file:1:1: warning: a warning with line and column numbers")
                == Parsed(
                    kind: "warning", file: "file", line: 1, column: 1, message: "a warning with line and column numbers"
                ))
        #expect(try Self.parse("Compile foo.c") == nil)
    }

    @Test("findings become path:line:column diagnostics, path alone when there is no line")
    func lineForms() throws {
        let lines = try parsedLines(ReportFixture.mixed.xcode(strict: false))
        #expect(
            lines[0]
                == Parsed(
                    kind: "error", file: "MyApp/Info.plist",
                    message:
                        "UIBackgroundModes: location is needed by RegionMonitor but not declared. Add <string>location</string> to UIBackgroundModes. [mode-not-declared; BGT-2]"
                ))
        #expect(
            lines[1]
                == Parsed(
                    kind: "error", file: "MyApp/Info.plist", line: 14, column: 13,
                    message:
                        "UIBackgroundModes: Audio is not a background mode iOS knows. Did you mean audio? [unknown-mode]"
                ))
        #expect(lines[2].kind == "warning" && lines[2].line == 12 && lines[2].column == nil)
        #expect(lines[2].message.hasSuffix("[review-risk; guideline 2.5.4; REVIEW-1]"))
        #expect(
            lines[3]
                == Parsed(
                    kind: "note", file: "MyApp/Info.plist", line: 12,
                    message: "suggested reviewer note: The app places VoIP calls with CallKit."))
        #expect(lines[4].kind == "warning" && lines[4].line == 9)
        #expect(
            lines[5]
                == Parsed(
                    kind: "note", file: "MyApp/Info.plist", line: 15, column: 13,
                    message: "UIBackgroundModes: fetch: also here [duplicate]"))
        #expect(
            lines[6]
                == Parsed(
                    kind: "note", file: "MyApp/Info.plist", line: 16,
                    message: "UIBackgroundModes: fetch: also here [duplicate]"))
        #expect(
            lines[7]
                == Parsed(
                    kind: "note", file: "MyApp/Info.plist", line: 11, column: 5,
                    message:
                        "UIBackgroundModes: audio: low App Review risk (guideline 2.5.4); --explain for the reviewer note [review-risk]"
                ))
        #expect(lines.count == 8, "no tally: Xcode would show it as one more note")
    }

    @Test("--explain gives notes in full with their reviewer notes")
    func explain() throws {
        let lines = try parsedLines(ReportFixture.report([ReportFixture.lowRisk]).xcode(strict: false, explain: true))
        #expect(lines.map(\.kind) == ["note", "note"])
        #expect(
            lines[0].message.hasPrefix(
                "UIBackgroundModes: audio: low App Review risk, accepted when it plays audible content"))
        #expect(lines[1].message == "suggested reviewer note: The app plays podcast episodes the user started.")
    }

    @Test("--strict prints warnings as errors, so the failed build shows why")
    func strict() throws {
        let kinds = try parsedLines(ReportFixture.mixed.xcode(strict: true)).map(\.kind)
        #expect(kinds == ["error", "error", "error", "note", "error", "note", "note", "note"])
    }

    @Test("a path Xcode cannot parse moves into the message and keeps the severity")
    func awkwardPaths() throws {
        for file in [#"My "App"/Info.plist"#, "C:/Info.plist", "Bob's App/Info.plist"] {
            var finding = ReportFixture.typo
            finding.location?.file = file
            let line = try #require(try Self.parse(ReportFixture.report([finding]).xcode(strict: false)))
            #expect(line.kind == "error" && line.file == nil)
            #expect(line.message.hasPrefix("\(file):14:13: UIBackgroundModes:"))
        }
    }

    @Test("a message cannot smuggle in another diagnostic or line")
    func messageSafety() throws {
        var finding = ReportFixture.typo
        finding.value = "x: error: y"
        finding.message = "x: error: y is not a mode.\nRemove it."
        let output = ReportFixture.report([finding]).xcode(strict: false)
        #expect(!output.contains("\n"))
        let line = try #require(try Self.parse(output))
        #expect(line.file == "MyApp/Info.plist" && line.line == 14 && line.kind == "error")
        #expect(line.message.hasPrefix("UIBackgroundModes: x: error - y is not a mode. Remove it."))
    }

    @Test("a clean report prints nothing; accepted findings are left out; stale entries are notes on the baseline")
    func baseline() throws {
        #expect(ReportFixture.report([]).xcode(strict: true).isEmpty)
        let baseline = DoctorBaseline(
            file: "/work/checkout/.wakeful-doctor.json",
            entries: [
                .init(check: .unknownMode, key: "UIBackgroundModes", value: "Audio", reason: "Fixed upstream"),
                .init(check: .duplicate, key: "UIBackgroundModes", value: "remote-notification", reason: "Gone"),
            ])
        let report = baseline.apply(to: ReportFixture.report([ReportFixture.typo]))
        let lines = try parsedLines(report.xcode(strict: false))
        #expect(
            lines == [
                Parsed(
                    kind: "note", file: "/work/checkout/.wakeful-doctor.json",
                    message:
                        "accepted[1] (duplicate, UIBackgroundModes, remote-notification) matches no finding; remove it, so that it cannot hide a new one"
                )
            ])
    }

    @Test("every check's finding is a diagnostic")
    func everyCheck() throws {
        let lines = try parsedLines(ReportFixture.report(ReportFixture.everyCheck).xcode(strict: false, explain: true))
        #expect(lines.filter { !$0.message.hasPrefix("suggested reviewer note") }.count == Finding.Check.allCases.count)
    }
}
