import Foundation
import Wakeful

extension PlistDoctor {
    /// One purpose string the file should have, who needs it and how much its absence matters.
    private struct Need {
        var description: UsageDescription
        var neededBy: String
        var severity: Finding.Severity
        var rules: [String]
        var location: Finding.Location?
    }

    /// Calls in the code that make iOS ask for a permission, and the purpose strings they need.
    private static let codeNeeds: [(api: SourceAPI, descriptions: [UsageDescription])] = [
        (.whenInUseAuthorizationRequest, [.locationWhenInUse]),
        (.alwaysAuthorizationRequest, [.locationWhenInUse, .locationAlways]),
        // Live updates and the session types ask for When In Use themselves (LOC-8, LOC-9).
        (.liveUpdates, [.locationWhenInUse]),
        (.backgroundActivitySession, [.locationWhenInUse]),
        (.serviceSession, [.locationWhenInUse]),
        (.centralManager, [.bluetoothAlways]),
        (.peripheralManager, [.bluetoothAlways]),
        (.motionActivity, [.motion]),
        (.nearbyInteraction, [.nearbyInteraction]),
        (.pushToTalk, [.microphone]),
    ]

    /// The calls that show the app uses the framework a purpose string is for: with none of them in
    /// the code, a retired key for it is a leftover.
    private static let frameworkUses: [String: Set<SourceAPI>] = [
        UsageDescription.locationWhenInUse.key: coreLocation,
        UsageDescription.locationAlways.key: coreLocation,
        UsageDescription.bluetoothAlways.key: [.centralManager, .peripheralManager],
        UsageDescription.nearbyInteraction.key: [.nearbyInteraction],
    ]

    /// Every Core Location use the scanner sees.
    private static let coreLocation: Set<SourceAPI> = [
        .locationManager, .standardLocationUpdates, .significantLocationChanges, .visits, .regionMonitoring,
        .beaconRanging,
        .backgroundLocationUpdates, .backgroundActivitySession, .liveUpdates, .serviceSession,
        .alwaysAuthorizationRequest,
        .whenInUseAuthorizationRequest,
        .temporaryFullAccuracyRequest,
    ]

    /// Purpose strings: those the configuration's authorizations, the declared modes and the
    /// code's calls need (missing, empty, wrong type, a placeholder, or only a retired key), and
    /// every other purpose string the file has (empty, wrong type or a placeholder is still wrong).
    static func usageDescriptionFindings(
        _ plist: InfoPlist, modes: [BackgroundMode], requirements: AppRequirements?, code: SourceEvidence? = nil
    ) -> [Finding] {
        var needs: [Need] = []
        func add(_ need: Need) {
            if let index = needs.firstIndex(where: { $0.description == need.description }) {
                needs[index].severity = min(needs[index].severity, need.severity)
            } else {
                needs.append(need)
            }
        }
        for entry in requirements?.entries ?? [] {
            for description in UsageDescription.required(for: entry.requirements) {
                let users = list(requirements?.users(of: description) ?? [])
                add(Need(description: description, neededBy: users, severity: .error, rules: description.rules))
            }
        }
        for mode in modes {
            for description in mode.profile.usageDescriptions {
                add(
                    Need(
                        description: description, neededBy: "the declared mode \(mode.rawValue)", severity: .error,
                        rules: description.rules))
            }
        }
        for (api, descriptions) in codeNeeds {
            guard let call = code?.uses(of: [api]).first else { continue }
            for description in descriptions {
                add(
                    Need(
                        description: description, neededBy: "\(call.api.phrase) at \(call.place)", severity: .error,
                        rules: description.rules,
                        location: call.location))
            }
        }
        // Checked on its own, a location mode usually means background location that must survive
        // relaunches: under When In Use it works only for updates started in the foreground (LOC-4),
        // and region, visit and SLC relaunches need Always (LOC-16).
        if requirements == nil, code == nil, modes.contains(.location) {
            add(
                Need(
                    description: .locationAlways,
                    neededBy:
                        "the declared mode location, unless the app only continues updates it started in the foreground",
                    severity: .warning, rules: ["LOC-4", "LOC-16"]))
        }
        var findings = needs.compactMap { finding(for: $0, in: plist) }
        let needed = Set(needs.map(\.description.key))
        findings += presentPurposeStringFindings(plist, skipping: needed)
        findings += retiredKeyFindings(plist, skipping: needed, code: code)
        return findings
    }

    /// Every `NS…UsageDescription` the file has and nothing above needed: still wrong when empty,
    /// not a string or the placeholder, because iOS shows it whenever the app asks. Doctor may not
    /// see the request (a library, a framework it does not scan), so the fix offered is either a
    /// sentence or removing the key.
    private static func presentPurposeStringFindings(_ plist: InfoPlist, skipping needed: Set<String>) -> [Finding] {
        plist.entries.keys.sorted().filter {
            $0.hasPrefix("NS") && $0.hasSuffix("UsageDescription") && !needed.contains($0)
        }.compactMap { key in
            plist[key].flatMap { value in
                let rules = UsageDescription.known.first { $0.key == key }?.rules ?? []
                return valueFinding(
                    key: key, value: value, severity: .warning, rules: rules, location: plist.location(ofKey: key),
                    need: nil)
            }
        }
    }

