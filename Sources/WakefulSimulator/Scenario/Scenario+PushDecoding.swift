import Foundation
import Wakeful

/// An entry of `world.pushes`:
/// `{"at": 600, "type": "background", "priority": 5, "id": "m", "userInfo": {"kind": "message"},
/// "repeat": {"every": 600, "until": 11400}}`. Every key but `at` is optional; `type` left out
/// models a server that sends no `apns-push-type` header (PUSH-2). A `liveactivity` push carries its
/// ActivityKit payload as `liveActivity` (``LiveActivityPayloadDocument``).
struct PushDocument: Decodable {
    var push: ScheduledPush

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["at", "type", "priority", "id", "userInfo", "repeat", "liveActivity"])
        let at: Double = try c.value("at")
        guard at >= 0, at.isFinite else { throw c.failure("at", "expected seconds from the start, zero or more") }
        var type: PushType?
        if let text = try c.optional("type", as: String.self) {
            guard let value = PushType(rawValue: text) else {
                throw c.failure(
                    "type",
                    "\"\(text)\": expected one of: \(PushType.allCases.map(\.rawValue).joined(separator: ", ")), or leave it out for no apns-push-type header"
                )
            }
            type = value
        }
        let priority: Int? = c.contains(AnyKey("priority")) ? try c.integer("priority", in: 1...10, default: 5) : nil
        let id = try c.optional("id", as: String.self)
        if let id, id.isEmpty { throw c.failure("id", "expected a non-empty string") }
        let userInfo = try c.fieldObject("userInfo")
        // LIVE-4, LIVE-5: an ActivityKit push has its payload; no other push has one.
        let liveActivity = try c.optional("liveActivity", as: LiveActivityPayloadDocument.self)?.payload
        if type == .liveactivity, liveActivity == nil {
            throw c.failure("liveActivity", "missing; a liveactivity push needs its event and activity")
        }
        if type != .liveactivity, liveActivity != nil {
            throw c.failure("liveActivity", "only a push of type liveactivity carries one")
        }
        if type == .liveactivity, let priority, priority != 5 && priority != 10 {
            throw c.failure("priority", "\(priority): expected 5 or 10 for a liveactivity push")
        }
        var every: Double?
        var until: Double?
        if c.contains(AnyKey("repeat")) {
            let repeats = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("repeat"))
            try repeats.rejectUnknownKeys(allowed: ["every", "until"])
            let interval: Double = try repeats.value("every")
            guard interval >= 1, interval.isFinite else {
                throw repeats.failure("every", "expected seconds between sends, at least 1")
            }
            every = interval
            until = try repeats.optional("until", as: Double.self)
            if let until, until < at { throw repeats.failure("until", "expected a time no earlier than at (\(at) s)") }
        }
        push = ScheduledPush(
            at: at, type: type, priority: priority, id: id, userInfo: userInfo, repeatEvery: every, repeatUntil: until,
            liveActivity: liveActivity)
    }
}
