import Foundation

/// A notification ``APNsSender`` sends: its device token, how APNs must treat it (reference §2's
/// headers) and its body.
public protocol APNsNotification: Sendable {
    /// The device token (or a Live Activity's token) as 64 hex digits.
    var deviceToken: String { get }
    /// `apns-id`.
    var apnsID: UUID { get }
    /// `apns-expiration`; nil for the sender's default.
    var expiration: Date? { get }
    /// `apns-collapse-id`.
    var collapseID: String? { get }
    /// When the token was registered, to ignore a 410 whose timestamp is older (§11).
    var tokenRegisteredAt: Date? { get }
    /// `apns-push-type`.
    var pushType: String { get }
    /// `apns-priority`.
    var priority: Int { get }
    /// What the push type adds to the app's topic: "" for most, `.push-type.liveactivity` for
    /// ActivityKit pushes (§2).
    var topicSuffix: String { get }
    /// The JSON body.
    func payload() -> Data
    /// The largest body APNs accepts for it (§5).
    static var maximumPayloadBytes: Int { get }
}

extension BackgroundPush: APNsNotification {
    /// `background` (§7).
    public var pushType: String { "background" }
    /// 5: "Background pushes must use 5" (§2).
    public var priority: Int { 5 }
    public var topicSuffix: String { "" }
}

extension LiveActivityPush: APNsNotification {
    /// `liveactivity` (§2).
    public var pushType: String { "liveactivity" }
    public var topicSuffix: String { ".push-type.liveactivity" }
}
