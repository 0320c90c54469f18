import Foundation
import Testing
import WakefulDoctor

/// Reports, baselines and schemas for the output and baseline tests, built in memory so that
/// each test states the findings it is about.
enum ReportFixture {
    /// The path of `Fixtures/<kind>/<name>` in the test bundle's resources.
    static func path(_ name: String, in kind: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> String
    {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/\(kind)"),
            "no fixture Fixtures/\(kind)/\(name)", sourceLocation: sourceLocation)
        return url.path
    }

    /// The official SARIF 2.1.0 schema (`Fixtures/sarif/sarif-schema-2.1.0.json`).
    static func sarifSchema() throws -> JSONSchema {
        try JSONSchema(data: Data(contentsOf: URL(fileURLWithPath: try path("sarif-schema-2.1.0.json", in: "sarif"))))
    }

    /// A report with these findings on `MyApp/Info.plist`.
    static func report(_ findings: [Finding], plist: String = "MyApp/Info.plist") -> DoctorReport {
        DoctorReport(
            plist: plist, format: .xml, configuration: nil, declaredModes: ["audio", "location"],
            permittedIdentifiers: [], findings: findings)
    }

    /// A missing mode: an error with no line, as a key missing from the file has none.
    static let missingMode = Finding(
        .error, .modeNotDeclared, key: "UIBackgroundModes", value: "location",
        message:
            "location is needed by RegionMonitor but not declared. Add <string>location</string> to UIBackgroundModes.",
        rules: ["BGT-2"])

    /// A typo with its line and column.
    static let typo = Finding(
        .error, .unknownMode, key: "UIBackgroundModes", value: "Audio",
        message: "Audio is not a background mode iOS knows. Did you mean audio?",
        location: Finding.Location(file: "MyApp/Info.plist", line: 14, column: 13))

    /// A high-risk mode: a warning with a reviewer note, on a line without a column.
    static let highRisk = Finding(
        .warning, .reviewRisk, key: "UIBackgroundModes", value: "voip",
        message:
            "voip: high App Review risk, accepted only for VoIP calls through CallKit. Put the suggested reviewer note, filled in, under App Review Information in App Store Connect.",
        rules: ["REVIEW-1"], guideline: "2.5.4", reviewerNote: "The app places VoIP calls with CallKit.",
        location: Finding.Location(file: "MyApp/Info.plist", line: 12))

    /// A low-risk mode: a note with a reviewer note.
    static let lowRisk = Finding(
        .note, .reviewRisk, key: "UIBackgroundModes", value: "audio",
        message:
            "audio: low App Review risk, accepted when it plays audible content the user started. Put the suggested reviewer note, filled in, under App Review Information in App Store Connect.",
        rules: ["REVIEW-1"], guideline: "2.5.4", reviewerNote: "The app plays podcast episodes the user started.",
        location: Finding.Location(file: "MyApp/Info.plist", line: 11, column: 5))

    /// A repeated value, with the repeats as related locations.
    static let repeated = Finding(
        .warning, .duplicate, key: "UIBackgroundModes", value: "fetch",
        message: "fetch is listed 3 times. Remove the repeats.",
        location: Finding.Location(file: "MyApp/Info.plist", line: 9, column: 13),
        related: [
            Finding.Location(file: "MyApp/Info.plist", line: 15, column: 13),
            Finding.Location(file: "MyApp/Info.plist", line: 16),
        ])

    /// A finding in a source file, by absolute path.
    static let sourceCall = Finding(
        .error, .modeUsedNotDeclared, key: "UIBackgroundModes", value: "bluetooth-central",
        message: "CBCentralManager scans in the background, which needs bluetooth-central. Declare it.",
        location: Finding.Location(file: "/work/checkout/MyApp/Sources/Scanner.swift", line: 42, column: 9))

    /// One finding of every check, severities as the checks give them, every other one without a location.
    static var everyCheck: [Finding] {
        Finding.Check.allCases.enumerated().map { index, check in
            Finding(
                check.rule.level, check, key: "Key\(index)", value: index.isMultiple(of: 3) ? nil : "value-\(index)",
                message: "\(check.rule.short). Change it.", rules: ["RULE-\(index)"],
                guideline: index.isMultiple(of: 4) ? "2.5.4" : nil,
                reviewerNote: index.isMultiple(of: 5) ? "A note for App Review." : nil,
                location: index.isMultiple(of: 2)
                    ? Finding.Location(
                        file: "MyApp/Info.plist", line: index + 1, column: index.isMultiple(of: 4) ? 3 : nil) : nil)
        }
    }

    /// The typical mix: errors with and without lines, a warning, a note, related locations.
    static var mixed: DoctorReport { report([missingMode, typo, highRisk, repeated, lowRisk]) }
}
