import Foundation

/// A string with build settings expanded, and the settings it referred to that have no value.
public struct BuildSettingExpansion: Sendable, Hashable {
    /// The expanded text.
    public var value: String
    /// Settings referred to (at any depth) that no assignment gives a value, sorted, each once.
    /// Xcode expands them to nothing; doctor reports them, as such a value is not what the app gets.
    public var unknown: [String]
}

extension BuildSettings {
    /// Expands `$(NAME)` and `${NAME}` references, nested ones (`$(VAR_$(OTHER))`), `$(inherited)`
    /// and the modifiers `:lower`, `:upper`, `:identifier`, `:rfc1034identifier`,
    /// `:c99extidentifier`, `:base`, `:dir`, `:file`, `:suffix` and `:default=value`. A bare
    /// `$NAME` is left as written.
    ///
    /// - Parameter text: A value that may refer to settings: `$(NAME)`, `${NAME}`, `$(NAME:modifier)`.
    /// - Parameter keepingUnknown: Leave a reference to a setting with no value as written
    ///   (`$(UNKNOWN)`) instead of expanding it to nothing as Xcode does; doctor keeps them in
    ///   Info.plist values so checks can treat them as placeholders.
    public func expand(_ text: String, keepingUnknown: Bool = false) -> BuildSettingExpansion {
        var evaluator = Evaluator(settings: self, keepingUnknown: keepingUnknown)
        let value = evaluator.expand(Substring(text), context: nil)
        return BuildSettingExpansion(value: value, unknown: evaluator.unknown.sorted())
    }
}

/// One expansion: the settings, the unknown names found so far, and the assignments being expanded
/// (to stop a setting that refers to itself).
private struct Evaluator {
    /// A setting's assignment being expanded, which `$(inherited)` in it continues below.
    struct Context: Hashable {
        var name: String
        var index: Int
    }

    let settings: BuildSettings
    let keepingUnknown: Bool
    var unknown: Set<String> = []
    var active: Set<Context> = []

    init(settings: BuildSettings, keepingUnknown: Bool) {
        self.settings = settings
        self.keepingUnknown = keepingUnknown
    }

