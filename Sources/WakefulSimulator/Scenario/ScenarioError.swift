import Foundation

/// A scenario that cannot be used, with the file, the field and the expected form.
///
/// Its description reads `gas.json: world.beacons[0].uuid: "pump": expected a UUID such as E2C56DB5-DFFB-48D2-B060-D0F5A71096E0`.
public struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file (or `--scenario` / `--strategy` for command-line input).
    public var file: String
    /// The field's path, e.g. `world.beacons[0].measuredPower`; nil for the whole document.
    public var field: String?
    /// What is wrong and what is expected.
    public var message: String

    /// Creates an error.
    public init(file: String, field: String?, message: String) {
        self.file = file
        self.field = field
        self.message = message
    }

    public var description: String {
        if let field, !field.isEmpty { return "\(file): \(field): \(message)" }
        return "\(file): \(message)"
    }
}
