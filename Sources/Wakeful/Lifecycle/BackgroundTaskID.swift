import Foundation

/// Names one background-task assertion (`beginBackgroundTask`).
///
/// The strategy that begins a task chooses its identifier, so it can end exactly that task later
/// without waiting for a return value: commands are fire-and-forget. The platform maps it to the
/// system's `UIBackgroundTaskIdentifier`.
public struct BackgroundTaskID: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Who owns the task, usually the strategy's name.
    public var owner: String
    /// Distinguishes successive tasks of one owner.
    public var serial: Int

    /// Creates a task identifier.
    public init(owner: String, serial: Int = 0) {
        self.owner = owner
        self.serial = serial
    }

    /// `owner#serial`, the form used in timelines.
    public var description: String { "\(owner)#\(serial)" }

    /// Parses the `owner#serial` form; nil when it does not end in `#` and a whole number.
    public init?(parsing text: String) {
        guard let hash = text.lastIndex(of: "#") else { return nil }
        let digits = text[text.index(after: hash)...]
        // Canonical decimal only (no sign, no leading zero), so parsing and `description` are inverses.
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits == "0" || digits.first != "0",
            let serial = Int(digits)
        else { return nil }
        self.init(owner: String(text[..<hash]), serial: serial)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = BackgroundTaskID(parsing: text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "task \"\(text)\": expected the form owner#serial, e.g. TaskExtension#1"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
