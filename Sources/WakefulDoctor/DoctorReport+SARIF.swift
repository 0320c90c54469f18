import Foundation

/// What a SARIF log says about the tool and where the files are.
public struct SARIFOptions: Sendable, Hashable {
    /// The tool's version, as `tool.driver.semanticVersion`; nil to leave it out.
    public var toolVersion: String?
    /// The tool's home page, as `tool.driver.informationUri` (GitHub links to it from each alert); nil to leave it out.
    public var informationURI: String?
    /// The repository's root, absolute: files under it are written relative to `%SRCROOT%`, so
    /// that URIs and fingerprints are the same on every machine. Nil: relative paths stay
    /// relative to `%SRCROOT%` (the folder doctor ran in, which CI makes the checkout) and
    /// absolute ones become `file://` URIs.
    public var sourceRoot: String?

    /// Creates options.
    public init(toolVersion: String? = nil, informationURI: String? = nil, sourceRoot: String? = nil) {
        self.toolVersion = toolVersion
        self.informationURI = informationURI
        self.sourceRoot = sourceRoot
    }
}

extension DoctorReport {
    /// The report as a SARIF 2.1.0 log for GitHub code scanning (`github/codeql-action/upload-sarif`).
    ///
    /// ```swift
    /// let log = report.sarif(strict: false, options: SARIFOptions(toolVersion: "1.4.0", sourceRoot: checkout))
    /// try log.write(toFile: "doctor.sarif", atomically: true, encoding: .utf8)
    /// ```
    ///
    /// One run: `tool.driver` with a rule per check that appears, one result per finding (level
    /// `error`, `warning` or `note`), accepted findings as results with an `external`
    /// suppression giving the baseline's reason, stale baseline entries as configuration
    /// notifications, and an invocation with the exit status. Every result has a location, as
    /// GitHub rejects a log with any result without one; a finding with no line points at its
    /// file with no region rather than at an invented line. `partialFingerprints` hash the
    /// check, key, value and file, so an alert survives edits that move lines.
    /// Same report, same options: same bytes.
    public func sarif(strict: Bool, options: SARIFOptions = SARIFOptions()) -> String {
        let all = findings.map { ($0, nil as AcceptedFinding?) } + accepted.map { ($0.finding, $0) }
        let checks = Finding.Check.allCases.filter { check in all.contains { $0.0.check == check } }
        let paths = SARIFPaths(options)
        var seen: [String: Int] = [:]
        let results = all.map { finding, accepted in
            let primary = paths.location(finding.location ?? Finding.Location(file: plist))
            var identity = [
                finding.check.rawValue, finding.key, finding.value ?? "",
                primary.physicalLocation.artifactLocation.uri ?? "",
            ].joined(separator: "\u{0}")
            // Two findings alike in all of these would share a fingerprint and merge into one alert.
            seen[identity, default: 0] += 1
            if let n = seen[identity], n > 1 { identity += "\u{0}\(n)" }
            var properties: [String: SARIFLog.PropertyValue] = [
                "key": .string(finding.key), "rules": .strings(finding.rules),
            ]
            if let value = finding.value { properties["value"] = .string(value) }
            if let guideline = finding.guideline { properties["guideline"] = .string(guideline) }
            if let note = finding.reviewerNote { properties["reviewerNote"] = .string(note) }
            if let accepted { properties["baselineEntry"] = .string("accepted[\(accepted.entry)]") }
            return SARIFLog.Result(
                ruleId: finding.check.rawValue, ruleIndex: checks.firstIndex(of: finding.check) ?? 0,
                level: finding.severity.rawValue,
                message: SARIFLog.Message(text: finding.message), locations: [primary],
                relatedLocations: finding.related.isEmpty
                    ? nil
                    : finding.related.enumerated().map { index, related in
                        var location = paths.location(related)
                        location.id = index + 1
                        location.message = SARIFLog.Message(text: "Also here.")
                        return location
                    },
                partialFingerprints: ["wakefulDoctorIdentity/v1": Self.fnv1a64(identity)],
                properties: properties,
                suppressions: accepted.map {
                    [SARIFLog.Suppression(kind: "external", status: "accepted", justification: $0.reason)]
                })
        }
        let notifications = baseline.map { file in
            staleEntries.map { stale in
                SARIFLog.Notification(
                    level: "note", message: SARIFLog.Message(text: Self.staleMessage(stale)),
                    locations: [paths.location(Finding.Location(file: file))])
            }
        }
        let run = SARIFLog.Run(
            tool: SARIFLog.Tool(driver: SARIFLog.Driver(options: options, rules: checks.map(SARIFLog.Rule.init))),
            invocations: [
                SARIFLog.Invocation(
                    executionSuccessful: true, exitCode: Int(status(strict: strict)),
                    toolConfigurationNotifications: notifications?.isEmpty == false ? notifications : nil,
                    toolExecutionNotifications: nil)
            ],
            originalUriBaseIds: paths.originalUriBaseIds, results: results)
        return SARIFLog(runs: [run]).encoded()
    }

