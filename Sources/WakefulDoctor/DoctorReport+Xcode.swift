import Foundation

extension DoctorReport {
    /// The report as diagnostics Xcode shows inline and in the Issue navigator when doctor runs in
    /// a Run Script build phase: one `path:line:column: error: message` line per finding.
    ///
    /// ```
    /// MyApp/Info.plist:14:5: error: UIBackgroundModes: location is needed by … [mode-not-declared; BGT-2]
    /// MyApp/Info.plist: warning: NSLocationAlwaysAndWhenInUseUsageDescription: … [usage-description-missing]
    /// ```
    ///
    /// The forms follow Xcode's build-log parser (swift-build's `GenericOutputParser`):
    /// `path:line:column: kind: message`, `path:line: kind: message`, and `path: kind: message`
    /// for a finding with no line (a key missing from the file), which Xcode attaches to the
    /// file without inventing a line. Every line is a diagnostic, because Xcode turns any other
    /// line a script prints into a note; so there is no tally. With `strict`, warnings are
    /// printed as errors, as SwiftLint does, so that the build fails on the issues it shows.
    /// Notes are one line each unless `explain`; a reviewer note and each related location
    /// follow their finding as `note:` lines.
    public func xcode(strict: Bool, explain: Bool = false) -> String {
        var lines: [String] = []
        for finding in findings {
            let location = finding.location ?? Finding.Location(file: plist)
            if finding.severity == .note, !explain {
                lines.append(
                    Self.diagnostic(
                        location, "note",
                        String(Self.collapsedNote(finding).dropFirst("note: ".count)) + " [\(finding.check.rawValue)]"))
            } else {
                let kind = strict && finding.severity == .warning ? "error" : finding.severity.rawValue
                lines.append(
                    Self.diagnostic(
                        location, kind, "\(finding.key): \(finding.message)" + Self.sources(finding, check: true)))
                if let note = finding.reviewerNote {
                    lines.append(Self.diagnostic(location, "note", "suggested reviewer note: \(note)"))
                }
            }
            let subject = finding.key + (finding.value.map { ": \($0)" } ?? "")
            for related in finding.related {
                lines.append(Self.diagnostic(related, "note", "\(subject): also here [\(finding.check.rawValue)]"))
            }
        }
        if let baseline {
            for stale in staleEntries {
                lines.append(Self.diagnostic(Finding.Location(file: baseline), "note", Self.staleMessage(stale)))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One diagnostic line Xcode's parser reads.
    ///
    /// Xcode matches `^([^'"]+: +|…)(error|warning|note|…): (.*)$` and then reads the prefix
    /// as `^([^:]+):(?:([0-9]+):)?(?:([0-9]+):)? +$`. A path with a quote would stop the line
    /// from being a diagnostic at all, and one with a colon would lose its location, so such a
    /// path moves into the message and the line keeps its severity.
    static func diagnostic(_ location: Finding.Location, _ kind: String, _ message: String) -> String {
        let text = xcodeSafe(message)
        guard !location.file.contains(where: { $0 == ":" || $0 == "'" || $0 == "\"" || $0.isNewline }),
            !location.file.isEmpty
        else {
            let place = [
                location.file, location.line.map(String.init),
                location.line.flatMap { _ in location.column.map(String.init) },
            ]
            return "\(kind): \(xcodeSafe(place.compactMap { $0 }.joined(separator: ":"))): \(text)"
        }
        var prefix = location.file
        // A column means nothing without its line.
        if let line = location.line {
            prefix += ":\(line)"
            if let column = location.column { prefix += ":\(column)" }
        }
        return "\(prefix): \(kind): \(text)"
    }

    /// The message on one line, without a `: error: `-like sequence that Xcode's greedy pattern
    /// would take as the start of the diagnostic (a value copied from the plist could hold one).
    static func xcodeSafe(_ message: String) -> String {
        var text = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        for kind in ["error", "warning", "note", "notice", "fixit"] {
            text = text.replacingOccurrences(of: ": \(kind): ", with: ": \(kind) - ")
        }
        return text
    }
}
