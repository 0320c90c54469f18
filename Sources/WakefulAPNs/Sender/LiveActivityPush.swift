import Foundation

/// One ActivityKit push to one device: `apns-push-type: liveactivity` on the topic
/// `<bundle ID>.push-type.liveactivity`, priority 5 or 10, and the payload's `aps` with `event`
/// (`start`, `update`, `end`), `timestamp` and `content-state`; a `start` adds `attributes-type` and
/// `attributes`, an `end` may add `dismissal-date` (reference §2; Apple, "Starting and updating Live
/// Activities with ActivityKit push notifications"; LIVE-3 to LIVE-11 in the simulator's rules).
///
/// A `start` goes to the app's push-to-start token (iOS 17.2+), an `update` or `end` to the
/// activity's own update token. Priority 10 draws on the device's update budget, priority 5 does not
/// and arrives when the phone's power allows (LIVE-6).
///
/// ```swift
/// let push = try LiveActivityPush(
///     deviceToken: updateToken, event: .update, priority: 5, timestamp: now,
///     contentState: Data(#"{"status":"on the way","eta":12}"#.utf8))
/// ```
public struct LiveActivityPush: Sendable, Equatable {
    /// `aps.event`.
    public enum Event: String, Sendable, Hashable, CaseIterable {
        case start, update, end
    }

    /// The alert a `start` (or an alerting update) shows: `aps.alert`.
    public struct Alert: Sendable, Equatable {
        public var title: String
        public var body: String

        /// An alert.
        public init(title: String, body: String) {
            self.title = title
            self.body = body
        }
    }

    /// The push-to-start token (`start`) or the activity's update token, as 64 hex digits.
    public let deviceToken: String
    /// `aps.event`.
    public let event: Event
    /// `apns-priority`: 5 or 10.
    public let priority: Int
    /// `apns-collapse-id`: at most 64 bytes.
    public let collapseID: String?
    /// `apns-id`: generated when not given.
    public let apnsID: UUID
    /// `apns-expiration`; nil for the sender's default.
    public let expiration: Date?
    /// When the app sent this token to the server, to ignore a 410 whose timestamp is older (§11).
    public let tokenRegisteredAt: Date?
    private let body: Data

    /// Checks the fields and builds the push.
    ///
    /// - Parameters:
    ///   - contentState: `aps.content-state`, a JSON object matching the app's
    ///     `ActivityAttributes.ContentState`; required for `start` and `update`.
    ///   - attributesType: `aps.attributes-type`, the `ActivityAttributes` type's name; `start` only.
    ///   - attributes: `aps.attributes`, a JSON object; `start` only, required there.
    ///   - staleDate: `aps.stale-date` (not for `end`).
    ///   - dismissalDate: `aps.dismissal-date`; `end` only.
    /// - Throws: ``PushInputError`` naming the field and the expected form.
    public init(
        deviceToken: String, event: Event, priority: Int = 10, timestamp: Date, contentState: Data?,
        attributesType: String? = nil, attributes: Data? = nil, alert: Alert? = nil, staleDate: Date? = nil,
        dismissalDate: Date? = nil, relevanceScore: Double? = nil, apnsID: UUID = UUID(), expiration: Date? = nil,
        collapseID: String? = nil, tokenRegisteredAt: Date? = nil
    ) throws {
        guard deviceToken.utf8.count == 64, deviceToken.allSatisfy(\.isHexDigit) else {
            throw PushInputError(field: "deviceToken", expected: "64 hex digits")
        }
        guard priority == 5 || priority == 10 else {
            throw PushInputError(field: "priority", expected: "5 or 10 (apns-priority of a liveactivity push)")
        }
        if let collapseID, collapseID.utf8.count > 64 || collapseID.isEmpty {
            throw PushInputError(field: "collapseID", expected: "1 to 64 bytes of UTF-8")
        }
        if event != .end, contentState == nil {
            throw PushInputError(field: "contentState", expected: "a JSON object for a \(event.rawValue) event")
        }
        if let contentState, !JSONText.isObject(contentState) {
            throw PushInputError(field: "contentState", expected: "a JSON object")
        }
        if event == .start {
            guard let attributesType, !attributesType.isEmpty else {
                throw PushInputError(
                    field: "attributesType", expected: "the ActivityAttributes type's name for a start")
            }
            guard let attributes, JSONText.isObject(attributes) else {
                throw PushInputError(field: "attributes", expected: "a JSON object for a start")
            }
        } else if attributesType != nil || attributes != nil {
            throw PushInputError(field: "attributes", expected: "none: only a start carries attributes")
        }
        if dismissalDate != nil, event != .end {
            throw PushInputError(field: "dismissalDate", expected: "none: only an end carries a dismissal date")
        }
        if staleDate != nil, event == .end {
            throw PushInputError(field: "staleDate", expected: "none: an end carries no stale date")
        }
        if let relevanceScore, !relevanceScore.isFinite {
            throw PushInputError(field: "relevanceScore", expected: "a finite number")
        }
        self.deviceToken = deviceToken
        self.event = event
        self.priority = priority
        self.collapseID = collapseID
        self.apnsID = apnsID
        self.expiration = expiration
        self.tokenRegisteredAt = tokenRegisteredAt
        var aps = #"{"timestamp":\#(Self.seconds(timestamp)),"event":"\#(event.rawValue)""#
        if let contentState { aps += #","content-state":"# + JSONText.trimmed(contentState) }
        if let attributesType, let attributes {
            aps += #","attributes-type":"#
            JSONText.appendQuoted(attributesType, to: &aps)
            aps += #","attributes":"# + JSONText.trimmed(attributes)
        }
        if let alert {
            aps += #","alert":{"title":"#
            JSONText.appendQuoted(alert.title, to: &aps)
            aps += #","body":"#
            JSONText.appendQuoted(alert.body, to: &aps)
            aps += "}"
        }
        if let staleDate { aps += #","stale-date":\#(Self.seconds(staleDate))"# }
        if let dismissalDate { aps += #","dismissal-date":\#(Self.seconds(dismissalDate))"# }
        if let relevanceScore { aps += #","relevance-score":\#(relevanceScore)"# }
        body = Data((#"{"aps":"# + aps + "}}").utf8)
    }

    /// The JSON body.
    public func payload() -> Data { body }

    /// APNs's payload limit for a Live Activity push, as for other notifications (§5).
    public static let maximumPayloadBytes = 4096

    /// Whole seconds since 1970, as APNs's date fields are.
    private static func seconds(_ date: Date) -> Int { Int(date.timeIntervalSince1970.rounded(.down)) }
}