    /// 64-bit FNV-1a of the UTF-8 bytes, as 16 hex digits: stable across runs, machines and
    /// Swift versions (unlike `hashValue`), with no CryptoKit; collisions only merge alerts.
    static func fnv1a64(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

extension DoctorInputError {
    /// A SARIF log for input doctor could not check: a failed invocation (exit status 2) with
    /// the error as a notification and no `results`, which SARIF reads as "no analysis", not
    /// "no problems" (an empty array would tell GitHub every alert was fixed).
    public func sarif(options: SARIFOptions = SARIFOptions()) -> String {
        let paths = SARIFPaths(options)
        // An option such as `--setup` is not a file to point at.
        let locations = file.hasPrefix("-") ? nil : [paths.location(Finding.Location(file: file))]
        let notification = SARIFLog.Notification(
            level: "error", message: SARIFLog.Message(text: description), locations: locations)
        let run = SARIFLog.Run(
            tool: SARIFLog.Tool(driver: SARIFLog.Driver(options: options, rules: [])),
            invocations: [
                SARIFLog.Invocation(
                    executionSuccessful: false, exitCode: Int(DoctorRequest.badInputStatus),
                    toolConfigurationNotifications: nil,
                    toolExecutionNotifications: [notification])
            ],
            originalUriBaseIds: paths.originalUriBaseIds, results: nil)
        return SARIFLog(runs: [run]).encoded()
    }
}

/// Turns finding locations into SARIF locations: `%SRCROOT%`-relative URIs where possible.
private struct SARIFPaths {
    static let sourceRootID = "%SRCROOT%"
    let sourceRoot: String?

    init(_ options: SARIFOptions) {
        sourceRoot = options.sourceRoot.map {
            (($0 as NSString).standardizingPath as NSString).appendingPathComponent("")
        }
    }

    /// `%SRCROOT%` with its absolute URI when the root is known (SARIF wants it absolute and
    /// ending in `/`), else with a description of what it stands for.
    var originalUriBaseIds: [String: SARIFLog.ArtifactLocation] {
        guard let sourceRoot else {
            return [
                Self.sourceRootID: SARIFLog.ArtifactLocation(
                    description: SARIFLog.Message(
                        text: "The folder wakeful doctor ran in: the repository's checkout in CI."))
            ]
        }
        return [
            Self.sourceRootID: SARIFLog.ArtifactLocation(
                uri: Self.fileURI(sourceRoot.hasSuffix("/") ? sourceRoot : sourceRoot + "/"))
        ]
    }

    func location(_ location: Finding.Location) -> SARIFLog.Location {
        let path = (location.file as NSString).standardizingPath
        let artifact: SARIFLog.ArtifactLocation
        if let root = sourceRoot, path.hasPrefix(root + "/") {
            artifact = SARIFLog.ArtifactLocation(
                uri: Self.encode(String(path.dropFirst(root.count + 1))), uriBaseId: Self.sourceRootID)
        } else if path.hasPrefix("/") {
            artifact = SARIFLog.ArtifactLocation(uri: Self.fileURI(path))
        } else {
            artifact = SARIFLog.ArtifactLocation(uri: Self.encode(path), uriBaseId: Self.sourceRootID)
        }
        // SARIF's region needs a start line; a column alone says nothing, so neither is written.
        let region = location.line.map { SARIFLog.Region(startLine: $0, startColumn: location.column) }
        return SARIFLog.Location(
            physicalLocation: SARIFLog.PhysicalLocation(artifactLocation: artifact, region: region))
    }

    static func fileURI(_ path: String) -> String { "file://" + encode(path) }

    /// Percent-encodes what may not appear in a URI path (spaces, `#`, `?`, non-ASCII …).
    static func encode(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ";")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
