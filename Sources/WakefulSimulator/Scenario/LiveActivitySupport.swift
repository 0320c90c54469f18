import Foundation

/// What the app's Info.plist says about Live Activities (`app.liveActivities` in a scenario file:
/// `{"supported": true, "frequentUpdates": true}`).
public struct LiveActivitySupport: Sendable, Hashable {
    /// `NSSupportsLiveActivities`: without it the app can start none (LIVE-1).
    public var supported: Bool
    /// `NSSupportsLiveActivitiesFrequentUpdates` (iOS 16.2+): the larger priority-10 budget, if the
    /// user allows it (LIVE-6).
    public var frequentUpdates: Bool

    /// Creates the keys; the default declares Live Activities without frequent updates.
    public init(supported: Bool = true, frequentUpdates: Bool = false) {
        self.supported = supported
        self.frequentUpdates = frequentUpdates
    }
}

/// The user's Live Activity switches for the app in Settings (`device.liveActivities` in a scenario
/// file: `{"allowed": true, "frequentUpdates": false}`).
public struct LiveActivitySettings: Sendable, Hashable {
    /// "Live Activities": off, the app can start none and push-to-start starts none (LIVE-1).
    public var allowed: Bool
    /// "More Frequent Updates", which the user can turn off (LIVE-6).
    public var frequentUpdates: Bool

    /// Creates the switches; the default has both on.
    public init(allowed: Bool = true, frequentUpdates: Bool = true) {
        self.allowed = allowed
        self.frequentUpdates = frequentUpdates
    }
}
