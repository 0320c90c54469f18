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
    /// The findings, errors first.
    public var findings: [Finding]

    /// Creates a report.
    public init(
        plist: String, format: InfoPlist.Format, configuration: String?, declaredModes: [String], permittedIdentifiers: [String],
        findings: [Finding]
    ) {
        self.plist = plist
        self.format = format
        self.configuration = configuration
        self.declaredModes = declaredModes
        self.permittedIdentifiers = permittedIdentifiers
        self.findings = findings
    }

    /// How many findings have this severity.
    public func count(_ severity: Finding.Severity) -> Int { findings.filter { $0.severity == severity }.count }

    /// The exit status for CI: 1 when there is an error (or, with `strict`, a warning), else 0.
    public func status(strict: Bool) -> Int32 {
        count(.error) > 0 || (strict && count(.warning) > 0) ? 1 : 0
    }

    /// `2 errors, 1 warning, 3 notes`.
    var tally: String {
        Finding.Severity.allCases.map { severity in
            let n = count(severity)
            return "\(n) \(severity.rawValue)\(n == 1 ? "" : "s")"
        }.joined(separator: ", ")
    }
}
