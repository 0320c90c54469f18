import Foundation

/// When an ended Live Activity leaves the Lock Screen: `ActivityUIDismissalPolicy` (LIVE-3).
///
/// The system keeps an ended activity for at most 4 hours whatever is asked: "the system removes
/// a Live Activity that ended after the specified date or after four hours from the moment the Live
/// Activity ended — whichever comes first" (`after(_:)`).
public enum LiveActivityDismissal: Sendable, Hashable {
    /// `.default`: up to 4 hours after it ends, or when the user removes it.
    case `default`
    /// `.immediate`: at once.
    case immediate
    /// `.after(_:)`: at this time, within the 4-hour window.
    case after(TimeInterval)

    /// The date of ``after(_:)``; nil for the others.
    public var date: TimeInterval? {
        if case .after(let date) = self { return date }
        return nil
    }
}
