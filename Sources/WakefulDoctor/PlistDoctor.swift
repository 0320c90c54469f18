import Foundation
import Wakeful

/// Checks an Info.plist against what an app's Wakeful configuration needs: a pure function from
/// (the plist's values, the strategies' requirements) to findings.
///
/// ```swift
/// let plist = try InfoPlist.load(contentsOf: URL(fileURLWithPath: "Info.plist"))
/// let needs = AppRequirements(source: "my app", strategies: [ScheduledRefresh()])
/// let report = PlistDoctor.examine(plist, requirements: needs)
/// print(report.text(strict: false))   // exit with report.status(strict: false)
/// ```
///
/// Without requirements it still checks the file on its own: mode values and types, task modes
/// against permitted identifiers, the purpose strings each declared mode needs, and App Review's
/// view of every declared mode.
public enum PlistDoctor {
    /// The `UIBackgroundModes` key.
    static let modesKey = "UIBackgroundModes"
    /// The `BGTaskSchedulerPermittedIdentifiers` key.
    static let identifiersKey = "BGTaskSchedulerPermittedIdentifiers"

    /// Examines an Info.plist.
    ///
    /// - Parameters:
    ///   - plist: The file's values (or the values Xcode would build from a project).
    ///   - requirements: What the app's Wakeful configuration needs; nil to check without one.
    ///   - bundleIdentifier: Substituted for `$(PRODUCT_BUNDLE_IDENTIFIER)` in permitted
    ///     identifiers; nil to use a literal `CFBundleIdentifier`, or to match such placeholders as patterns.
    ///   - code: What the app's sources use (``SourceScanner``); nil when doctor was given none.
    ///   - project: The Xcode project the Info.plist was built from; nil for a file.
    /// - Returns: The findings, errors first.
    public static func examine(
        _ plist: InfoPlist, requirements: AppRequirements?, bundleIdentifier: String? = nil,
        code: SourceEvidence? = nil,
        project: ProjectInfoPlist? = nil
    ) -> DoctorReport {
        var findings = duplicateKeyFindings(plist)
        findings += project.map(projectFindings) ?? []
        let modes = declaredModes(plist, into: &findings)
        // A build setting doctor could not expand may name any mode: no mode is then known to be missing.
        let modesKnown = !findings.contains { $0.check == .unexpandedSetting && $0.key == modesKey }
        let patterns = permittedIdentifiers(
            plist, settings: buildSettings(plist, bundleIdentifier: bundleIdentifier), into: &findings)
        findings += taskModeFindings(modes: modes, modesKnown: modesKnown, patterns: patterns, code: code).map {
            located($0, in: plist)
        }
        findings += modes.compactMap { mode in
            mode.profile.deprecation.map {
                Finding(
                    .warning, .deprecatedMode, key: modesKey, value: mode.rawValue,
                    message: "\(mode.rawValue) is obsolete: \($0). Remove <string>\(mode.rawValue)</string>.",
                    rules: mode.profile.rules,
                    location: plist.location(ofKey: modesKey, value: mode.rawValue))
            }
        }
        findings += usageDescriptionFindings(plist, modes: modes, requirements: requirements, code: code)
        findings += accuracyFindings(plist, code: code)
        if let requirements {
            findings += modeComparison(modes, modesKnown: modesKnown, requirements).map { located($0, in: plist) }
            findings += identifierComparison(patterns, requirements).map { located($0, in: plist) }
        }
        if let code {
            findings += sourceModeFindings(modes, modesKnown: modesKnown, code, requirements: requirements).map {
                located($0, in: plist)
            }
            findings += registrationFindings(patterns, code, requirements: requirements).map { located($0, in: plist) }
            findings += legacyFetchFindings(code)
            findings += unreadableSourceFindings(code)
        }
        findings += reviewFindings(modes, requirements, code: code).map { located($0, in: plist) }
        // Stable: within a severity, findings keep the order of the checks (the file's order).
        let ordered = findings.enumerated().sorted {
            ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset)
        }.map(\.element)
        var report = DoctorReport(
            plist: plist.file, format: plist.format, configuration: requirements?.source,
            declaredModes: modes.map(\.rawValue),
            permittedIdentifiers: patterns.map(\.expanded), findings: ordered)
        report.project = project.map {
            "\($0.projectPath), target \($0.target.name), configuration \($0.configuration)"
        }
        report.code = code.map(DoctorReport.CodeSummary.init)
        return report
    }

    /// Top-level keys written more than once, as a merge conflict leaves them: the property-list
    /// reader keeps one silently, so which value counts is not what the reader of the file sees.
    static func duplicateKeyFindings(_ plist: InfoPlist) -> [Finding] {
        plist.duplicateKeys.map { duplicate in
            let lines = duplicate.locations.compactMap(\.line).map(String.init)
            let at = lines.isEmpty ? "" : " (lines \(lines.joined(separator: ", ")))"
            return Finding(
                .warning, .duplicateKey, key: duplicate.key,
                message:
                    "is written \(duplicate.locations.count) times\(at), as a merge conflict leaves it; only one of them takes effect and doctor checked that one. Keep one \(duplicate.key) and delete the others.",
                location: duplicate.locations.last, related: Array(duplicate.locations.dropLast()))
        }
    }

    /// A finding about a value of the file's modes or identifiers points at that value's line when
    /// it has none of its own (a call in the code), and at the key's line otherwise.
    static func located(_ finding: Finding, in plist: InfoPlist) -> Finding {
        guard finding.location == nil else { return finding }
        var located = finding
        located.location =
            finding.value.flatMap { plist.location(ofKey: finding.key, value: $0) }
            ?? plist.location(ofKey: finding.key)
        return located
    }

    /// `PRODUCT_BUNDLE_IDENTIFIER` from the option, else from a literal `CFBundleIdentifier`.
    static func buildSettings(_ plist: InfoPlist, bundleIdentifier: String?) -> [String: String] {
        if let bundleIdentifier { return ["PRODUCT_BUNDLE_IDENTIFIER": bundleIdentifier] }
        if let literal = plist["CFBundleIdentifier"]?.string, !literal.isEmpty, !IdentifierPattern(literal).isPattern {
            return ["PRODUCT_BUNDLE_IDENTIFIER": literal]
        }
        return [:]
    }

    /// `<string>value</string>` for messages that say what to write.
    static func xmlString(_ value: String) -> String { "<string>\(value)</string>" }

    /// `a, b and c`.
    static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}
