import Foundation
import Wakeful

/// The `liveActivity` of a `world.pushes` entry of type `liveactivity`:
/// `{"event": "start", "activity": "order", "attributesType": "DeliveryAttributes",
/// "attributes": {"restaurant": "Roma"}, "contentState": {"status": "preparing"}, "staleDate": 900}`;
/// an `end` may give `dismissalDate`, any may give `timestamp` (the send time when left out).
struct LiveActivityPayloadDocument: Decodable {
    var payload: LiveActivityPayload

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: [
            "event", "activity", "attributesType", "attributes", "contentState", "staleDate", "dismissalDate",
            "timestamp",
        ])
        guard let event = try c.optionalCase("event", as: LiveActivityPayload.Event.self) else {
            throw c.failure("event", "missing; expected one of: start, update, end")
        }
        let activity: String = try c.value("activity")
        if activity.isEmpty { throw c.failure("activity", "expected the activity's name, a non-empty string") }
        var payload = LiveActivityPayload(event: event, activity: activity)
        payload.contentState = try c.fieldObject("contentState")
        if event == .start {
            let type: String = try c.value("attributesType")
            if type.isEmpty { throw c.failure("attributesType", "expected the ActivityAttributes type's name") }
            payload.attributesType = type
            payload.attributes = try c.fieldObject("attributes")
        } else {
            for key in ["attributesType", "attributes"] where c.contains(AnyKey(key)) {
                throw c.failure(key, "only a start carries attributes; this is an \(event.rawValue)")
            }
        }
        payload.staleDate = try c.time("staleDate")
        payload.dismissalDate = try c.time("dismissalDate")
        if payload.dismissalDate != nil, event != .end {
            throw c.failure("dismissalDate", "only an end carries a dismissal date; this is a \(event.rawValue)")
        }
        payload.timestamp = try c.time("timestamp")
        self.payload = payload
    }
}

/// `app.liveActivities`: `{"supported": true, "frequentUpdates": false}`.
struct LiveActivitySupportDocument: Decodable {
    var support: LiveActivitySupport

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["supported", "frequentUpdates"])
        support = LiveActivitySupport(
            supported: try c.optional("supported") ?? true, frequentUpdates: try c.optional("frequentUpdates") ?? false)
    }
}

/// `device.liveActivities`: `{"allowed": true, "frequentUpdates": true}`.
struct LiveActivitySettingsDocument: Decodable {
    var settings: LiveActivitySettings

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["allowed", "frequentUpdates"])
        settings = LiveActivitySettings(
            allowed: try c.optional("allowed") ?? true, frequentUpdates: try c.optional("frequentUpdates") ?? true)
    }
}

extension KeyedDecodingContainer where Key == AnyKey {
    /// An object of scalars (`userInfo`, `contentState`, `attributes`) as fields sorted by key;
    /// empty when absent.
    func fieldObject(_ key: String) throws -> [Field] {
        guard contains(AnyKey(key)) else { return [] }
        let object = try nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(key))
        return try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map { member in
            guard let value = try? object.decode(FieldValue.self, forKey: member) else {
                throw object.failure(member.stringValue, "expected a string, a number or true/false")
            }
            return Field(member.stringValue, value)
        }
    }

    /// Seconds from the start of the scenario, zero or more; nil when absent.
    func time(_ key: String) throws -> TimeInterval? {
        guard let seconds = try optional(key, as: Double.self) else { return nil }
        guard seconds >= 0, seconds.isFinite else {
            throw failure(key, "expected seconds from the start, zero or more")
        }
        return seconds
    }
}
