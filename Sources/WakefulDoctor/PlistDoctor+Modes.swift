import Foundation
import Wakeful

extension PlistDoctor {
    /// Modes the configuration needs against those the file declares; `modesKnown` false when the
    /// list holds a build setting doctor could not expand, so no mode is known to be missing.
    static func modeComparison(_ modes: [BackgroundMode], modesKnown: Bool = true, _ requirements: AppRequirements)
        -> [Finding]
    {
        let needed = requirements.combined.backgroundModes
        var findings: [Finding] = []
        for mode in needed where modesKnown && !modes.contains(mode) {
            let profile = mode.profile
            findings.append(
                Finding(
                    .error, .modeNotDeclared, key: modesKey, value: mode.rawValue,
                    message:
                        "\(mode.rawValue) is needed by \(list(requirements.users(of: mode))) but not declared. The mode \(profile.purpose); without it, iOS does not. Add \(xmlString(mode.rawValue)) to UIBackgroundModes (Xcode: Background Modes, \"\(profile.title)\").",
                    rules: profile.rules))
        }
        for mode in modes where !needed.contains(mode) {
            findings.append(
                Finding(
                    .warning, .modeUnused, key: modesKey, value: mode.rawValue,
                    message:
                        "\(mode.rawValue) is declared but nothing in \(requirements.source) uses it. If the app uses it for a feature of its own, keep it and describe that feature in the reviewer note; otherwise remove \(xmlString(mode.rawValue)): App Review rejects modes it cannot see in use (guideline 2.5.4).",
                    rules: ["REVIEW-2"], guideline: "2.5.4"))
        }
        return findings
    }
}