    /// A retired key with nothing under the key that replaced it: current iOS ignores it, so the
    /// request it was meant for fails as if there were none. When the code was read and nothing in
    /// it asks for that permission, the key is a leftover: a note to remove it, not a warning.
    private static func retiredKeyFindings(_ plist: InfoPlist, skipping needed: Set<String>, code: SourceEvidence?)
        -> [Finding]
    {
        UsageDescription.known.filter { !needed.contains($0.key) && plist[$0.key] == nil }.flatMap { description in
            description.replaces.filter { plist[$0] != nil }.map { old in
                if let code, let askers = frameworkUses[description.key], code.uses(of: askers).isEmpty {
                    return Finding(
                        .note, .usageDescriptionRetired, key: old,
                        message:
                            "is a purpose string for \(description.permission) under a key current iOS versions ignore, and no code in the \(code.files.count) source files read asks for that permission: it is a leftover. Remove it, or if a library asks for \(description.permission), add <key>\(description.key)</key> with the same sentence.",
                        rules: description.rules, location: plist.location(ofKey: old))
                }
                return Finding(
                    .warning, .usageDescriptionRetired, key: old,
                    message:
                        "is the only purpose string for \(description.permission), and current iOS versions ignore it: without \(description.key) \(description.withoutIt). Add <key>\(description.key)</key> with the same sentence, and keep \(old) only for the old iOS versions the app still supports.",
                    rules: description.rules, location: plist.location(ofKey: old))
            }
        }
    }

    private static func finding(for need: Need, in plist: InfoPlist) -> Finding? {
        let description = need.description
        let key = description.key
        let write = "<key>\(key)</key>\(xmlString("\(InfoPlistFragment.placeholderPrefix) \(description.permission)."))"
        guard let value = plist[key] else {
            let old = description.replaces.filter { plist[$0] != nil }
            let instead = old.isEmpty ? "" : " The file has only \(list(old)), which current iOS versions ignore."
            return Finding(
                need.severity, .usageDescriptionMissing, key: key,
                message:
                    "is missing, needed by \(need.neededBy): without it \(description.withoutIt).\(instead) Add \(write).",
                rules: need.rules, location: need.location)
        }
        return valueFinding(
            key: key, value: value, severity: need.severity, rules: need.rules, location: plist.location(ofKey: key),
            need: need)
    }

    /// What is wrong with a purpose string that is there: not a string, still the placeholder, or
    /// empty; nil when it is a sentence. With `need`, the use doctor saw is named and the fix is a
    /// sentence; without it doctor may not see the request, so the fix is a sentence or removing the key.
    private static func valueFinding(
        key: String, value: PlistValue, severity: Finding.Severity, rules: [String], location: Finding.Location?,
        need: Need?
    ) -> Finding? {
        let permission = need?.description.permission
        let neededBy = need.map { ", needed by \($0.neededBy)" } ?? ""
        let sentence =
            permission.map { "Write one sentence on why the app needs \($0)." }
            ?? "Write one sentence on why the app asks, or remove the key if it never does."
        guard let problem = purposeStringProblem(value) else { return nil }
        switch problem {
        case .wrongType:
            let replace =
                need.map {
                    "Replace it with <key>\(key)</key>\(xmlString("\(InfoPlistFragment.placeholderPrefix) \($0.description.permission)."))."
                } ?? sentence
            return Finding(
                severity, .wrongType, key: key,
                message:
                    "is \(value.typeDescription); expected a string that tells the user why the app \(permission.map { "needs \($0)" } ?? "asks"). \(replace)",
                rules: rules, location: location)
        case .usageDescriptionPlaceholder:
            return Finding(
                severity, .usageDescriptionPlaceholder, key: key,
                message:
                    "is still the placeholder wakeful plist wrote\(neededBy): App Review rejects a purpose string that does not explain the use (guideline 5.1.1). \(sentence)",
                rules: rules, guideline: "5.1.1", location: location)
        default:
            return Finding(
                severity, .usageDescriptionEmpty, key: key,
                message:
                    "is empty\(neededBy): the permission prompt would explain nothing and App Review rejects it (guideline 5.1.1). \(sentence)",
                rules: rules, guideline: "5.1.1", location: location)
        }
    }

    /// What is wrong with a purpose string, for any key or dictionary entry that holds one: not a
    /// string, still `wakeful plist`'s placeholder, or empty; nil when it reads.
    static func purposeStringProblem(_ value: PlistValue) -> Finding.Check? {
        guard let text = value.string else { return .wrongType }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix(InfoPlistFragment.placeholderPrefix) { return .usageDescriptionPlaceholder }
        return trimmed.isEmpty ? .usageDescriptionEmpty : nil
    }
}
