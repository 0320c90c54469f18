import Foundation

/// Findings a team has reviewed and accepted, each with its reason, as SwiftLint's and ESLint's
/// baselines: `wakeful doctor` leaves them out of the text and Xcode output and of the exit
/// status, so that CI fails only on what is new.
///
/// The file is JSON, `.wakeful-doctor.json` beside the project (found by walking up from the
/// Info.plist's folder) or named with `--baseline FILE`:
///
/// ```json
/// {
///   "version": 1,
///   "accepted": [
///     {
///       "check": "review-risk",
///       "key": "UIBackgroundModes",
///       "value": "audio",
///       "file": "MyApp/Info.plist",
///       "reason": "Podcast player: plays episodes in the background"
///     }
///   ]
/// }
/// ```
///
/// An entry accepts every finding with its `check`, `key` and `value` (absent: findings without a
/// value), in `file` when it has one (relative to the baseline's folder; absent: in any file).
/// Every entry needs a reason. An entry that accepts nothing is reported as stale.
///
/// ```swift
/// let report = PlistDoctor.examine(plist, requirements: nil)
/// if let baseline = try DoctorBaseline.resolve(explicit: nil, startingAt: "MyApp") {
///     print(baseline.apply(to: report).text(strict: false))
/// }
/// ```
public struct DoctorBaseline: Sendable, Hashable {
    /// The one format version this reader understands.
    public static let version = 1
    /// The name doctor looks for in the start folder and each folder above it.
    public static let fileName = ".wakeful-doctor.json"

    /// One accepted finding: what it matches and why it is accepted.
    public struct Entry: Sendable, Hashable, Codable {
        /// The check that produced the finding.
        public var check: Finding.Check
        /// The Info.plist key it is about.
        public var key: String
        /// The value concerned; nil matches findings that have none.
        public var value: String?
        /// The file, relative to the baseline's folder or absolute; nil matches any file.
        public var file: String?
        /// Why the team accepts it; never empty in a file doctor reads.
        public var reason: String

        /// Creates an entry.
        public init(check: Finding.Check, key: String, value: String? = nil, file: String? = nil, reason: String) {
            self.check = check
            self.key = key
            self.value = value
            self.file = file
            self.reason = reason
        }
    }

    /// The file, as it was opened (messages and the report name it so).
    public var file: String
    /// The absolute folder relative `file` fields are resolved against: the file's own folder.
    public var folder: String
    /// The entries, in the file's order (`accepted[0]` first).
    public var entries: [Entry]

    /// Creates a baseline.
    ///
    /// - Parameters:
    ///   - file: The file's name for messages.
    ///   - folder: The folder relative `file` fields are resolved against; nil for the folder of `file`.
    ///   - entries: The entries.
    public init(file: String, folder: String? = nil, entries: [Entry]) {
        self.file = file
        self.folder =
            folder
            ?? Self.absolute((file as NSString).deletingLastPathComponent, in: FileManager.default.currentDirectoryPath)
        self.entries = entries
    }

    /// Applies the baseline: moves the findings its entries match to ``DoctorReport/accepted``
    /// and lists the entries that match nothing in ``DoctorReport/staleEntries``.
    ///
    /// ```swift
    /// let checked = baseline.apply(to: report)
    /// exit(checked.status(strict: true))   // accepted findings no longer fail the build
    /// ```
    ///
    /// - Parameters:
    ///   - report: The report as doctor made it.
    ///   - workingDirectory: The folder relative finding locations are resolved against.
    /// - Returns: The report with the accepted findings moved out of ``DoctorReport/findings``.
    public func apply(to report: DoctorReport, workingDirectory: String = FileManager.default.currentDirectoryPath)
        -> DoctorReport
    {
        var result = report
        var used = Set<Int>()
        result.findings = []
        for finding in report.findings {
            let file = Self.absolute(finding.location?.file ?? report.plist, in: workingDirectory)
            if let index = entries.indices.first(where: { matches(entries[$0], finding, file: file) }) {
                used.insert(index)
                result.accepted.append(
                    DoctorReport.AcceptedFinding(finding: finding, reason: entries[index].reason, entry: index))
            } else {
                result.findings.append(finding)
            }
        }
        result.baseline = file
        result.staleEntries = entries.indices.filter { !used.contains($0) }.map {
            DoctorReport.StaleEntry(index: $0, entry: entries[$0])
        }
        return result
    }

    /// Whether an entry accepts a finding whose file resolves to `file`.
    private func matches(_ entry: Entry, _ finding: Finding, file: String) -> Bool {
        guard entry.check == finding.check, entry.key == finding.key, entry.value == finding.value else { return false }
        guard let path = entry.file else { return true }
        if Self.absolute(path, in: folder) == file { return true }
        // Findings name files as the user typed them, relative to wherever doctor ran; a
        // relative entry also matches the same trailing path components, so that a baseline
        // written on a laptop still matches on CI, where the checkout lives elsewhere.
        return !path.hasPrefix("/") && file.hasSuffix("/" + (path as NSString).standardizingPath)
    }

    /// `path` made absolute against `folder` and standardized (`.` and `..` removed).
    static func absolute(_ path: String, in folder: String) -> String {
        let base = URL(fileURLWithPath: folder.isEmpty ? "." : folder, isDirectory: true)
        return URL(fileURLWithPath: path.isEmpty ? "." : path, relativeTo: base).standardizedFileURL.path
    }
}
