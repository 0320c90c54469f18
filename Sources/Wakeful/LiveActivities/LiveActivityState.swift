import Foundation

/// `ActivityState`: where a Live Activity is in its life (LIVE-3, LIVE-10).
public enum LiveActivityState: String, Sendable, Hashable, Codable, CaseIterable {
    /// On screen and taking updates.
    case active
    /// Its stale date passed: on screen, marked out of date, still taking updates (LIVE-10).
    case stale
    /// Ended by the app, a push or the 8-hour limit; still on the Lock Screen, taking no updates.
    case ended
    /// Removed from the Lock Screen.
    case dismissed
}

/// A Live Activity the app learns of: `Activity.activityUpdates` and `Activity.activities`, one
/// the app started or one a push-to-start push started (LIVE-4).
public struct LiveActivityStart: Sendable, Hashable {
    /// Who started it.
    public enum Origin: String, Sendable, Hashable, Codable, CaseIterable {
        /// `Activity.request` in the app.
        case app
        /// A push-to-start push (LIVE-4).
        case push
    }

    /// The activity's name, as events and pushes give it.
    public var activity: String
    /// The `ActivityAttributes` type's name.
    public var attributesType: String
    /// Who started it.
    public var origin: Origin

    /// Creates a start.
    public init(activity: String, attributesType: String, origin: Origin) {
        self.activity = activity
        self.attributesType = attributesType
        self.origin = origin
    }
}
