import Foundation

/// Why `Activity.request` threw: the cases of `ActivityAuthorizationError` an app meets, and the
/// simulator's name for a release without ActivityKit.
public enum LiveActivityError: String, Sendable, Hashable, Codable, CaseIterable {
    /// No ActivityKit: before iOS 16.1, or a device without Live Activities (LIVE-1).
    case unsupported
    /// `unentitled`: the Info.plist lacks `NSSupportsLiveActivities` (LIVE-1).
    case unentitled
    /// `denied`: the user turned Live Activities off for the app in Settings (LIVE-1).
    case denied
    /// `visibility`: "The app tried to start the Live Activity while it was in the background" (LIVE-2).
    case visibility
    /// `targetMaximumExceeded`: the app already has as many ongoing activities as it may (LIVE-1);
    /// `globalMaximumExceeded`: the device has.
    case targetMaximumExceeded
    /// `attributesTooLarge`: attributes or content over 4 KB.
    case attributesTooLarge
    /// Another `ActivityAuthorizationError` (`persistenceFailure` and the like), or content that does
    /// not decode into the app's types.
    case failed
}
