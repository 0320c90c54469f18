import Foundation
import Wakeful

extension PlistDoctor {
    /// The known modes `UIBackgroundModes` declares, each once, in the file's order; findings for
    /// a wrong type, unknown values, spaces and repeats.
    static func declaredModes(_ plist: InfoPlist, into findings: inout [Finding]) -> [BackgroundMode] {
        guard let strings = strings(of: modesKey, in: plist, example: "location", into: &findings) else { return [] }
        var modes: [BackgroundMode] = []
        var repeats = Repeats()
        for (index, raw) in strings {
            let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            let location = plist.location(ofKey: modesKey, item: index)
            guard let mode = BackgroundMode(rawValue: trimmed) else {
                if IdentifierPattern(trimmed).isPattern {
                    findings.append(
                        Finding(
                            .warning, .unexpandedSetting, key: modesKey, value: raw,
                            message:
                                "item \(index), \"\(raw)\", is a build setting that doctor could not expand, so it cannot tell which mode it declares. Pass --project App.xcodeproj (with --target and --configuration) so doctor reads the setting, or check the built app's Info.plist.",
                            location: location))
                    continue
                }
                findings.append(
                    Finding(
                        .error, .unknownMode, key: modesKey, value: raw,
                        message:
                            "item \(index), \"\(raw)\", is not a background mode iOS knows, so it has no effect. \(suggestion(for: trimmed))",
                        location: location))
                continue
            }
            if trimmed != raw {
                findings.append(
                    Finding(
                        .error, .whitespace, key: modesKey, value: raw,
                        message:
                            "item \(index), \"\(raw)\", has spaces around it; iOS compares values exactly, so \(mode.rawValue) is not in effect. Write \(xmlString(mode.rawValue)).",
                        location: location))
            }
            if repeats.note(mode.rawValue, index: index, location: location) { modes.append(mode) }
        }
        findings += repeats.findings(key: modesKey)
        return modes
    }

    /// The entries of `BGTaskSchedulerPermittedIdentifiers` as patterns, each once; findings for a
    /// wrong type, empty entries, spaces and repeats.
    static func permittedIdentifiers(_ plist: InfoPlist, settings: [String: String], into findings: inout [Finding])
        -> [IdentifierPattern]
    {
        guard let strings = strings(of: identifiersKey, in: plist, example: "com.example.app.refresh", into: &findings)
        else { return [] }
        var patterns: [IdentifierPattern] = []
        var repeats = Repeats()
        for (index, raw) in strings {
            let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            let location = plist.location(ofKey: identifiersKey, item: index)
            guard !trimmed.isEmpty else {
                findings.append(
                    Finding(
                        .error, .wrongType, key: identifiersKey, value: raw,
                        message:
                            "item \(index) is an empty string; expected a task identifier in reverse-DNS form. Remove it or fill it in.",
                        rules: ["BGT-9"], location: location))
                continue
            }
            if trimmed != raw {
                findings.append(
                    Finding(
                        .error, .whitespace, key: identifiersKey, value: raw,
                        message:
                            "item \(index), \"\(raw)\", has spaces around it; identifiers are compared exactly, so a request for \(trimmed) is refused (notPermitted). Write \(xmlString(trimmed)).",
                        rules: ["BGT-9"], location: location))
            }
            if repeats.note(trimmed, index: index, location: location) {
                patterns.append(IdentifierPattern(trimmed, settings: settings))
            }
        }
        findings += repeats.findings(key: identifiersKey)
        return patterns
    }

    /// The string items of an array-of-strings key with their indices; nil when the key is absent
    /// or not an array (a finding then says so).
    private static func strings(of key: String, in plist: InfoPlist, example: String, into findings: inout [Finding])
        -> [(Int, String)]?
    {
        guard let value = plist[key] else { return nil }
        guard case .array(let items) = value else {
            findings.append(
                Finding(
                    .error, .wrongType, key: key,
                    message:
                        "is \(value.typeDescription); expected an array of strings, so iOS ignores the key as it stands. Replace it with an array, e.g. <key>\(key)</key><array>\(xmlString(example))</array>.",
                    rules: key == identifiersKey ? ["BGT-9"] : [], location: plist.location(ofKey: key)))
            return nil
        }
        var strings: [(Int, String)] = []
        for (index, item) in items.enumerated() {
            guard let text = item.string else {
                findings.append(
                    Finding(
                        .error, .wrongType, key: key,
                        message:
                            "item \(index) is \(item.typeDescription); expected a string such as \(xmlString(example)). Replace it.",
                        location: plist.location(ofKey: key, item: index)))
                continue
            }
            strings.append((index, text))
        }
        return strings
    }

    /// "Did you mean …" for an unknown mode: a different case, Xcode's display name, or a typo
    /// within two edits; then the full list.
    private static func suggestion(for text: String) -> String {
        let known = BackgroundMode.allCases
        let lowered = text.lowercased()
        let match =
            known.first { $0.rawValue.lowercased() == lowered || $0.profile.title.lowercased() == lowered }
            ?? known.map { ($0, editDistance(lowered, $0.rawValue)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
        let list = "Expected one of: \(known.map(\.rawValue).joined(separator: ", "))."
        guard let match else { return "Remove it or correct it. \(list)" }
        return "Did you mean \(match.rawValue) (\(match.profile.title))? Write \(xmlString(match.rawValue)). \(list)"
    }

    /// Levenshtein distance, for short strings.
    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// Values listed more than once in one array: one finding per value however often it repeats (a
/// file with 200,000 copies of a mode gets one finding that says so, not 199,999).
private struct Repeats {
    private var first: [String: (index: Int, location: Finding.Location?)] = [:]
    private var again: [String: [(index: Int, location: Finding.Location?)]] = [:]
    private var order: [String] = []

    /// Records a value; true the first time it is seen.
    mutating func note(_ value: String, index: Int, location: Finding.Location?) -> Bool {
        guard first[value] != nil else {
            first[value] = (index, location)
            return true
        }
        if again[value] == nil { order.append(value) }
        again[value, default: []].append((index, location))
        return false
    }

    /// One warning per repeated value, pointing at the first repeat, the others as related places
    /// (at most 20, so the report stays readable).
    func findings(key: String) -> [Finding] {
        order.compactMap { value in
            guard let original = first[value], let copies = again[value], let firstCopy = copies.first else {
                return nil
            }
            let message =
                copies.count == 1
                ? "\(value) is listed more than once (items \(original.index) and \(firstCopy.index)). Remove one, and write the other exactly as \(PlistDoctor.xmlString(value))."
                : "\(value) is listed \(copies.count + 1) times (items \(original.index), \(firstCopy.index) and \(copies.count - 1) more). Remove all but one, and write that one exactly as \(PlistDoctor.xmlString(value))."
            return Finding(
                .warning, .duplicate, key: key, value: value, message: message,
                location: firstCopy.location ?? original.location,
                related: copies.dropFirst().prefix(20).compactMap(\.location))
        }
    }
}
