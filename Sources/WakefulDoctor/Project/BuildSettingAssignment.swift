import Foundation

/// One `NAME[condition…] = value` as written in `project.pbxproj` or an `.xcconfig`, with where.
public struct BuildSettingAssignment: Sendable, Hashable {
    /// The setting's name, without conditions: `PRODUCT_BUNDLE_IDENTIFIER`.
    public var name: String
    /// The conditions in brackets, all of which must hold: `[sdk=iphoneos*][config=Release]`.
    public var conditions: [BuildSettingCondition]
    /// The value as written, unexpanded.
    public var value: String
    /// The file and line; nil for the defaults doctor supplies.
    public var location: Finding.Location?

    /// Creates an assignment.
    public init(
        name: String, conditions: [BuildSettingCondition] = [], value: String, location: Finding.Location? = nil
    ) {
        self.name = name
        self.conditions = conditions
        self.value = value
        self.location = location
    }

    /// Parses a key such as `OTHER_LDFLAGS[sdk=iphoneos*][arch=arm64]` (the comma form
    /// `[sdk=iphoneos*,arch=arm64]` too); nil when it is not a setting name with conditions.
    public init?(key: String, value: String, location: Finding.Location?) {
        let trimmed = key.trimmingCharacters(in: .whitespaces)
        guard let bracket = trimmed.firstIndex(of: "[") else {
            guard Self.isName(trimmed) else { return nil }
            self.init(name: trimmed, value: value, location: location)
            return
        }
        let name = String(trimmed[..<bracket]).trimmingCharacters(in: .whitespaces)
        guard Self.isName(name) else { return nil }
        var conditions: [BuildSettingCondition] = []
        var rest = trimmed[bracket...]
        while let open = rest.first {
            guard open == "[", let close = rest.firstIndex(of: "]") else { return nil }
            for part in rest[rest.index(after: rest.startIndex)..<close].split(separator: ",") {
                let pieces = part.split(separator: "=", maxSplits: 1)
                guard pieces.count == 2 else { return nil }
                let parameter = pieces[0].trimmingCharacters(in: .whitespaces)
                guard !parameter.isEmpty else { return nil }
                conditions.append(
                    BuildSettingCondition(parameter: parameter, pattern: pieces[1].trimmingCharacters(in: .whitespaces))
                )
            }
            rest = rest[rest.index(after: close)...].drop { $0 == " " || $0 == "\t" }
        }
        self.init(name: name, conditions: conditions, value: value, location: location)
    }

    /// Whether every condition holds for the given parameter values.
    func applies(_ parameters: [String: String]) -> Bool {
        conditions.allSatisfy { $0.matches(parameters) }
    }

    /// Letters, digits and underscores, not starting with a digit.
    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
        else { return false }
        return text.unicodeScalars.allSatisfy {
            $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
        }
    }
}

/// One `[parameter=pattern]` condition on a build setting.
public struct BuildSettingCondition: Sendable, Hashable {
    /// `sdk`, `config`, `arch`, `variant` …
    public var parameter: String
    /// A pattern where `*` matches any run of characters: `iphoneos*`.
    public var pattern: String

    /// Creates a condition.
    public init(parameter: String, pattern: String) {
        self.parameter = parameter
        self.pattern = pattern
    }

    /// Whether the condition holds. A parameter doctor has no value for holds only for the pattern
    /// `*`, as in swift-build (`MacroValueAssignmentTable.swift`: "Conditions that reference
    /// parameters that don't have a value … are only considered to match if the match pattern is `*`").
    func matches(_ parameters: [String: String]) -> Bool {
        guard let value = parameters[parameter] else { return pattern == "*" }
        return Self.glob(Array(pattern.unicodeScalars)[...], Array(value.unicodeScalars)[...])
    }

    private static func glob(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        if first == "*" {
            var rest = text
            while true {
                if glob(pattern.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let character = text.first, character == first || first == "?" else { return false }
        return glob(pattern.dropFirst(), text.dropFirst())
    }
}
