import Foundation

/// Why a timeline line could not be read: the file, the 1-based line, the key and the expected form.
///
/// Its description reads like a compiler diagnostic, so editors and terminals can jump to it:
///
/// ```
/// device.jsonl:12: key "t": expected a number of seconds, found "abc"
/// device.jsonl:3:17: invalid JSON: expected ':' after an object key, found ','
/// ```
public struct TimelineDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file name as the caller gave it.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, for JSON syntax errors; nil when the line is valid JSON but not a valid entry.
    public var column: Int?
    /// The key at fault, with its path inside the line for nested values (`beacons[0].rssi`); nil when
    /// the line as a whole is at fault.
    public var key: String?
    /// What was wrong and the expected form, e.g. `expected a number of seconds, found "abc"`.
    public var message: String

    /// Creates an error.
    public init(file: String, line: Int, column: Int? = nil, key: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.key = key
        self.message = message
    }

    /// `file:line[:column]: [key "k": ]message`.
    public var description: String {
        var text = "\(file):\(line)"
        if let column { text += ":\(column)" }
        text += ": "
        if let key { text += "key \"\(key)\": " }
        return text + message
    }
}
