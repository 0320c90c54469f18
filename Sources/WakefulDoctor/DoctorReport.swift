import Foundation

/// What `wakeful doctor` found in one Info.plist, and the exit status it means for CI.
public struct DoctorReport: Sendable, Hashable, Codable {
    /// The Info.plist, as given.
    public var plist: String
    /// The form it was written in.
    public var format: InfoPlist.Format
    /// The configuration it was checked against; nil when it was checked on its own.
    public var configuration: String?
    /// The known `UIBackgroundModes` values it declares.
    public var declaredModes: [String]
    /// Its `BGTaskSchedulerPermittedIdentifiers`, with known build settings substituted.
    public var permittedIdentifiers: [String]
    /// The findings, errors first: the ones that count, without those a baseline accepted.
    public var findings: [Finding]
    /// The findings a baseline accepted, with its reasons: left out of the text and Xcode
    /// output and of the exit status, listed in JSON and as suppressed results in SARIF.
    public var accepted: [AcceptedFinding]
    /// The baseline file applied, as it was opened; nil when none was.
    public var baseline: String?
    /// The baseline's entries that matched no finding, reported so that baselines do not rot.
    public var staleEntries: [StaleEntry]
    /// The Xcode project, target and configuration the Info.plist was built from; nil for a file.
    public var project: String?
    /// What doctor read of the app's code and found there; nil when it read none.
    public var code: CodeSummary?

    /// Creates a report.
    public init(
        plist: String, format: InfoPlist.Format, configuration: String?, declaredModes: [String],
        permittedIdentifiers: [String],
        findings: [Finding], accepted: [AcceptedFinding] = [], baseline: String? = nil, staleEntries: [StaleEntry] = []
    ) {
        self.plist = plist
        self.format = format
        self.configuration = configuration
        self.declaredModes = declaredModes
        self.permittedIdentifiers = permittedIdentifiers
        self.findings = findings
        self.accepted = accepted
        self.baseline = baseline
        self.staleEntries = staleEntries
    }

    /// The source files doctor read and the calls it found in them, so a reader can see what each
    /// check was based on.
    public struct CodeSummary: Sendable, Hashable, Codable {
        /// One call found.
        public struct Use: Sendable, Hashable, Codable {
            /// The kind of call (`taskRegister`, `playbackCategory` …), stable for scripts.
            public var api: String
            /// The call in the API's words.
            public var call: String
            /// The task, session or restoration identifier it names, as written or as its shape (`*.refresh`).
            public var identifier: String?
            /// The file, relative to the folder given.
            public var file: String
            /// The line.
            public var line: Int
        }

        /// The folders (or files) doctor was given to read, as given.
        public var folders: [String]
        /// The files read, sorted.
        public var files: [String]
        /// The calls found, in file order.
        public var uses: [Use]
        /// How many places could not be read or tokenized (each is also a `source-unreadable` note).
        public var problems: Int

        /// The summary of a scan.
        public init(_ evidence: SourceEvidence) {
            folders = evidence.folders
            files = evidence.files
            uses = evidence.uses.map { use in
                Use(
                    api: use.api.rawValue, call: use.api.phrase, identifier: use.identifier?.written, file: use.file,
                    line: use.line)
            }
            problems = evidence.problems.count
        }
    }

    /// A finding a baseline entry accepts.
    public struct AcceptedFinding: Sendable, Hashable, Codable {
        /// The finding.
        public var finding: Finding
        /// Why the team accepts it, from the entry.
        public var reason: String
        /// The entry's position in the baseline's `accepted` array, for `accepted[2]`.
        public var entry: Int

        /// Creates an accepted finding.
        public init(finding: Finding, reason: String, entry: Int) {
            self.finding = finding
            self.reason = reason
            self.entry = entry
        }
    }

    /// A baseline entry that accepts nothing: the problem was fixed, or the entry never matched.
    public struct StaleEntry: Sendable, Hashable, Codable {
        /// The entry's position in the baseline's `accepted` array.
        public var index: Int
        /// The entry.
        public var entry: DoctorBaseline.Entry

        /// Creates a stale entry.
        public init(index: Int, entry: DoctorBaseline.Entry) {
            self.index = index
            self.entry = entry
        }
    }

    /// How many findings have this severity, not counting accepted ones.
    public func count(_ severity: Finding.Severity) -> Int { findings.filter { $0.severity == severity }.count }

    /// The exit status for CI: 1 when there is an error (or, with `strict`, a warning), else 0.
    /// Accepted findings and stale baseline entries never change it.
    public func status(strict: Bool) -> Int32 {
        count(.error) > 0 || (strict && count(.warning) > 0) ? 1 : 0
    }

    /// `2 errors, 1 warning, 3 notes`, then `; 2 accepted by .wakeful-doctor.json, 1 stale entry`
    /// when a baseline was applied.
    var tally: String {
        let counts = Finding.Severity.allCases.map { severity in plural(count(severity), severity.rawValue) }.joined(
            separator: ", ")
        guard let baseline else { return counts }
        // The file's name, not its path: the tally is one short line at the end of a build log.
        var applied = "\(accepted.count) accepted by \((baseline as NSString).lastPathComponent)"
        if !staleEntries.isEmpty { applied += ", " + plural(staleEntries.count, "stale entry", "stale entries") }
        return counts + "; " + applied
    }

    private func plural(_ n: Int, _ one: String, _ many: String? = nil) -> String {
        "\(n) \(n == 1 ? one : many ?? one + "s")"
    }
}
