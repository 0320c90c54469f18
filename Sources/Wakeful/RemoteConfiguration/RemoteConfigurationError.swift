import Foundation

/// Why a remote configuration was refused or could not be applied: the field at fault and the
/// form it must have.
///
/// ```
/// jobs.sample.interval: expected a number of seconds > 0, found -5
/// signature: does not verify with the app's configuration key
/// strategies.ScheduledTracking.desiredAcuracy: unknown option; expected one of desiredAccuracy, distanceFilter, …
/// ```
public struct RemoteConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path of the field at fault (`jobs.sample.interval`); empty for the document as a whole.
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

    /// The error of a strategy's options that did not decode, naming the option by its path
    /// below `path`.
    init(decoding error: DecodingError, below path: String) {
        func joined(_ codingPath: [any CodingKey]) -> String {
            ([path] + codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }).joined(separator: ".")
                .replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .typeMismatch(let type, let context):
            self.init(path: joined(context.codingPath), message: "expected \(Self.describe(type))")
        case .valueNotFound(let type, let context):
            self.init(path: joined(context.codingPath), message: "expected \(Self.describe(type)), found null")
        case .keyNotFound(let key, let context):
            self.init(path: joined(context.codingPath + [key]), message: "is required")
        case .dataCorrupted(let context):
            self.init(path: joined(context.codingPath), message: context.debugDescription)
        @unknown default:
            self.init(path: path, message: String(describing: error))
        }
    }

    /// A Swift type in the words of a JSON document.
    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type: "a number"
        case is Int.Type: "a whole number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default:
            String(describing: type).hasPrefix("Array") || String(describing: type).hasPrefix("[")
                ? "an array" : "an object"
        }
    }
}
