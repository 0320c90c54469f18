import Foundation

/// Why some bytes are not a JSON document, and where.
///
/// Lines and columns are 1-based; a column counts Unicode scalars, not bytes, so it matches what an
/// editor shows for UTF-8 text.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line of the offending byte.
    public var line: Int
    /// The column of the offending byte.
    public var column: Int
    /// The 0-based byte offset of the offending byte in the input.
    public var offset: Int
    /// What was wrong, e.g. `expected ':' after an object key, found '1'`.
    public var message: String

    /// Creates an error.
    public init(line: Int, column: Int, offset: Int, message: String) {
        self.line = line
        self.column = column
        self.offset = offset
        self.message = message
    }

    /// `line 1, column 7: expected ':' after an object key, found '1'`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
