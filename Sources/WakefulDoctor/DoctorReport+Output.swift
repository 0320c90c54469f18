import Foundation

extension DoctorReport {
    /// The human-readable report: what was read (the Info.plist, the project, the sources) and
    /// what the code was found to call, then errors and warnings in full, one line per note (the
    /// full paragraphs with `explain`), stale baseline entries, a tally and the status.
    ///
    /// ```swift
    /// print(report.text(strict: false))                 // notes on one line each
    /// print(report.text(strict: false, explain: true))  // notes with their reviewer notes
    /// ```
    ///
    /// Findings a baseline accepted are left out; the tally counts them.
    public func text(strict: Bool, explain: Bool = false) -> String {
        var lines = [
            "\(plist) (\(format.rawValue)) "
                + (configuration.map { "checked against \($0)" }
                    ?? "checked on its own (pass --config to compare it with your strategies)")
        ]
        if let project { lines.append("  Project: \(project)") }
        lines.append(
            "  Sources: "
                + (code.map(Self.sourcesRead) ?? "none read (pass --sources DIR so doctor can see what the app uses)"))
        lines.append("  UIBackgroundModes: " + (declaredModes.isEmpty ? "none" : declaredModes.joined(separator: ", ")))
        lines.append(
            "  BGTaskSchedulerPermittedIdentifiers: "
                + (permittedIdentifiers.isEmpty ? "none" : permittedIdentifiers.joined(separator: ", ")))
        if let code { lines += Self.foundInCode(code, explain: explain) }
        var collapsed = false
        for finding in findings {
            if finding.severity == .note, !explain {
                // Notes are App Review's view of each mode: worth a glance on every run, worth
                // reading in full once. One line each keeps the errors visible above them.
                if !collapsed { lines.append("") }
                collapsed = true
                lines.append(Self.collapsedNote(finding))
                continue
            }
            collapsed = false
            lines.append("")
            lines.append(
                "\(finding.severity.rawValue): \(finding.key): \(finding.message)" + Self.sources(finding, check: false)
            )
            if let note = finding.reviewerNote { lines.append("  Suggested reviewer note: \(note)") }
        }
        if let baseline {
            for stale in staleEntries {
                lines.append("")
                lines.append("note: \(baseline): \(Self.staleMessage(stale))")
            }
        }
        let status = status(strict: strict)
        lines.append("")
        lines.append("\(tally); exit status \(status)\(strict ? " (--strict: warnings fail)" : "")")
        return lines.joined(separator: "\n")
    }

    /// `3 files under App, Shared (1 place could not be read)`.
    static func sourcesRead(_ code: CodeSummary) -> String {
        var read = "\(code.files.count) file\(code.files.count == 1 ? "" : "s")"
        if !code.folders.isEmpty { read += " under \(code.folders.joined(separator: ", "))" }
        if code.problems > 0 { read += " (\(code.problems) place\(code.problems == 1 ? "" : "s") could not be read)" }
        return read
    }

    /// How many places of one kind of call the text report lists without `explain`.
    static let placesPerKind = 3

    /// `Found in the code:` and one line per kind of call, in ``SourceAPI``'s order, with its
    /// places (and identifiers): what the checks on the sources were based on.
    static func foundInCode(_ code: CodeSummary, explain: Bool) -> [String] {
        guard !code.uses.isEmpty else { return ["", "Found in the code: no background API"] }
        let order = Dictionary(uniqueKeysWithValues: SourceAPI.allCases.enumerated().map { ($1.rawValue, $0) })
        let kinds = Dictionary(grouping: code.uses, by: \.api).sorted {
            order[$0.key, default: .max] < order[$1.key, default: .max]
        }
        var lines = ["", "Found in the code:"]
        for (_, uses) in kinds {
            let shown = explain ? uses[...] : uses.prefix(placesPerKind)
            var places = shown.map { use in "\(use.file):\(use.line)" + (use.identifier.map { " (\($0))" } ?? "") }
                .joined(separator: ", ")
            if shown.count < uses.count { places += " and \(uses.count - shown.count) more" }
            lines.append("  \(uses[0].call): \(places)")
        }
        return lines
    }

    /// ` [guideline 2.5.4; REVIEW-1]`, with the check first when `check`; empty when there is nothing to cite.
    static func sources(_ finding: Finding, check: Bool) -> String {
        var sources: [String] = check ? [finding.check.rawValue] : []
        if let guideline = finding.guideline { sources.append("guideline \(guideline)") }
        if !finding.rules.isEmpty { sources.append(finding.rules.joined(separator: ", ")) }
        return sources.isEmpty ? "" : " [\(sources.joined(separator: "; "))]"
    }

