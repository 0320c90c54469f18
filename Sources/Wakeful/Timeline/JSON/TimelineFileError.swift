import Foundation

/// Why a timeline file could not be created, written or closed; it names the path.
///
/// ```
/// cannot create timeline file "/tmp/missing/run.jsonl": the folder "/tmp/missing" does not exist
/// ```
public struct TimelineFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the writer was doing; more codes may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The word used in messages.
        public var description: String

        /// Creating or truncating the file failed.
        public static let create = Code(description: "create")
        /// Writing buffered lines failed (disk full, file removed, …).
        public static let write = Code(description: "write")
        /// Closing the file failed.
        public static let close = Code(description: "close")
    }

    /// What failed.
    public var code: Code
    /// The file's path as given to the writer.
    public var path: String
    /// Why, and what to check.
    public var reason: String

    /// Creates an error.
    public init(code: Code, path: String, reason: String) {
        self.code = code
        self.path = path
        self.reason = reason
    }

    /// `cannot <code> timeline file "<path>": <reason>`.
    public var description: String { "cannot \(code) timeline file \"\(path)\": \(reason)" }
}
