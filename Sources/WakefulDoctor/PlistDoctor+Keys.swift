import Foundation
import Wakeful

extension PlistDoctor {
    /// The known modes `UIBackgroundModes` declares, each once, in the file's order; findings for
    /// a wrong type, unknown values, spaces and repeats.
    static func declaredModes(_ plist: InfoPlist, into findings: inout [Finding]) -> [BackgroundMode] {
        guard let strings = strings(of: modesKey, in: plist, example: "location", into: &findings) else { return [] }
        var modes: [BackgroundMode] = []
        var firstIndex: [BackgroundMode: Int] = [:]
        for (index, raw) in strings {
            let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let mode = BackgroundMode(rawValue: trimmed) else {
                findings.append(Finding(
                    .error, .unknownMode, key: modesKey, value: raw,
                    message: "item \(index), \"\(raw)\", is not a background mode iOS knows, so it has no effect. \(suggestion(for: trimmed))"))
                continue
            }
            if trimmed != raw {
                findings.append(Finding(
                    .error, .whitespace, key: modesKey, value: raw,
                    message: "item \(index), \"\(raw)\", has spaces around it; iOS compares values exactly, so \(mode.rawValue) is not in effect. Write \(xmlString(mode.rawValue))."))
            }
            if let first = firstIndex[mode] {
                findings.append(Finding(
                    .warning, .duplicate, key: modesKey, value: mode.rawValue,
                    message: "\(mode.rawValue) is listed more than once (items \(first) and \(index)). Remove one, and write the other exactly as \(xmlString(mode.rawValue))."))
                continue
            }
            firstIndex[mode] = index
            modes.append(mode)
        }
        return modes
    }

    /// The entries of `BGTaskSchedulerPermittedIdentifiers` as patterns, each once; findings for a
    /// wrong type, empty entries, spaces and repeats.
    static func permittedIdentifiers(_ plist: InfoPlist, settings: [String: String], into findings: inout [Finding]) -> [IdentifierPattern] {
        guard let strings = strings(of: identifiersKey, in: plist, example: "com.example.app.refresh", into: &findings) else { return [] }
        var patterns: [IdentifierPattern] = []
        var firstIndex: [String: Int] = [:]
        for (index, raw) in strings {
            let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else {
                findings.append(Finding(
                    .error, .wrongType, key: identifiersKey, value: raw,
                    message: "item \(index) is an empty string; expected a task identifier in reverse-DNS form. Remove it or fill it in.",
                    rules: ["BGT-9"]))
                continue
            }
            if trimmed != raw {
                findings.append(Finding(
                    .error, .whitespace, key: identifiersKey, value: raw,
                    message: "item \(index), \"\(raw)\", has spaces around it; identifiers are compared exactly, so a request for \(trimmed) is refused (notPermitted). Write \(xmlString(trimmed)).",
                    rules: ["BGT-9"]))
            }
            if let first = firstIndex[trimmed] {
                findings.append(Finding(
                    .warning, .duplicate, key: identifiersKey, value: trimmed,
                    message: "\(trimmed) is listed more than once (items \(first) and \(index)). Remove one, and write the other exactly as \(xmlString(trimmed))."))
                continue
            }
            firstIndex[trimmed] = index
            patterns.append(IdentifierPattern(trimmed, settings: settings))
        }
        return patterns
    }

    /// The string items of an array-of-strings key with their indices; nil when the key is absent
    /// or not an array (a finding then says so).
    private static func strings(of key: String, in plist: InfoPlist, example: String, into findings: inout [Finding]) -> [(Int, String)]? {
        guard let value = plist[key] else { return nil }
        guard case .array(let items) = value else {
            findings.append(Finding(
                .error, .wrongType, key: key,
                message: "is \(value.typeDescription); expected an array of strings, so iOS ignores the key as it stands. Replace it with an array, e.g. <key>\(key)</key><array>\(xmlString(example))</array>.",
                rules: key == identifiersKey ? ["BGT-9"] : []))
            return nil
        }
        var strings: [(Int, String)] = []
        for (index, item) in items.enumerated() {
            guard let text = item.string else {
                findings.append(Finding(
                    .error, .wrongType, key: key,
                    message: "item \(index) is \(item.typeDescription); expected a string such as \(xmlString(example)). Replace it."))
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
