import Foundation
import Hummingbird
import Wakeful
import WakefulAPNs

/// The body of the admin's Live Activity routes, read into what ``LiveActivityPush`` takes, with a
/// 400 naming the member for anything malformed.
///
/// - start: `{"activity", "attributes_type", "attributes": {…}, "content_state": {…}, "alert":
///   {"title", "body"}, "stale_date", "relevance_score", "priority" (10), "expiration"}`
/// - update: `{"content_state": {…}, "priority" (5), "stale_date", "relevance_score", "alert",
///   "timestamp", "expiration"}`
/// - end: `{"content_state": {…}, "dismissal_date", "priority" (10), "timestamp", "expiration"}`
///
/// Times are RFC 3339. An update defaults to priority 5, which draws on no budget; priority 10
/// counts against the activity's (LIVE-6).
struct LiveActivityPushRequest: Sendable, Equatable {
    var event: LiveActivityPush.Event
    /// The activity's name: the start's `activity`, or the route's `{activity}`.
    var activity: String
    var priority: Int
    var contentState: JSONValue?
    var attributesType: String?
    var attributes: JSONValue?
    var alert: LiveActivityPush.Alert?
    var staleDate: TimeInterval?
    var dismissalDate: TimeInterval?
    var relevanceScore: Double?
    var timestamp: TimeInterval?
    var expiration: TimeInterval?

    /// The members each event takes.
    static func members(of event: LiveActivityPush.Event) -> [String] {
        switch event {
        case .start:
            [
                "activity", "attributes_type", "attributes", "content_state", "alert", "stale_date", "relevance_score",
                "priority", "expiration",
            ]
        case .update:
            ["content_state", "priority", "stale_date", "relevance_score", "alert", "timestamp", "expiration"]
        case .end: ["content_state", "dismissal_date", "priority", "timestamp", "expiration"]
        }
    }

    /// Reads the body of `event`'s route; `activity` is the route's `{activity}` (nil for a start).
    static func read(_ request: Request, event: LiveActivityPush.Event, activity: String?, limit: Int) async throws
        -> LiveActivityPushRequest
    {
        let body = try await JSONRequest.body(of: request, limit: limit)
        let allowed = members(of: event)
        if let unknown = body.object.members.first(where: { !allowed.contains($0.key) }) {
            throw APIError.invalid(
                unknown.key, "unknown member for a \(event.rawValue); expected only \(allowed.joined(separator: ", "))")
        }
        let name = try activity ?? body.activityName("activity")
        var read = LiveActivityPushRequest(
            event: event, activity: name, priority: try body.priority(default: event == .update ? 5 : 10))
        read.contentState = try body.jsonObject("content_state", required: event != .end)
        if event == .start {
            read.attributesType = try body.string("attributes_type", maximumLength: 128)
            read.attributes = try body.jsonObject("attributes", required: true)
        }
        read.alert = try body.optionalObject("alert").map { alert throws(APIError) in
            LiveActivityPush.Alert(
                title: try alert.string("title", maximumLength: 256),
                body: try alert.string("body", maximumLength: 1024))
        }
        read.staleDate = try body.optionalTime("stale_date")
        read.dismissalDate = try body.optionalTime("dismissal_date")
        read.relevanceScore = try body.optionalNumber("relevance_score")
        read.timestamp = try body.optionalTime("timestamp")
        read.expiration = try body.optionalTime("expiration")
        return read
    }

    /// The push to `token`, made at `now`; 400 naming the member for what the push refuses, 413
    /// for a payload over APNs's 4096 bytes.
    func push(to token: StoredLiveActivityToken, now: TimeInterval) throws(APIError) -> LiveActivityPush {
        let push: LiveActivityPush
        do {
            push = try LiveActivityPush(
                deviceToken: token.token.token, event: event, priority: priority,
                timestamp: Date(timeIntervalSince1970: timestamp ?? now),
                contentState: contentState.map { Data($0.description.utf8) }, attributesType: attributesType,
                attributes: attributes.map { Data($0.description.utf8) }, alert: alert,
                staleDate: staleDate.map(Date.init(timeIntervalSince1970:)),
                dismissalDate: dismissalDate.map(Date.init(timeIntervalSince1970:)), relevanceScore: relevanceScore,
                expiration: expiration.map(Date.init(timeIntervalSince1970:)),
                tokenRegisteredAt: Date(timeIntervalSince1970: token.updatedAt))
        } catch let error as PushInputError {
            throw APIError.invalid(Self.member(error.field), "expected \(error.expected)")
        } catch {
            throw APIError.invalid(nil, "\(error)")
        }
        guard push.payload().count <= LiveActivityPush.maximumPayloadBytes else {
            throw APIError(
                .contentTooLarge, "too_large",
                "the push's payload is \(push.payload().count) bytes; APNs takes at most \(LiveActivityPush.maximumPayloadBytes) (shrink content_state or attributes)",
                field: "content_state")
        }
        return push
    }

    /// The body member behind a ``PushInputError`` field.
    private static func member(_ field: String) -> String {
        switch field {
        case "contentState": "content_state"
        case "attributesType": "attributes_type"
        case "staleDate": "stale_date"
        case "dismissalDate": "dismissal_date"
        case "relevanceScore": "relevance_score"
        case "deviceToken": "token"
        default: field
        }
    }
}

extension JSONBodyReader {
    /// A Live Activity's name: 1 to 64 letters, digits, `.`, `_` or `-`, usable as a path segment.
    func activityName(_ key: String) throws(APIError) -> String {
        try LiveActivityName.validated(try string(key, maximumLength: 64), field: key)
    }

    /// `priority`: 5 or 10, `default` when absent.
    fileprivate func priority(default value: Int) throws(APIError) -> Int {
        guard let member = object["priority"], member != .null else { return value }
        guard case .int(let priority) = member, priority == 5 || priority == 10 else {
            throw APIError.invalid("priority", "expected 5 or 10 (apns-priority), found \(member)")
        }
        return priority
    }

    /// A member that must be a JSON object (absent allowed unless `required`).
    fileprivate func jsonObject(_ key: String, required: Bool) throws(APIError) -> JSONValue? {
        guard let member = object[key], member != .null else {
            if required { throw APIError.invalid(key, "missing; expected a JSON object") }
            return nil
        }
        guard case .object = member else {
            throw APIError.invalid(key, "expected a JSON object, found \(member.kindName)")
        }
        return member
    }

    /// A member that may be absent or null, else a finite number.
    fileprivate func optionalNumber(_ key: String) throws(APIError) -> Double? {
        guard let member = object[key], member != .null else { return nil }
        switch member {
        case .int(let value): return Double(value)
        case .double(let value) where value.isFinite: return value
        default: throw APIError.invalid(key, "expected a number, found \(member.kindName)")
        }
    }
}

/// The names the routes take for an activity.
enum LiveActivityName {
    /// `text`, or 400 naming `field`.
    static func validated(_ text: String, field: String) throws(APIError) -> String {
        guard !text.isEmpty, text.utf8.count <= 64,
            text.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0))
            })
        else {
            throw APIError.invalid(
                field,
                "expected an activity name of 1 to 64 letters, digits, \".\", \"_\" or \"-\", found \"\(text.prefix(64))\""
            )
        }
        return text
    }

    /// The route's `{activity}`, or 400.
    static func parameter(_ context: some RequestContext) throws(APIError) -> String {
        try validated(context.parameters.get("activity") ?? "", field: "activity")
    }
}