    mutating func expand(_ text: Substring, context: Context?) -> String {
        guard text.contains("$") else { return String(text) }
        var result = ""
        var rest = text
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let open = rest.index(after: dollar)
            guard open < rest.endIndex, rest[open] == "(" || rest[open] == "{",
                let close = Self.matchingClose(rest, open: open)
            else {
                result.append("$")
                rest = rest[open...]
                continue
            }
            result += reference(rest[rest.index(after: open)..<close], written: rest[dollar...close], context: context)
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The value of one reference, given what is inside its parentheses.
    private mutating func reference(_ inside: Substring, written: Substring, context: Context?) -> String {
        let text = expand(inside, context: context)
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        let modifiers = parts.count > 1 ? Self.modifiers(parts[1]) : []
        var value: String
        if name.isEmpty {
            // `$()` is the idiom for "nothing", as in `https:/$()/example.com` in an xcconfig.
            value = ""
        } else if name == "inherited" {
            value = context.flatMap { evaluate($0.name, below: $0.index) } ?? ""
        } else if let context, context.name == name {
            // A setting that names itself (`X = $(X) -y`, common in layered .xcconfig files) means
            // the value below it, as `$(inherited)` does; swift-build resolves it so.
            value = evaluate(name, below: context.index) ?? ""
        } else if let found = evaluate(name, below: nil) {
            value = found
        } else {
            let hasDefault = modifiers.contains { $0.hasPrefix("default=") }
            if !hasDefault {
                unknown.insert(name)
                if keepingUnknown { return String(written) }
            }
            value = ""
        }
        for modifier in modifiers { value = Self.apply(modifier, to: value) }
        return value
    }

    /// The expanded value of the highest applicable assignment of `name` below `limit`; nil when none.
    private mutating func evaluate(_ name: String, below limit: Int?) -> String? {
        guard let index = settings.index(of: name, below: limit), let chain = settings.assignments[name] else {
            return nil
        }
        let context = Context(name: name, index: index)
        // A setting defined in terms of itself (without $(inherited)) has no value; Xcode reports a cycle.
        guard !active.contains(context) else {
            unknown.insert(name)
            return ""
        }
        active.insert(context)
        defer { active.remove(context) }
        return expand(Substring(chain[index].value), context: context)
    }

    /// `lower:default=a:b` as `["lower", "default=a:b"]`: a default's value runs to the end.
    private static func modifiers(_ text: Substring) -> [String] {
        var result: [String] = []
        var rest = text
        while !rest.isEmpty {
            if rest.hasPrefix("default=") {
                result.append(String(rest))
                break
            }
            let end = rest.firstIndex(of: ":") ?? rest.endIndex
            result.append(String(rest[..<end]))
            rest = end == rest.endIndex ? "" : rest[rest.index(after: end)...]
        }
        return result
    }

    /// Applies one modifier as swift-build's `MacroEvaluationProgram.swift` does; unknown
    /// modifiers (swift-build reports them) leave the value as it is.
    private static func apply(_ modifier: String, to value: String) -> String {
        if modifier.hasPrefix("default=") {
            return value.isEmpty ? String(modifier.dropFirst("default=".count)) : value
        }
        switch modifier {
        case "lower": return value.lowercased()
        case "upper": return value.uppercased()
        case "identifier": return identifier(value, keep: { $0 == "_" }, replacement: "_")
        case "rfc1034identifier": return identifier(value, keep: { $0 == "-" }, replacement: "-")
        case "c99extidentifier": return c99ExtendedIdentifier(value)
        case "file": return (value as NSString).lastPathComponent
        case "base": return ((value as NSString).lastPathComponent as NSString).deletingPathExtension
        case "suffix":
            let suffix = (value as NSString).pathExtension
            return suffix.isEmpty ? "" : "." + suffix
        case "dir":
            let directory = (value as NSString).deletingLastPathComponent
            if directory.isEmpty { return "./" }
            return directory.hasSuffix("/") ? directory : directory + "/"
        default: return value
        }
    }

    /// swift-build's `asIdentifierOfType`: ASCII letters stay, digits stay except in first place,
    /// the kept punctuation stays, anything else (each character of the decomposed form) becomes
    /// the replacement.
    private static func identifier(_ value: String, keep: (Character) -> Bool, replacement: Character) -> String {
        var result = ""
        let decomposed = value.decomposedStringWithCanonicalMapping
        for (offset, character) in decomposed.enumerated() {
            // Character ranges, as swift-build matches them: "é" falls outside "a"..."z".
            let isLetter = ("A"..."Z").contains(character) || ("a"..."z").contains(character)
            let isDigit = ("0"..."9").contains(character)
            result.append(isLetter || keep(character) || (isDigit && offset > 0) ? character : replacement)
        }
        return result
    }

    /// SwiftPM's C99 extended-identifier mangling, simplified: letters (any script), digits and
    /// `_` stay, everything else becomes `_`, and a leading digit becomes `_`.
    private static func c99ExtendedIdentifier(_ value: String) -> String {
        var scalars = value.precomposedStringWithCanonicalMapping.unicodeScalars.map { scalar -> Unicode.Scalar in
            let keep = scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            return keep ? scalar : "_"
        }
        if let first = scalars.first, ("0"..."9").contains(first) { scalars[0] = "_" }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }

    /// The index of the bracket closing the one at `open`, counting nested brackets of its kind.
    private static func matchingClose(_ text: Substring, open: Substring.Index) -> Substring.Index? {
        let opener = text[open]
        let closer: Character = opener == "(" ? ")" : "}"
        var level = 0
        var index = open
        while index < text.endIndex {
            let character = text[index]
            if character == opener {
                level += 1
            } else if character == closer {
                level -= 1
                if level == 0 { return index }
            }
            index = text.index(after: index)
        }
        return nil
    }
}
