import Foundation
import Wakeful

extension PlistDoctor {
    /// The dictionary of purpose strings `requestTemporaryFullAccuracyAuthorization` needs (AUTH-7).
    static let temporaryUsageKey = "NSLocationTemporaryUsageDescriptionDictionary"
    /// Approximate location by default (iOS 14+, AUTH-6).
    static let defaultAccuracyReducedKey = "NSLocationDefaultAccuracyReduced"

    /// Location accuracy: the temporary full-accuracy request needs its dictionary of purpose
    /// strings, each a sentence (AUTH-7); reduced accuracy by default leaves region monitoring and
    /// beacon ranging with nothing (AUTH-6).
    static func accuracyFindings(_ plist: InfoPlist, code: SourceEvidence?) -> [Finding] {
        var findings: [Finding] = []
        if let call = code?.uses(of: [.temporaryFullAccuracyRequest]).first {
            findings += temporaryUsageFindings(plist, neededBy: "\(call.api.phrase) at \(call.place)", call: call)
        }
        if plist[defaultAccuracyReducedKey] == .boolean(true),
            let use = code?.uses(of: [.regionMonitoring, .beaconRanging]).first
        {
            findings.append(
                Finding(
                    .warning, .reducedAccuracyLosses, key: defaultAccuracyReducedKey,
                    message:
                        "is true, so the app gets approximate location unless the user turns Precise Location on: with reduced accuracy iOS monitors no region or beacon and ranges no beacon, so \(use.api.phrase) at \(use.place) gets nothing and no region event relaunches the app. Remove the key, or ask for temporary full accuracy first.",
                    rules: ["AUTH-6"], location: plist.location(ofKey: defaultAccuracyReducedKey)))
        }
        return findings
    }

    private static func temporaryUsageFindings(_ plist: InfoPlist, neededBy: String, call: SourceUse) -> [Finding] {
        let key = temporaryUsageKey
        let example =
            "<key>\(key)</key><dict><key>PurposeKey</key><string>Why the app needs your precise location now.</string></dict>"
        guard let value = plist[key] else {
            return [
                Finding(
                    .error, .usageDescriptionMissing, key: key,
                    message:
                        "is missing, needed by \(neededBy): without it iOS shows no prompt and the app keeps approximate location. Add \(example), with the purpose key the code passes.",
                    rules: ["AUTH-7"], location: call.location)
            ]
        }
        guard case .dictionary(let purposes) = value else {
            return [
                Finding(
                    .error, .wrongType, key: key,
                    message:
                        "is \(value.typeDescription); expected a dictionary from each purpose key the code passes to a sentence. Replace it with \(example).",
                    rules: ["AUTH-7"], location: plist.location(ofKey: key))
            ]
        }
        guard !purposes.isEmpty else {
            return [
                Finding(
                    .error, .usageDescriptionEmpty, key: key,
                    message:
                        "is an empty dictionary, needed by \(neededBy): every purpose key is missing, so iOS shows no prompt. Add <key>PurposeKey</key><string>…</string> with the key the code passes.",
                    rules: ["AUTH-7"], location: plist.location(ofKey: key))
            ]
        }
        return purposes.keys.sorted().compactMap { purpose in
            guard let value = purposes[purpose], let problem = purposeStringProblem(value) else { return nil }
            let what =
                switch problem {
                case .wrongType: "as no string"
                case .usageDescriptionPlaceholder: "still as wakeful plist's placeholder"
                default: "empty"
                }
            return Finding(
                .error, problem, key: key, value: purpose,
                message:
                    "has \(purpose) \(what): the full-accuracy prompt would explain nothing and App Review rejects it (guideline 5.1.1). Write one sentence on why the app needs precise location for \(purpose).",
                rules: ["AUTH-7"], guideline: "5.1.1", location: plist.location(ofKey: key))
        }
    }
}
