import Foundation

extension DoctorReport {
    /// The human-readable report: one block per finding, errors first, then a tally and the status.
    public func text(strict: Bool) -> String {
        var lines = ["\(plist) (\(format.rawValue)) " + (configuration.map { "checked against \($0)" } ?? "checked on its own (pass --config to compare it with your strategies)")]
        lines.append("  UIBackgroundModes: " + (declaredModes.isEmpty ? "none" : declaredModes.joined(separator: ", ")))
        lines.append("  BGTaskSchedulerPermittedIdentifiers: " + (permittedIdentifiers.isEmpty ? "none" : permittedIdentifiers.joined(separator: ", ")))
        for finding in findings {
            lines.append("")
            var head = "\(finding.severity.rawValue): \(finding.key): \(finding.message)"
            var sources: [String] = []
            if let guideline = finding.guideline { sources.append("guideline \(guideline)") }
            if !finding.rules.isEmpty { sources.append(finding.rules.joined(separator: ", ")) }
            if !sources.isEmpty { head += " [\(sources.joined(separator: "; "))]" }
            lines.append(head)
            if let note = finding.reviewerNote { lines.append("  Suggested reviewer note: \(note)") }
        }
        let status = status(strict: strict)
        lines.append("")
        lines.append("\(tally); exit status \(status)\(strict ? " (--strict: warnings fail)" : "")")
        return lines.joined(separator: "\n")
    }

    /// The report as one JSON object: the inputs, the findings, the tally and the exit status.
    public func json(strict: Bool) -> String {
        let document = JSONDocument(report: self, strict: strict)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and arrays cannot fail.
        let data = (try? encoder.encode(document)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    private struct JSONDocument: Encodable {
        var plist: String
        var format: InfoPlist.Format
        var configuration: String?
        var declaredModes: [String]
        var permittedIdentifiers: [String]
        var findings: [Finding]
        var summary: [String: Int]
        var strict: Bool
        var status: Int32

        init(report: DoctorReport, strict: Bool) {
            plist = report.plist
            format = report.format
            configuration = report.configuration
            declaredModes = report.declaredModes
            permittedIdentifiers = report.permittedIdentifiers
            findings = report.findings
            summary = Dictionary(uniqueKeysWithValues: Finding.Severity.allCases.map { ($0.rawValue + "s", report.count($0)) })
            self.strict = strict
            status = report.status(strict: strict)
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(plist, forKey: .plist)
            try c.encode(format, forKey: .format)
            // Always present, null when checked on its own, so scripts need not test for the key.
            try c.encode(configuration, forKey: .configuration)
            try c.encode(declaredModes, forKey: .declaredModes)
            try c.encode(permittedIdentifiers, forKey: .permittedIdentifiers)
            try c.encode(findings, forKey: .findings)
            try c.encode(summary, forKey: .summary)
            try c.encode(strict, forKey: .strict)
            try c.encode(status, forKey: .status)
        }

        enum CodingKeys: String, CodingKey {
            case plist, format, configuration, declaredModes, permittedIdentifiers, findings, summary, strict, status
        }
    }
}
