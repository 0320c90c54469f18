import Foundation
import Wakeful

extension PlistDoctor {
    /// `fetch` / `processing` against the permitted identifiers (BGT-9: the identifiers and at least
    /// one of the modes go together).
    ///
    /// - Parameters:
    ///   - modesKnown: False when the modes list holds a build setting doctor could not expand, so
    ///     neither mode is known to be missing.
    ///   - code: What the sources use; when no code uses fetch, the advice for `fetch` without
    ///     identifiers is to remove the mode, which the unused-mode check gives, not to add one.
    static func taskModeFindings(
        modes: [BackgroundMode], modesKnown: Bool = true, patterns: [IdentifierPattern], code: SourceEvidence? = nil
    ) -> [Finding] {
        let fetch = modes.contains(.fetch), processing = modes.contains(.processing)
        var findings: [Finding] = []
        if !patterns.isEmpty, !fetch, !processing, modesKnown {
            findings.append(
                Finding(
                    .error, .taskModes, key: identifiersKey,
                    message:
                        "lists \(patterns.count) identifier(s) but UIBackgroundModes declares neither fetch nor processing, so every BGTaskScheduler submit fails with notPermitted. Add \(xmlString("fetch")) to UIBackgroundModes for BGAppRefreshTask and/or \(xmlString("processing")) for BGProcessingTask.",
                    rules: ["BGT-9"]))
        }
        // App Store Connect refuses such a build outright (ITMS-90771, "Missing Info.plist value").
        if processing, patterns.isEmpty {
            findings.append(
                Finding(
                    .error, .taskModes, key: modesKey, value: BackgroundMode.processing.rawValue,
                    message:
                        "processing is declared but BGTaskSchedulerPermittedIdentifiers lists nothing: App Store Connect rejects the upload (ITMS-90771) and no BGProcessingTask could be submitted anyway (notPermitted). Add the identifiers your code submits to BGTaskSchedulerPermittedIdentifiers, or remove \(xmlString("processing")).",
                    rules: ["BGT-5", "BGT-9"]))
        }
        let fetchUsed = code.map { !$0.uses(of: ModeEvidence.of(.fetch)?.uses ?? []).isEmpty } ?? true
        if fetch, patterns.isEmpty, fetchUsed {
            findings.append(
                Finding(
                    .warning, .taskModes, key: modesKey, value: BackgroundMode.fetch.rawValue,
                    message:
                        "fetch is declared without BGTaskSchedulerPermittedIdentifiers, so only the legacy background fetch can use it, deprecated since iOS 13 and off until the app sets an interval. Move to BGAppRefreshTask: add its identifier to BGTaskSchedulerPermittedIdentifiers; or, if the app does not fetch in the background, remove \(xmlString("fetch")).",
                    rules: ["BGT-1", "BGT-4"]))
        }
        return findings
    }

    /// The identifiers the configuration submits against those the file permits.
    static func identifierComparison(_ patterns: [IdentifierPattern], _ requirements: AppRequirements) -> [Finding] {
        let used = requirements.combined.taskIdentifiers
        var findings: [Finding] = []
        for identifier in used {
            let users = list(requirements.users(ofIdentifier: identifier))
            let matching = patterns.filter { $0.matches(identifier) }
            if matching.isEmpty {
                let caseHint =
                    patterns.first { $0.expanded.lowercased() == identifier.lowercased() }.map {
                        " (the file has \($0.text), which differs in case; identifiers are case-sensitive)"
                    } ?? ""
                findings.append(
                    Finding(
                        .error, .identifierNotPermitted, key: identifiersKey, value: identifier,
                        message:
                            "\(identifier), submitted by \(users), is not permitted\(caseHint): submit fails with notPermitted and iOS never launches the app for it. Add \(xmlString(identifier)) to BGTaskSchedulerPermittedIdentifiers.",
                        rules: ["BGT-9"]))
            } else if matching.allSatisfy(\.isPattern) {
                findings.append(
                    Finding(
                        .note, .identifierPattern, key: identifiersKey, value: identifier,
                        message:
                            "\(identifier), submitted by \(users), matches \(matching[0].text) only through an unexpanded build setting. Pass --bundle-id, or check the built app's Info.plist, to confirm it expands to exactly \(identifier).",
                        rules: ["BGT-9"]))
            }
        }
        for pattern in patterns where !used.contains(where: pattern.matches) {
            findings.append(
                Finding(
                    .warning, .identifierUnused, key: identifiersKey, value: pattern.text,
                    message:
                        "\(pattern.text) is permitted but nothing in \(requirements.source) submits it. Every permitted identifier needs a launch handler registered before didFinishLaunching returns; if the app registers it itself, keep it, otherwise remove \(xmlString(pattern.text)).",
                    rules: ["BGT-9"]))
        }
        return findings
    }
}
