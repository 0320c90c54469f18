import Foundation

/// An input `wakeful doctor` cannot check: the file, the line or field when there is one, and what
/// was expected.
///
/// Its description reads `Info.plist: not a property list (…); expected an Info.plist in XML or binary form`,
/// or `App.xcodeproj/project.pbxproj:12: expected ';' …` when the line is known (the form Xcode and
/// editors turn into a link).
public struct DoctorInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, or the option for command-line input (`--setup`).
    public var file: String
    /// The field's path, e.g. `app.features[0]`; nil for the whole file.
    public var field: String?
    /// What is wrong and what is expected.
    public var message: String
    /// The line the problem is on, from 1; nil when it concerns the whole file.
    public var line: Int?

    /// Creates an error.
    public init(file: String, field: String? = nil, line: Int? = nil, message: String) {
        self.file = file
        self.field = field
        self.line = line
        self.message = message
    }

    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        if let field, !field.isEmpty { return "\(place): \(field): \(message)" }
        return "\(place): \(message)"
    }
}
