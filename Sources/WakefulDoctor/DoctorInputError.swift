import Foundation

/// An input `wakeful doctor` cannot check: the file, the field when there is one, and what was expected.
///
/// Its description reads `Info.plist: not a property list (…); expected an Info.plist in XML or binary form`.
public struct DoctorInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, or the option for command-line input (`--setup`).
    public var file: String
    /// The field's path, e.g. `app.features[0]`; nil for the whole file.
    public var field: String?
    /// What is wrong and what is expected.
    public var message: String

    /// Creates an error.
    public init(file: String, field: String? = nil, message: String) {
        self.file = file
        self.field = field
        self.message = message
    }

    public var description: String {
        if let field, !field.isEmpty { return "\(file): \(field): \(message)" }
        return "\(file): \(message)"
    }
}
