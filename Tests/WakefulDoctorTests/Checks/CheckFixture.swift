import Foundation
import Testing
import WakefulDoctor

/// One run of `wakeful doctor` on a fixture app under `Fixtures/checks/<name>/`: the whole
/// ``DoctorRequest``, its findings read back from the JSON report, every file named relative to
/// the fixture's folder (`Info.plist`, `App/Player.swift`) so expectations read like the fixture.
struct CheckRun {
    /// The findings that count, errors first.
    var findings: [Finding]
    /// How many findings a baseline accepted.
    var accepted: Int
    /// The exit status.
    var status: Int32
    /// The known modes the Info.plist declares.
    var declaredModes: [String]

    /// Runs doctor on a fixture: `--plist Info.plist --sources App` by default; with `project`,
    /// `--project` alone, so doctor reads the sources beside the project as it does for users.
    static func run(
        _ name: String, plist: String? = "Info.plist", project: String? = nil, sources: [String]? = nil,
        baseline: String? = nil,
        strict: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CheckRun {
        let root = try Fixture.path(name, in: "checks", sourceLocation: sourceLocation)
        let inRoot = { (path: String) in "\(root)/\(path)" }
        let request = DoctorRequest(
            plist: project == nil ? plist.map(inRoot) : nil, project: project.map(inRoot),
            sources: (sources ?? (project == nil ? ["App"] : [])).map(inRoot), strict: strict, format: .json,
            baseline: try baseline.map { try Fixture.path($0, in: "checks", sourceLocation: sourceLocation) })
        let outcome = request.run()
        try #require(!outcome.isError, "\(outcome.output)", sourceLocation: sourceLocation)
        let report = try JSONDecoder().decode(Report.self, from: Data(outcome.output.utf8))
        let findings = report.findings.map { finding in
            var relative = finding
            relative.location = finding.location.map { relativeLocation($0, root: root) }
            relative.related = finding.related.map { relativeLocation($0, root: root) }
            return relative
        }
        return CheckRun(
            findings: findings, accepted: report.summary["accepted"] ?? 0, status: outcome.status,
            declaredModes: report.declaredModes)
    }

    /// The parts of the JSON report the checks' tests read.
    private struct Report: Decodable {
        var findings: [Finding]
        var summary: [String: Int]
        var declaredModes: [String]
    }

    private static func relativeLocation(_ location: Finding.Location, root: String) -> Finding.Location {
        var relative = location
        if location.file.hasPrefix(root + "/") { relative.file = String(location.file.dropFirst(root.count + 1)) }
        return relative
    }

    /// Errors and warnings: what a near-miss must not have.
    var problems: [Finding] { findings.filter { $0.severity != .note } }

    /// The findings of one check, optionally about one value.
    func findings(_ check: Finding.Check, value: String? = nil) -> [Finding] {
        findings.filter { $0.check == check && (value == nil || $0.value == value) }
    }

    /// The one finding of a check (about `value`); fails the test unless there is exactly one.
    func only(_ check: Finding.Check, value: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> Finding
    {
        let matching = findings(check, value: value)
        try #require(
            matching.count == 1, "\(matching.count) \(check.rawValue) findings in \(findings.map(\.check.rawValue))",
            sourceLocation: sourceLocation)
        return matching[0]
    }
}

extension Finding {
    /// `App/Player.swift:12`, or the file alone, or nil.
    var place: String? { location.map { loc in loc.line.map { "\(loc.file):\($0)" } ?? loc.file } }
}
