import Foundation

extension DoctorBaseline {
    /// A baseline accepting a report's errors and warnings, each with an empty reason for the
    /// team to fill in, for `--write-baseline FILE`.
    ///
    /// Notes are left out: they never fail the build, so accepting them would only ask for
    /// reasons nobody needs. Doctor refuses to read the file until every reason is written, so
    /// a baseline cannot silently accept problems nobody looked at.
    ///
    /// ```swift
    /// let template = DoctorBaseline.template(for: report, file: ".wakeful-doctor.json")
    /// try template.write()
    /// ```
    ///
    /// - Parameters:
    ///   - report: The report, before any baseline was applied.
    ///   - file: Where the baseline will be written; entries name their files relative to its folder.
    ///   - workingDirectory: The folder relative finding locations are resolved against.
    public static func template(
        for report: DoctorReport, file: String, workingDirectory: String = FileManager.default.currentDirectoryPath
    ) -> DoctorBaseline {
        let folder = absolute((file as NSString).deletingLastPathComponent, in: workingDirectory)
        var entries: [Entry] = []
        for finding in report.findings where finding.severity != .note {
            let path = relative(absolute(finding.location?.file ?? report.plist, in: workingDirectory), to: folder)
            let entry = Entry(check: finding.check, key: finding.key, value: finding.value, file: path, reason: "")
            // Findings repeat (a value listed twice …); one entry accepts them all.
            if !entries.contains(entry) { entries.append(entry) }
        }
        return DoctorBaseline(file: file, folder: folder, entries: entries)
    }

    /// The file's text: pretty-printed with sorted keys and a final newline, so that the same
    /// entries always give the same bytes and diffs show only real changes.
    public func json() -> String {
        let document = Document(version: Self.version, accepted: entries)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding strings and a number cannot fail.
        let data = (try? encoder.encode(document)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Writes ``json()`` to ``file``.
    ///
    /// - Throws: ``DoctorInputError`` naming the file when it cannot be written.
    public func write() throws(DoctorInputError) {
        do {
            try Data(json().utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw DoctorInputError(
                file: file,
                message:
                    "cannot be written (\((error as NSError).localizedDescription)); expected a writable path for the baseline"
            )
        }
    }

    private struct Document: Encodable {
        var version: Int
        var accepted: [Entry]
    }

    /// `path` relative to `folder` when it lies inside it, else unchanged (absolute).
    private static func relative(_ path: String, to folder: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
