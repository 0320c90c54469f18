import Foundation

/// Why the system launched the app (the launch-options key on a device).
///
/// A launch for any reason other than `.user` goes from Not running straight to Background (STATE-2).
public enum LaunchReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// The user opened the app.
    case user
    /// A significant location change (LOC-12).
    case significantChange
    /// A visit (LOC-16).
    case visit
    /// A circular or beacon region event (LOC-16, BEACON-1).
    case region
    /// A silent push (PUSH-1).
    case remoteNotification
    /// A PushKit VoIP push (VOIP-2).
    case voipPush
    /// Background fetch or a BGTaskScheduler task (BGT).
    case scheduledTask
    /// Background URL-session events (URLS-1).
    case urlSession
    /// Core Bluetooth state restoration (BLE-4).
    case bluetooth
    /// Prewarming (iOS 15+): the system started the process before the user opened the app, and
    /// its launch code ran (DATA-9). Not a user open: the app is in the background, possibly before
    /// the first unlock after a restart, so protected files may be unreadable (DATA-8).
    case prewarm
    /// HealthKit background delivery: new samples of a type the app observes (HK-5).
    case healthKit
    /// A push-to-start push started a Live Activity, and the system launched the app for a few
    /// seconds to hand over the activity and its update token (LIVE-7).
    case liveActivity

    /// Whether the app starts in the foreground.
    public var isForeground: Bool { self == .user }
}
