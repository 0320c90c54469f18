import Foundation

/// Why bytes are not a valid ingest body or answer: the JSON path at fault and the expected form.
///
/// ```
/// records[3].recorded_at: expected an RFC 3339 time such as "2026-11-21T07:45:51.123Z", found "yesterday"
/// line 1, column 14: expected ':' after an object key, found ','
/// ```
public struct IngestDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path of the value at fault (`records[3].payload`); empty for the document as a whole.
    public var path: String
    /// What was wrong and what was expected.
    public var message: String

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, or only the message for the whole document.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
