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
    ///   - plist: The file's values.
    ///   - requirements: What the app's configuration needs; nil to check the file on its own.
    ///   - bundleIdentifier: Substituted for `$(PRODUCT_BUNDLE_IDENTIFIER)` in permitted
    ///     identifiers; nil to use a literal `CFBundleIdentifier`, or to match such placeholders as patterns.
    /// - Returns: The findings, errors first.
    public static func examine(_ plist: InfoPlist, requirements: AppRequirements?, bundleIdentifier: String? = nil) -> DoctorReport {
        var findings: [Finding] = []
        let modes = declaredModes(plist, into: &findings)
        let patterns = permittedIdentifiers(plist, settings: buildSettings(plist, bundleIdentifier: bundleIdentifier), into: &findings)
        findings += taskModeFindings(modes: modes, patterns: patterns)
        findings += modes.compactMap { mode in
            mode.profile.deprecation.map {
                Finding(
                    .warning, .deprecatedMode, key: modesKey, value: mode.rawValue,
                    message: "\(mode.rawValue) is obsolete: \($0). Remove <string>\(mode.rawValue)</string>.", rules: mode.profile.rules)
            }
        }
        findings += usageDescriptionFindings(plist, modes: modes, requirements: requirements)
        if let requirements {
            findings += modeComparison(modes, requirements)
            findings += identifierComparison(patterns, requirements)
        }
        findings += reviewFindings(modes, requirements)
        // Stable: within a severity, findings keep the order of the checks (the file's order).
        let ordered = findings.enumerated().sorted { ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset) }.map(\.element)
        return DoctorReport(
            plist: plist.file, format: plist.format, configuration: requirements?.source, declaredModes: modes.map(\.rawValue),
            permittedIdentifiers: patterns.map(\.expanded), findings: ordered)
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
