import Foundation

/// One place where the model and the device disagree, with the policy rules the model applied there.
public struct Divergence: Sendable, Hashable, Codable {
    /// How they disagree.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The device has it and the model does not (a wake, an expiry, a command …).
        case onlyOnDevice
        /// The model has it and the device does not.
        case onlyInModel
        /// Both have it, further apart in time than the tolerance.
        case shifted
        /// A background task ran for a different time before its expiration handler.
        case budget
    }

    /// How they disagree.
    public var kind: Kind
    /// `wake`, `event`, `command`, `state`, `decision` or `task`.
    public var category: String
    /// What, e.g. `event backgroundTaskExpiring task=TaskExtension#1`.
    public var what: String
    /// When the device had it, in scenario seconds.
    public var deviceTime: Double?
    /// When the model had it, in scenario seconds.
    public var modelTime: Double?
    /// The rule IDs of `ios-background-policy.md` the model applied at that moment.
    public var rules: [String]
    /// One sentence for people.
    public var message: String

    /// The earlier of the two times, for ordering.
    public var time: Double { min(deviceTime ?? .infinity, modelTime ?? .infinity) }
}
