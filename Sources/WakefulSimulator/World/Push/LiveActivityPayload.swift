import Foundation
import Wakeful

/// The `aps` of an ActivityKit push (`apns-push-type: liveactivity`): which event, which activity,
/// and the content (LIVE-3 to LIVE-10).
///
/// In a scenario file, the `liveActivity` of a `world.pushes` entry of type `liveactivity`:
/// `{"event": "update", "activity": "order", "contentState": {"eta": "12 min"}, "staleDate": 1500}`.
public struct LiveActivityPayload: Sendable, Hashable {
    /// `aps.event`.
    public enum Event: String, Sendable, Hashable, CaseIterable {
        /// Push-to-start (iOS 17.2+, LIVE-4): sent to the app's push-to-start token.
        case start
        /// New content for a running activity, sent to its update token (LIVE-5).
        case update
        /// Ends the activity, sent to its update token (LIVE-3).
        case end
    }

    /// `aps.event`.
    public var event: Event
    /// The activity's name: the one a `start` gives it, or the one an update or end is for.
    public var activity: String
    /// `aps.attributes-type` of a `start`.
    public var attributesType: String?
    /// `aps.attributes` of a `start`.
    public var attributes: [Field]
    /// `aps.content-state`.
    public var contentState: [Field]
    /// `aps.stale-date` (LIVE-10).
    public var staleDate: TimeInterval?
    /// `aps.dismissal-date` of an `end` (LIVE-3).
    public var dismissalDate: TimeInterval?
    /// `aps.timestamp`: when the server made the content (LIVE-9); nil for the send time.
    public var timestamp: TimeInterval?

    /// Creates a payload.
    public init(
        event: Event, activity: String, attributesType: String? = nil, attributes: [Field] = [],
        contentState: [Field] = [], staleDate: TimeInterval? = nil, dismissalDate: TimeInterval? = nil,
        timestamp: TimeInterval? = nil
    ) {
        self.event = event
        self.activity = activity
        self.attributesType = attributesType
        self.attributes = attributes
        self.contentState = contentState
        self.staleDate = staleDate
        self.dismissalDate = dismissalDate
        self.timestamp = timestamp
    }
}

extension LiveActivityPayload {
    /// The payload as the `pushSent` decision records it, flat (a timeline field holds one value):
    /// the objects' members under `attributes.` and `contentState.`, the dates in seconds, so that
    /// `wakeful replay` can send the same push again.
    var sentFields: [Field] {
        var fields = [Field("event", .string(event.rawValue)), Field("activity", .string(activity))]
        if let attributesType { fields.append(Field("attributesType", .string(attributesType))) }
        fields += attributes.map { Field("attributes.\($0.key)", $0.value) }
        fields += contentState.map { Field("contentState.\($0.key)", $0.value) }
        for (key, date) in [("staleDate", staleDate), ("dismissalDate", dismissalDate), ("timestamp", timestamp)] {
            if let date { fields.append(Field(key, .double(date))) }
        }
        return fields
    }
}
