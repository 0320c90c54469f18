import Foundation
import Testing
@testable import WakefulDoctor
import WakefulTestSupport

/// `--format sarif`: valid against the official schema, and shaped as GitHub code scanning needs.
@Suite("SARIF output", .watchdog, .cpuBound)
struct SARIFOutputTests {
    private func parse(_ sarif: String) throws -> (log: [String: Any], run: [String: Any], results: [[String: Any]]) {
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        return (log, run, run["results"] as? [[String: Any]] ?? [])
    }

    private func expectValid(_ sarif: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let errors = try ReportFixture.sarifSchema().validate(json: sarif)
        #expect(errors == [], "\(errors.prefix(5))", sourceLocation: sourceLocation)
    }

    private static func physical(_ result: [String: Any], _ list: String = "locations") -> [[String: Any]] {
        (result[list] as? [[String: Any]] ?? []).compactMap { $0["physicalLocation"] as? [String: Any] }
    }

    @Test("reports with and without locations, an empty one and one of every check are valid SARIF 2.1.0")
    func validAgainstSchema() throws {
        let options = SARIFOptions(
            toolVersion: "1.4.0", informationURI: "https://example.com/wakeful", sourceRoot: "/work/checkout")
        for report in [
            ReportFixture.mixed, ReportFixture.report([]), ReportFixture.report(ReportFixture.everyCheck),
            ReportFixture.report([ReportFixture.missingMode]), ReportFixture.report([ReportFixture.sourceCall]),
        ] {
            try expectValid(report.sarif(strict: false))
            try expectValid(report.sarif(strict: true, options: options))
        }
    }

