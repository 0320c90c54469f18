import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

/// `.wakeful-doctor.json`: reading it strictly, applying it, finding it and writing one.
@Suite("Baseline", .watchdog, .cpuBound)
struct BaselineTests {
    private func load(_ name: String) throws(DoctorInputError) -> DoctorBaseline {
        let path = (try? ReportFixture.path(name, in: "baselines")) ?? name
        return try DoctorBaseline.load(contentsOf: URL(fileURLWithPath: path), file: name)
    }

    private func loadError(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> DoctorInputError? {
        do {
            _ = try load(name)
            Issue.record("\(name) was accepted", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    /// A fresh folder under the temporary directory, removed by the caller.
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "baseline-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a valid file reads in order, with optional value and file")
    func valid() throws {
        let baseline = try load("accepted.json")
        #expect(baseline.entries.count == 3)
        #expect(
            baseline.entries[0]
                == .init(
                    check: .reviewRisk, key: "UIBackgroundModes", value: "voip", file: "MyApp/Info.plist",
                    reason: "Calling app: VoIP calls go through CallKit; the reviewer note says so"))
        #expect(baseline.entries[1].file == nil)
        #expect(
            baseline.folder
                == URL(fileURLWithPath: try ReportFixture.path("accepted.json", in: "baselines"))
                .deletingLastPathComponent().standardizedFileURL.path)
    }

    @Test(
        "bad files name the file, the field and the expected form",
        arguments: [
            ("not-json.json", nil, "is not JSON"),
            ("wrong-version.json", "version", "is 2; expected 1"),
            (
                "unknown-check.json", "accepted[1].check",
                "\"reviewrisk\" is not a check; expected one of wrong-type, unknown-mode,"
            ),
            (
                "misspelt-field.json", "accepted[0].reson",
                "is not an entry field; expected only \"check\", \"key\", \"value\", \"file\" and \"reason\""
            ),
            (
                "missing-key.json", "accepted[0].key",
                "is missing; expected {\"version\": 1, \"accepted\": [{\"check\": \"review-risk\""
            ),
            ("repeated-entry.json", "accepted[1]", "accepts the same findings as accepted[0]"),
        ] as [(String, String?, String)])
    func invalid(_ name: String, _ field: String?, _ message: String) throws {
        let error = try #require(loadError(name))
        #expect(error.file == name)
        #expect(error.field == field)
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test(
        "other structural mistakes",
        arguments: [
            (#"[]"#, nil, "is not a JSON object"),
            (#"{"version": 1}"#, "accepted", "is missing; expected an array of entries"),
            (#"{"version": true, "accepted": []}"#, "version", "is a boolean; expected 1"),
            (#"{"version": 1, "accepted": [], "ignored": []}"#, "ignored", "is not a baseline field"),
            (#"{"version": 1, "accepted": ["review-risk"]}"#, "accepted[0]", "is a string; expected an object"),
            (
                #"{"version": 1, "accepted": [{"check": "duplicate", "key": "K", "value": 3, "reason": "r"}]}"#,
                "accepted[0].value", "is 3; expected a string"
            ),
            (
                #"{"version": 1, "accepted": [{"check": "duplicate", "key": " ", "reason": "r"}]}"#, "accepted[0].key",
                "is empty"
            ),
        ] as [(String, String?, String)])
    func structure(_ json: String, _ field: String?, _ message: String) {
        #expect {
            _ = try DoctorBaseline.decode(Data(json.utf8), file: "b.json")
        } throws: { error in
            guard let error = error as? DoctorInputError else { return false }
            return error.field == field && error.message.contains(message) && error.file == "b.json"
        }
    }

    @Test("entries without a reason are all named")
    func unreasoned() throws {
        let error = try #require(loadError("unreasoned.json"))
        #expect(error.field == "accepted[0].reason")
        #expect(
            error.message.hasPrefix("is empty (so are accepted[2].reason); expected why the team accepts the finding"))
        #expect(error.description.hasPrefix("unreasoned.json: accepted[0].reason: is empty"))
    }

    @Test("applying moves matched findings out of the count and the status, and reports stale entries")
    func apply() throws {
        let baseline = try load("accepted.json")
        // The fixture's folder is the baseline's: its relative `file` resolves there.
        let folder = baseline.folder
        let report = baseline.apply(to: ReportFixture.mixed, workingDirectory: folder)
        #expect(report.accepted.map(\.finding) == [ReportFixture.missingMode, ReportFixture.highRisk])
        #expect(report.accepted.map(\.entry) == [1, 0])
        #expect(report.findings == [ReportFixture.typo, ReportFixture.repeated, ReportFixture.lowRisk])
        #expect(report.staleEntries == [DoctorReport.StaleEntry(index: 2, entry: baseline.entries[2])])
        #expect(report.status(strict: false) == 1, "the typo is not accepted")
        #expect(report.count(.error) == 1 && report.count(.warning) == 1)
        let clean = DoctorBaseline(
            file: "b.json", folder: folder,
            entries: [
                .init(check: .unknownMode, key: "UIBackgroundModes", value: "Audio", reason: "r"),
                .init(check: .duplicate, key: "UIBackgroundModes", value: "fetch", reason: "r"),
            ]
        ).apply(to: report, workingDirectory: folder)
        #expect(clean.status(strict: true) == 0)
    }

    @Test("value and file narrow what an entry accepts")
    func matching() {
        let report = ReportFixture.report([ReportFixture.typo, ReportFixture.sourceCall])
        func accepted(_ entry: DoctorBaseline.Entry, folder: String = "/work/checkout") -> Int {
            DoctorBaseline(file: "b.json", folder: folder, entries: [entry]).apply(
                to: report, workingDirectory: "/work/checkout"
            ).accepted.count
        }
        #expect(accepted(.init(check: .unknownMode, key: "UIBackgroundModes", value: "Audio", reason: "r")) == 1)
        #expect(
            accepted(.init(check: .unknownMode, key: "UIBackgroundModes", reason: "r")) == 0,
            "no value matches only findings without one")
        #expect(accepted(.init(check: .unknownMode, key: "UIBackgroundModes", value: "audio", reason: "r")) == 0)
        #expect(
            accepted(
                .init(
                    check: .unknownMode, key: "UIBackgroundModes", value: "Audio", file: "MyApp/Info.plist", reason: "r"
                )) == 1)
        #expect(
            accepted(
                .init(
                    check: .unknownMode, key: "UIBackgroundModes", value: "Audio", file: "Other/Info.plist", reason: "r"
                )) == 0)
        #expect(
            accepted(
                .init(
                    check: .unknownMode, key: "UIBackgroundModes", value: "Audio", file: "../MyApp/Info.plist",
                    reason: "r"), folder: "/work/checkout/config") == 1)
        #expect(
            accepted(
                .init(
                    check: .modeUsedNotDeclared, key: "UIBackgroundModes", value: "bluetooth-central",
                    file: "/work/checkout/MyApp/Sources/Scanner.swift", reason: "r")) == 1)
        // Written on a laptop, read on CI where the checkout lives elsewhere: the trailing path still matches.
        #expect(
            accepted(
                .init(
                    check: .modeUsedNotDeclared, key: "UIBackgroundModes", value: "bluetooth-central",
                    file: "MyApp/Sources/Scanner.swift", reason: "r"), folder: "/Users/me/Code") == 1)
    }

    @Test("discovery walks up from the start folder to the nearest file, and stops at the root")
    func discovery() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let deep = root.appendingPathComponent("App/Sources/Info", isDirectory: true)
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        #expect(
            DoctorBaseline.discover(from: deep.path) == nil
                || !DoctorBaseline.discover(from: deep.path)!.hasPrefix(root.path))
        let top = root.appendingPathComponent(DoctorBaseline.fileName)
        try Data(#"{"version": 1, "accepted": []}"#.utf8).write(to: top)
        #expect(DoctorBaseline.discover(from: deep.path) == top.standardizedFileURL.path)
        let nearer = root.appendingPathComponent("App/\(DoctorBaseline.fileName)")
        try Data(#"{"version": 1, "accepted": []}"#.utf8).write(to: nearer)
        #expect(
            DoctorBaseline.discover(from: "Sources/Info", workingDirectory: root.appendingPathComponent("App").path)
                == nearer.standardizedFileURL.path)
        // A folder of that name is not a baseline.
        try FileManager.default.createDirectory(
            at: deep.appendingPathComponent(DoctorBaseline.fileName), withIntermediateDirectories: true)
        #expect(DoctorBaseline.discover(from: deep.path) == nearer.standardizedFileURL.path)
        let resolved = try DoctorBaseline.resolve(explicit: nil, startingAt: deep.path)
        #expect(resolved?.file == nearer.standardizedFileURL.path && resolved?.entries == [])
    }

    @Test("--baseline names the file; a missing one is an input error")
    func explicit() throws {
        let path = try ReportFixture.path("accepted.json", in: "baselines")
        #expect(try DoctorBaseline.resolve(explicit: path, startingAt: "/")?.entries.count == 3)
        #expect(throws: DoctorInputError.self) {
            try DoctorBaseline.resolve(explicit: "/no/such/.wakeful-doctor.json", startingAt: "/")
        }
    }

    @Test("--write-baseline writes errors and warnings with empty reasons, which then fail to read")
    func writeBaseline() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(DoctorBaseline.fileName).path
        let report = ReportFixture.report(
            ReportFixture.mixed.findings + [ReportFixture.sourceCall],
            plist: folder.appendingPathComponent("MyApp/Info.plist").path)
        let template = DoctorBaseline.template(for: report, file: file, workingDirectory: folder.path)
        #expect(
            template.entries.map(\.check) == [
                .modeNotDeclared, .unknownMode, .reviewRisk, .duplicate, .modeUsedNotDeclared,
            ])
        #expect(template.entries.allSatisfy { $0.reason.isEmpty })
        #expect(template.entries[1].file == "MyApp/Info.plist")
        #expect(
            template.entries[4].file == "/work/checkout/MyApp/Sources/Scanner.swift",
            "outside the baseline's folder the path stays absolute")
        try template.write()
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text == template.json())
        #expect(text.hasSuffix("}\n"))
        #expect(text.contains(#""check" : "mode-not-declared""#))
        #expect {
            _ = try DoctorBaseline.load(contentsOf: URL(fileURLWithPath: file), file: ".wakeful-doctor.json")
        } throws: { error in
            let error = error as? DoctorInputError
            return error?.field == "accepted[0].reason"
                && error?.message.hasPrefix(
                    "is empty (so are accepted[1].reason, accepted[2].reason, accepted[3].reason, accepted[4].reason)")
                    == true
        }
        // Filled in, the same file reads and accepts every error and warning.
        var filled = template
        for index in filled.entries.indices { filled.entries[index].reason = "Reviewed" }
        try filled.write()
        let applied = try DoctorBaseline.load(contentsOf: URL(fileURLWithPath: file)).apply(
            to: report, workingDirectory: folder.path)
        #expect(applied.findings == [ReportFixture.lowRisk] && applied.staleEntries.isEmpty)
        #expect(applied.status(strict: true) == 0)
    }

    @Test("JSON output lists accepted findings with their reasons, and stale entries, apart from the findings")
    func json() throws {
        let baseline = DoctorBaseline(
            file: ".wakeful-doctor.json", folder: "/work/checkout",
            entries: [
                .init(check: .reviewRisk, key: "UIBackgroundModes", value: "voip", reason: "Calling app"),
                .init(check: .wrongType, key: "UIBackgroundModes", reason: "Fixed"),
            ])
        let output = baseline.apply(to: ReportFixture.mixed, workingDirectory: "/work/checkout").json(strict: true)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect((object["findings"] as? [Any])?.count == 4)
        let accepted = try #require(object["accepted"] as? [[String: Any]])
        #expect(accepted.count == 1)
        #expect(accepted[0]["reason"] as? String == "Calling app")
        #expect(accepted[0]["baselineEntry"] as? String == "accepted[0]")
        #expect(accepted[0]["check"] as? String == "review-risk" && accepted[0]["severity"] as? String == "warning")
        #expect(object["baseline"] as? String == ".wakeful-doctor.json")
        let stale = try #require(object["staleBaselineEntries"] as? [[String: Any]])
        #expect(stale.first?["entry"] as? String == "accepted[1]" && stale.first?["check"] as? String == "wrong-type")
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary == ["errors": 2, "warnings": 1, "notes": 1, "accepted": 1, "staleBaselineEntries": 1])
        #expect(object["status"] as? Int == 1)
        let plain = try #require(
            try JSONSerialization.jsonObject(with: Data(ReportFixture.mixed.json(strict: false).utf8)) as? [String: Any]
        )
        #expect(plain["baseline"] is NSNull && (plain["accepted"] as? [Any])?.isEmpty == true)
    }
}
