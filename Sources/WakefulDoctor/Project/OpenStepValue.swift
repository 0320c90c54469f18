import Foundation

/// A value of an OpenStep (old-style ASCII) property list, the form `project.pbxproj` is written
/// in, with the line of every dictionary key and array item so findings can point at them.
public indirect enum OpenStepValue: Sendable, Hashable {
    /// A quoted or unquoted string; OpenStep lists have no numbers or booleans, only strings.
    case string(String)
    /// `<0fbd 7788>`.
    case data(Data)
    /// `( a, b, )`, with the line each item starts on.
    case array([OpenStepValue], lines: [Int])
    /// `{ key = value; }`.
    case dictionary(OpenStepDictionary)

    /// The string, when the value is one.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The dictionary, when the value is one.
    public var dictionary: OpenStepDictionary? {
        if case .dictionary(let dictionary) = self { return dictionary }
        return nil
    }

    /// The items, when the value is an array.
    public var array: [OpenStepValue]? {
        if case .array(let items, _) = self { return items }
        return nil
    }
}

/// An OpenStep dictionary: its entries, the order the keys were written in and the line of each.
public struct OpenStepDictionary: Sendable, Hashable {
    /// The entries; for a key written twice, the last value (as Foundation keeps it).
    public var entries: [String: OpenStepValue]
    /// The keys in the order they first appear, so output built from them is deterministic.
    public var keys: [String]
    /// The line of each key; for a key written twice, the last one.
    public var lines: [String: Int]
    /// Keys written more than once, with every line they are on.
    public var duplicates: [String: [Int]]

    /// Creates a dictionary.
    public init(
        entries: [String: OpenStepValue] = [:], keys: [String] = [], lines: [String: Int] = [:],
        duplicates: [String: [Int]] = [:]
    ) {
        self.entries = entries
        self.keys = keys
        self.lines = lines
        self.duplicates = duplicates
    }

    /// The value of a key.
    public subscript(key: String) -> OpenStepValue? { entries[key] }

    /// The string value of a key, when it is a string.
    public func string(_ key: String) -> String? { entries[key]?.string }

    /// Adds an entry, keeping the duplicate's lines when the key is already there.
    mutating func add(_ key: String, _ value: OpenStepValue, line: Int) {
        if let previous = lines[key] {
            duplicates[key, default: [previous]].append(line)
        } else {
            keys.append(key)
        }
        entries[key] = value
        lines[key] = line
    }
}