    @Test("accepted findings are suppressed results with the baseline's reason; stale entries are configuration notes")
    func suppressions() throws {
        let baseline = DoctorBaseline(
            file: "/work/checkout/.wakeful-doctor.json",
            entries: [
                .init(check: .reviewRisk, key: "UIBackgroundModes", value: "voip", reason: "Calling app: CallKit"),
                .init(check: .whitespace, key: "UIBackgroundModes", value: "fetch ", reason: "Fixed already"),
            ])
        let report = baseline.apply(to: ReportFixture.mixed, workingDirectory: "/work/checkout")
        let sarif = report.sarif(strict: true, options: SARIFOptions(sourceRoot: "/work/checkout"))
        try expectValid(sarif)
        let (_, run, results) = try parse(sarif)
        #expect(results.count == 5)
        let suppressed = results.filter { $0["suppressions"] != nil }
        #expect(suppressed.count == 1)
        #expect(suppressed.first?["ruleId"] as? String == "review-risk")
        let suppression = try #require((suppressed.first?["suppressions"] as? [[String: Any]])?.first)
        #expect(suppression["kind"] as? String == "external")
        #expect(suppression["justification"] as? String == "Calling app: CallKit")
        #expect((suppressed.first?["properties"] as? [String: Any])?["baselineEntry"] as? String == "accepted[0]")
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        // The accepted warning no longer fails --strict, the errors still do.
        #expect(invocation["exitCode"] as? Int == 1)
        #expect(invocation["executionSuccessful"] as? Bool == true)
        let notes = try #require(invocation["toolConfigurationNotifications"] as? [[String: Any]])
        #expect(notes.count == 1)
        #expect(
            ((notes[0]["message"] as? [String: Any])?["text"] as? String)?.hasPrefix(
                "accepted[1] (whitespace, UIBackgroundModes, fetch ) matches no finding") == true)
        #expect(
            Self.physical(notes[0]).first.flatMap { ($0["artifactLocation"] as? [String: Any])?["uri"] as? String }
                == ".wakeful-doctor.json")
    }

    @Test("every result has a location; a finding with no line points at its file, with no region")
    func locations() throws {
        let (_, _, results) = try parse(ReportFixture.mixed.sarif(strict: false))
        for result in results {
            #expect(Self.physical(result).count == 1, "GitHub rejects a log with a result without a location")
        }
        let missing = Self.physical(results[0])[0]
        #expect((missing["artifactLocation"] as? [String: Any])?["uri"] as? String == "MyApp/Info.plist")
        #expect((missing["artifactLocation"] as? [String: Any])?["uriBaseId"] as? String == "%SRCROOT%")
        #expect(missing["region"] == nil)
        let typo = Self.physical(results[1])[0]["region"] as? [String: Any]
        #expect(typo?["startLine"] as? Int == 14 && typo?["startColumn"] as? Int == 13)
        let noColumn = Self.physical(results[2])[0]["region"] as? [String: Any]
        #expect(noColumn?["startLine"] as? Int == 12 && noColumn?["startColumn"] == nil)
        let related = Self.physical(results[3], "relatedLocations").map {
            ($0["region"] as? [String: Any])?["startLine"] as? Int
        }
        #expect(related == [15, 16])
        #expect((results[3]["relatedLocations"] as? [[String: Any]])?.map { $0["id"] as? Int } == [1, 2])
    }

    @Test("absolute paths are relative to %SRCROOT% under the source root, file URIs elsewhere")
    func uris() throws {
        let report = ReportFixture.report(
            [ReportFixture.sourceCall, ReportFixture.typo], plist: "/elsewhere/My App/Info.plist")
        let inside = try parse(report.sarif(strict: false, options: SARIFOptions(sourceRoot: "/work/checkout/")))
        let artifact = Self.physical(inside.results[0])[0]["artifactLocation"] as? [String: Any]
        #expect(artifact?["uri"] as? String == "MyApp/Sources/Scanner.swift")
        #expect(artifact?["uriBaseId"] as? String == "%SRCROOT%")
        let base = (inside.run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any]
        #expect(base?["uri"] as? String == "file:///work/checkout/")
        let outside = try parse(report.sarif(strict: false))
        let absolute = Self.physical(outside.results[0])[0]["artifactLocation"] as? [String: Any]
        #expect(absolute?["uri"] as? String == "file:///work/checkout/MyApp/Sources/Scanner.swift")
        #expect(absolute?["uriBaseId"] == nil)
        let spaced = ReportFixture.report([ReportFixture.missingMode], plist: "/elsewhere/My App/Info.plist").sarif(
            strict: false)
        #expect(spaced.contains(#""uri" : "file:///elsewhere/My%20App/Info.plist""#))
        try expectValid(spaced)
    }

    @Test("one rule per check that appears, in a fixed order, each result pointing at its rule")
    func rules() throws {
        let (_, run, results) = try parse(
            ReportFixture.mixed.sarif(
                strict: false,
                options: SARIFOptions(toolVersion: "1.4.0", informationURI: "https://example.com/wakeful")))
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "wakeful doctor")
        #expect(driver["semanticVersion"] as? String == "1.4.0")
        #expect(driver["informationUri"] as? String == "https://example.com/wakeful")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ["unknown-mode", "duplicate", "mode-not-declared", "review-risk"])
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
        let review = rules[3]
        #expect((review["defaultConfiguration"] as? [String: Any])?["level"] as? String == "note")
        for field in ["shortDescription", "fullDescription", "help"] {
            #expect(((review[field] as? [String: Any])?["text"] as? String)?.isEmpty == false)
        }
        #expect(results.map { $0["level"] as? String } == ["error", "error", "warning", "warning", "note"])
        let properties = try #require(results[2]["properties"] as? [String: Any])
        #expect(properties["rules"] as? [String] == ["REVIEW-1"])
        #expect(properties["guideline"] as? String == "2.5.4")
        #expect(properties["reviewerNote"] as? String == "The app places VoIP calls with CallKit.")
    }

    @Test("fingerprints stay when lines move and differ between findings; same report, same bytes")
    func fingerprints() throws {
        func fingerprints(_ report: DoctorReport) throws -> [String] {
            try parse(report.sarif(strict: false)).results.map {
                try #require(($0["partialFingerprints"] as? [String: String])?["wakefulDoctorIdentity/v1"])
            }
        }
        var moved = ReportFixture.mixed
        for index in moved.findings.indices { moved.findings[index].location?.line? += 7 }
        #expect(try fingerprints(ReportFixture.mixed) == fingerprints(moved))
        let all = try fingerprints(
            ReportFixture.report(ReportFixture.everyCheck + [ReportFixture.typo, ReportFixture.typo]))
        #expect(Set(all).count == all.count, "a repeat gets its own fingerprint")
        #expect(all.allSatisfy { $0.count == 16 && $0.allSatisfy(\.isHexDigit) })
        #expect(ReportFixture.mixed.sarif(strict: true) == ReportFixture.mixed.sarif(strict: true))
    }

    @Test("FNV-1a matches its published test vectors")
    func fnv() {
        // From the FNV reference (draft-eastlake-fnv): "" and "a" for 64-bit FNV-1a.
        #expect(DoctorReport.fnv1a64("") == "cbf29ce484222325")
        #expect(DoctorReport.fnv1a64("a") == "af63dc4c8601ec8c")
        #expect(DoctorReport.fnv1a64("foobar") == "85944171f73967e8")
    }

    @Test("input that cannot be checked is a failed invocation with no results")
    func inputError() throws {
        let sarif = DoctorInputError(file: "MyApp/Info.plist", message: "is not a property list").sarif(
            options: SARIFOptions(toolVersion: "1.4.0"))
        try expectValid(sarif)
        let (_, run, _) = try parse(sarif)
        #expect(run["results"] == nil, "an empty array would tell GitHub every alert was fixed")
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        #expect(invocation["exitCode"] as? Int == 2)
        let notification = try #require((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        #expect(
            (notification["message"] as? [String: Any])?["text"] as? String
                == "MyApp/Info.plist: is not a property list")
        try expectValid(DoctorInputError(file: "--setup", message: "needs --config").sarif())
    }
}