    /// `note: UIBackgroundModes: location: low App Review risk (guideline 2.5.4); --explain for the reviewer note`.
    static func collapsedNote(_ finding: Finding) -> String {
        let guideline = finding.guideline.map { " (guideline \($0))" } ?? ""
        let more = finding.reviewerNote != nil ? "the reviewer note" : "details"
        return "note: \(finding.key): \(summary(finding))\(guideline); --explain for \(more)"
    }

    /// The gist of a finding's message: its first sentence; for App Review findings, whose
    /// messages open with `mode: level App Review risk, why`, just the mode and the level.
    static func summary(_ finding: Finding) -> String {
        let message = finding.message
        let end: Range<String.Index>?
        switch finding.check {
        case .reviewRisk, .techniqueReview: end = message.range(of: ", ")
        default: end = message.range(of: ". ")
        }
        var gist = String(message[..<(end?.lowerBound ?? message.endIndex)])
        if gist.hasSuffix(".") { gist.removeLast() }
        // A review finding located in the code was judged from it: say where the use is, so a
        // "high risk" note does not read as a warning.
        if finding.check == .reviewRisk, let location = finding.location, let line = location.line,
            SourceLanguage(pathExtension: (location.file as NSString).pathExtension) != nil
        {
            gist += ", in use at \(location.file):\(line)"
        }
        return gist
    }

    /// `accepted[3] (review-risk, UIBackgroundModes, audio) matches no finding; remove it …`.
    static func staleMessage(_ stale: StaleEntry) -> String {
        let entry = stale.entry
        let identity = [entry.check.rawValue, entry.key, entry.value, entry.file].compactMap { $0 }.joined(
            separator: ", ")
        return "accepted[\(stale.index)] (\(identity)) matches no finding; remove it, so that it cannot hide a new one"
    }

    /// The report as one JSON object: the inputs (the project and the sources read, with the
    /// calls found, `null` when absent), the findings, the accepted findings with their
    /// reasons, the stale baseline entries, the tally and the exit status.
    public func json(strict: Bool) -> String {
        let document = JSONDocument(report: self, strict: strict)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and arrays cannot fail.
        let data = (try? encoder.encode(document)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    private struct JSONDocument: Encodable {
        var report: DoctorReport
        var summary: [String: Int]
        var strict: Bool
        var status: Int32

        init(report: DoctorReport, strict: Bool) {
            self.report = report
            var summary = Dictionary(
                uniqueKeysWithValues: Finding.Severity.allCases.map { ($0.rawValue + "s", report.count($0)) })
            summary["accepted"] = report.accepted.count
            summary["staleBaselineEntries"] = report.staleEntries.count
            self.summary = summary
            self.strict = strict
            status = report.status(strict: strict)
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(report.plist, forKey: .plist)
            try c.encode(report.format, forKey: .format)
            // Always present, null when absent, so scripts need not test for the keys.
            try c.encode(report.configuration, forKey: .configuration)
            try c.encode(report.project, forKey: .project)
            try c.encode(report.code, forKey: .code)
            try c.encode(report.declaredModes, forKey: .declaredModes)
            try c.encode(report.permittedIdentifiers, forKey: .permittedIdentifiers)
            try c.encode(report.findings, forKey: .findings)
            try c.encode(report.accepted.map(Accepted.init), forKey: .accepted)
            try c.encode(report.baseline, forKey: .baseline)
            try c.encode(report.staleEntries.map(Stale.init), forKey: .staleBaselineEntries)
            try c.encode(summary, forKey: .summary)
            try c.encode(strict, forKey: .strict)
            try c.encode(status, forKey: .status)
        }

        enum CodingKeys: String, CodingKey {
            case plist, format, configuration, project, code, declaredModes, permittedIdentifiers, findings, accepted,
                baseline, staleBaselineEntries, summary,
                strict, status
        }
    }

    /// An accepted finding as JSON: the finding's own fields plus `reason` and `baselineEntry`,
    /// so that scripts read both lists with the same code.
    private struct Accepted: Encodable {
        var accepted: AcceptedFinding

        func encode(to encoder: any Encoder) throws {
            try accepted.finding.encode(to: encoder)
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(accepted.reason, forKey: .reason)
            try c.encode("accepted[\(accepted.entry)]", forKey: .baselineEntry)
        }

        enum CodingKeys: String, CodingKey { case reason, baselineEntry }
    }

    /// A stale entry as JSON: its fields plus `entry` (`accepted[3]`).
    private struct Stale: Encodable {
        var stale: StaleEntry

        func encode(to encoder: any Encoder) throws {
            try stale.entry.encode(to: encoder)
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode("accepted[\(stale.index)]", forKey: .entry)
        }

        enum CodingKeys: String, CodingKey { case entry }
    }
}
