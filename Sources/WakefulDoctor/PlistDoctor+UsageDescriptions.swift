import Foundation
import Wakeful

extension PlistDoctor {
    /// One purpose string the file should have, who needs it and how much its absence matters.
    private struct Need {
        var description: UsageDescription
        var neededBy: String
        var severity: Finding.Severity
        var rules: [String]
    }

    /// The purpose strings the configuration's authorizations and the declared modes need.
    static func usageDescriptionFindings(_ plist: InfoPlist, modes: [BackgroundMode], requirements: AppRequirements?) -> [Finding] {
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
                add(Need(description: description, neededBy: "the declared mode \(mode.rawValue)", severity: .error, rules: description.rules))
            }
        }
        // Checked on its own, a location mode usually means background location that must survive
        // relaunches: under When In Use it works only for updates started in the foreground (LOC-4),
        // and region, visit and SLC relaunches need Always (LOC-16).
        if requirements == nil, modes.contains(.location) {
            add(Need(
                description: .locationAlways, neededBy: "the declared mode location, unless the app only continues updates it started in the foreground",
                severity: .warning, rules: ["LOC-4", "LOC-16"]))
        }
        return needs.compactMap { finding(for: $0, in: plist) }
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
                message: "is missing, needed by \(need.neededBy): without it \(description.withoutIt).\(instead) Add \(write).",
                rules: need.rules)
        }
        guard let text = value.string else {
            return Finding(
                need.severity, .wrongType, key: key,
                message: "is \(value.typeDescription); expected a string that tells the user why the app needs \(description.permission). Replace it with \(write).",
                rules: need.rules)
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix(InfoPlistFragment.placeholderPrefix) {
            return Finding(
                need.severity, .usageDescriptionPlaceholder, key: key,
                message: "is still the placeholder wakeful plist wrote, needed by \(need.neededBy): App Review rejects a purpose string that does not explain the use (guideline 5.1.1). Write one sentence on why the app needs \(description.permission).",
                rules: need.rules, guideline: "5.1.1")
        }
        guard trimmed.isEmpty else { return nil }
        return Finding(
            need.severity, .usageDescriptionEmpty, key: key,
            message: "is empty, needed by \(need.neededBy): the permission prompt would explain nothing and App Review rejects it (guideline 5.1.1). Write one sentence on why the app needs \(description.permission).",
            rules: need.rules, guideline: "5.1.1")
    }
}
