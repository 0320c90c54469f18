import Foundation

/// The build settings of one target in one configuration, resolved as Xcode resolves them.
///
/// Every assignment is kept, lowest precedence first, as swift-build's `MacroValueAssignmentTable`
/// keeps a chain per setting: the value is the highest assignment whose conditions hold, and
/// `$(inherited)` in it continues down the chain. Levels, lowest first: doctor's defaults, the
/// project's `.xcconfig`, the project's settings, the target's `.xcconfig`, the target's settings.
/// Within a `project.pbxproj` dictionary the keys take effect in sorted order (swift-build's
/// `MacroNamespace.parseTable` sorts them), so `KEY[sdk=iphoneos*]` sorts after `KEY` and wins
/// when its condition holds; within an `.xcconfig` a later line wins.
public struct BuildSettings: Sendable, Hashable {
    /// The values conditions are tested against: `sdk`, `config`, `arch`.
    public let parameters: [String: String]
    /// Every assignment of each setting, lowest precedence first.
    public let assignments: [String: [BuildSettingAssignment]]
    /// Base `.xcconfig` files the configurations name that do not exist (CocoaPods writes its own
    /// only at `pod install`): their settings are missing, which a finding says.
    public let missingFiles: [Finding.Location]

    /// Creates settings from levels of assignments, lowest precedence first.
    public init(levels: [[BuildSettingAssignment]], parameters: [String: String], missingFiles: [Finding.Location] = [])
    {
        var assignments: [String: [BuildSettingAssignment]] = [:]
        for level in levels {
            for assignment in level { assignments[assignment.name, default: []].append(assignment) }
        }
        self.assignments = assignments
        self.parameters = parameters
        self.missingFiles = missingFiles
    }

    /// These settings with more assignments above all others.
    public func adding(_ more: [BuildSettingAssignment]) -> BuildSettings {
        BuildSettings(
            levels: [assignments.keys.sorted().flatMap { assignments[$0] ?? [] }, more], parameters: parameters,
            missingFiles: missingFiles)
    }

    /// The names of every setting assigned anywhere, sorted.
    public var names: [String] { assignments.keys.sorted() }

    /// Whether the setting is assigned at any level, whatever its conditions (swift-build's
    /// `table.contains`, which decides whether an `INFOPLIST_KEY_` setting counts as set).
    public func isAssigned(_ name: String) -> Bool { assignments[name] != nil }

    /// The assignment that gives the setting its value: the highest whose conditions hold.
    public func assignment(of name: String) -> BuildSettingAssignment? {
        index(of: name, below: nil).map { assignments[name]![$0] }
    }

    /// Where the setting's value is written; nil for doctor's defaults and unset settings.
    public func location(of name: String) -> Finding.Location? { assignment(of: name)?.location }

    /// The setting's value, fully expanded as Xcode does it (unknown settings become empty); nil
    /// when no assignment applies.
    public func value(of name: String) -> String? {
        guard assignment(of: name) != nil else { return nil }
        return expand("$(\(name))").value
    }

    /// The setting read as Xcode reads a boolean: true when its value starts with `Y`, `y`, `T`,
    /// `t` or a digit 1–9 (swift-build's `String.boolValue`); nil when it is not set.
    public func bool(_ name: String) -> Bool? {
        value(of: name).map(Self.boolValue)
    }

    /// Xcode's reading of a string as a boolean (`SWBUtil/String.swift`, `boolValue`).
    public static func boolValue(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        return first == UInt8(ascii: "Y") || first == UInt8(ascii: "y") || first == UInt8(ascii: "T")
            || first == UInt8(ascii: "t")
            || (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(first)
    }

    /// The highest assignment of `name` below position `limit` (all when nil) whose conditions hold.
    func index(of name: String, below limit: Int?) -> Int? {
        guard let chain = assignments[name] else { return nil }
        var position = min(limit ?? chain.count, chain.count) - 1
        while position >= 0 {
            if chain[position].applies(parameters) { return position }
            position -= 1
        }
        return nil
    }
}
