import Foundation

/// A Live Activity the app starts: `Activity.request(attributes:content:pushType:)` (iOS 16.2+).
///
/// Starting one takes the foreground (LIVE-2); the system ends it after 8 hours and removes it
/// from the Lock Screen at the latest 4 hours later (LIVE-3). With ``receivesPushUpdates`` the
/// system obtains an update token for it, which arrives as
/// ``Event/liveActivityPushToken(activity:token:)`` (LIVE-5) and which the server needs to update
/// or end the activity by push. Drawing it is the system's: the app is not woken for updates
/// (LIVE-8).
///
/// ```swift
/// let order = LiveActivityRequest(
///     id: "order-1042", attributesType: "DeliveryAttributes",
///     attributes: [Field("restaurant", "Pizzeria Roma")], contentState: [Field("status", "preparing")])
/// return [.requestLiveActivity(order)]
/// ```
public struct LiveActivityRequest: Sendable, Hashable {
    /// The app's name for the activity: events and pushes name the activity by it.
    public var id: String
    /// The name of the `ActivityAttributes` type, as a push-to-start payload's `attributes-type` gives it.
    public var attributesType: String
    /// The static attributes, fixed for the activity's life.
    public var attributes: [Field]
    /// The first dynamic content: `ActivityContent.state`.
    public var contentState: [Field]
    /// `ActivityContent.staleDate`: when the content is out of date (LIVE-10); nil for never.
    public var staleDate: TimeInterval?
    /// `ActivityContent.relevanceScore`: which of the app's activities the Dynamic Island shows first.
    public var relevanceScore: Double?
    /// `pushType: .token`: the activity receives ActivityKit pushes; false passes `nil`, and only
    /// the app can update it.
    public var receivesPushUpdates: Bool

    /// Creates a request.
    public init(
        id: String, attributesType: String, attributes: [Field] = [], contentState: [Field] = [],
        staleDate: TimeInterval? = nil, relevanceScore: Double? = nil, receivesPushUpdates: Bool = true
    ) {
        self.id = id
        self.attributesType = attributesType
        self.attributes = attributes
        self.contentState = contentState
        self.staleDate = staleDate
        self.relevanceScore = relevanceScore
        self.receivesPushUpdates = receivesPushUpdates
    }
}
