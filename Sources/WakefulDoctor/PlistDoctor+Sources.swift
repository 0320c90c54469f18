import Foundation
import Wakeful

extension PlistDoctor {
    /// Declared modes against what the app's code uses: a mode no code uses (remove it), and a call
    /// that needs a mode the file does not declare.
    ///
    /// A mode the Wakeful configuration needs counts as used: Wakeful's own code, which is not among
    /// the app's sources, is what uses it. With `modesKnown` false (the list holds a build setting
    /// doctor could not expand) no mode is known to be missing.
    static func sourceModeFindings(
        _ modes: [BackgroundMode], modesKnown: Bool = true, _ code: SourceEvidence, requirements: AppRequirements?
    ) -> [Finding] {
        let neededByWakeful = Set(requirements?.combined.backgroundModes ?? [])
        var findings: [Finding] = []
        for entry in ModeEvidence.table {
            let mode = entry.mode
            if modes.contains(mode) {
                guard !neededByWakeful.contains(mode), code.uses(of: entry.uses).isEmpty else { continue }
                findings.append(unusedModeFinding(entry, code))
            } else if modesKnown {
                for need in entry.needs {
                    let calls = code.uses(of: [need.api])
                    guard let first = calls.first else { continue }
                    findings.append(
                        Finding(
                            need.severity, .modeUsedNotDeclared, key: modesKey, value: mode.rawValue,
                            message:
                                "\(mode.rawValue) is not declared, but \(first.api.phrase) at \(first.place)\(elsewhere(calls)): \(need.consequence). Add \(xmlString(mode.rawValue)) to UIBackgroundModes (Xcode: Background Modes, \"\(mode.profile.title)\").",
                            rules: need.rules, location: first.location, related: calls.dropFirst().map(\.location)))
                    break
                }
            }
        }
        return findings
    }

    /// A declared mode nothing in the sources uses, with what was looked for, or with why the calls
    /// found do not need it.
    private static func unusedModeFinding(_ entry: ModeEvidence, _ code: SourceEvidence) -> Finding {
        let mode = entry.mode
        let read = "the \(code.files.count) source file\(code.files.count == 1 ? "" : "s") read"
        let remove =
            "Remove \(xmlString(mode.rawValue)): App Review rejects modes it cannot see in use (guideline 2.5.4); if code outside \(read) uses it (a library, a framework target), pass that folder to --sources too, or accept the finding in .wakeful-doctor.json with the reason."
        if let worksWithout = entry.worksWithout, let found = code.uses(of: worksWithout.apis).first {
            return Finding(
                .warning, .modeUnusedInSource, key: modesKey, value: mode.rawValue,
                message:
                    "\(mode.rawValue) is declared, but \(read) only use \(found.api.phrase) (\(found.place)), and \(worksWithout.advice). \(remove)",
                rules: ["REVIEW-2"] + worksWithout.rules, guideline: "2.5.4", location: found.location)
        }
        let sought = entry.uses.sorted { $0.rawValue < $1.rawValue }.map(\.phrase)
        return Finding(
            .warning, .modeUnusedInSource, key: modesKey, value: mode.rawValue,
            message:
                "\(mode.rawValue) is declared, but nothing in \(read) uses it (looked for \(list(sought))). \(remove)",
            rules: ["REVIEW-2"], guideline: "2.5.4")
    }

    /// A legacy fetch handler that can never run: no minimum interval is set anywhere (BGT-1).
    static func legacyFetchFindings(_ code: SourceEvidence) -> [Finding] {
        guard let handler = code.uses(of: [.legacyFetchHandler]).first, code.uses(of: [.legacyFetchInterval]).isEmpty
        else { return [] }
        return [
            Finding(
                .warning, .legacyFetchNoInterval, key: modesKey, value: BackgroundMode.fetch.rawValue,
                message:
                    "\(handler.api.phrase) at \(handler.place) never runs: background fetch starts at backgroundFetchIntervalNever, and no code calls setMinimumBackgroundFetchInterval. Set an interval at launch, or better, move to BGAppRefreshTask (the legacy fetch is deprecated since iOS 13).",
                rules: ["BGT-1"], location: handler.location)
        ]
    }

    /// Source files doctor read but could not tokenize: reported so the user knows what was not
    /// checked, never fatal.
    static func unreadableSourceFindings(_ code: SourceEvidence) -> [Finding] {
        code.problems.map { problem in
            Finding(
                .note, .sourceUnreadable, key: problem.file, value: nil,
                message:
                    "\(problem.file)\(problem.line.map { ":\($0)" } ?? ""): \(problem.message); doctor skipped what it could not read there, so a use in it is not seen.",
                location: Finding.Location(file: problem.file, line: problem.line))
        }
    }

    /// ` (and 2 more places)`.
    static func elsewhere(_ calls: [SourceUse]) -> String {
        calls.count > 1 ? " (and \(calls.count - 1) more place\(calls.count == 2 ? "" : "s"))" : ""
    }
}

extension SourceEvidence {
    /// The uses of any of `apis`, in file order.
    func uses(of apis: Set<SourceAPI>) -> [SourceUse] { uses.filter { apis.contains($0.api) } }
}

extension SourceUse {
    /// `AppDelegate.swift:12`.
    var place: String { "\(file):\(line)" }
    /// Where it is, for the finding.
    var location: Finding.Location { Finding.Location(file: file, line: line, column: column) }
}
