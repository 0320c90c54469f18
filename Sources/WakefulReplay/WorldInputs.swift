import Foundation
import Wakeful

/// The world inputs a device observed, as scenario-file members in scenario time: the user's
/// actions, the route through the location fixes, and the pushes the server sent.
struct WorldInputs {
    /// `user` entries: `{"at": …, "action": …}`.
    var actions: [JSONObject] = []
    /// Timed positions, in time order.
    var route: [(time: Double, coordinate: Coordinate)] = []
    /// `world.pushes` entries.
    var pushes: [JSONObject] = []
    /// The world's other members: the simulator's facts, or what the device observed.
    var recorded = RecordedWorld([], origin: 0, route: [])
    /// What was inferred rather than read.
    var notes: [String] = []

    init(timeline: FieldTimeline, origin: Double) {
        let entries = timeline.entries
        func at(_ time: Double) -> JSONValue { .double(ScenarioReconstructor.milliseconds(time - origin)) }
        let hasUserEntries = entries.contains { if case .user = $0.body { true } else { false } }
        if hasUserEntries {
            var moves = 0
            actions = entries.compactMap { entry in
                guard case .user(let action, let fields) = entry.body else { return nil }
                // A `move` (WakefulTesting driving the simulator) changes the user's path, which
                // the route below rebuilds from the location events; it is no scenario action.
                guard action != "move" else {
                    moves += 1
                    return nil
                }
                var object: JSONObject = ["at": at(entry.time), "action": .string(action)]
                // The entry's fields are the action's parameters (`on`, `accessory`, `choice`, …).
                for field in fields {
                    object.members.append(JSONMember(key: field.key, value: Self.json(field.value)))
                }
                return object
            }
            if moves > 0 {
                notes.append(
                    "user: \(moves) move entries left to the route (from the world's path facts or the location events)"
                )
            }
        } else {
            actions = Self.inferredActions(entries, at: at)
            if !actions.isEmpty {
                notes.append("user: \(actions.count) actions inferred from lifecycle events (no user entries)")
            }
        }
        pushes = Self.pushes(entries, at: at)
        route = Self.route(entries, origin: origin)
        recorded = RecordedWorld(entries, origin: origin, route: route)
        if !route.isEmpty, recorded.members["movement"] == nil {
            notes.append("route: \(route.count) positions from location events")
        }
        notes += recorded.notes
    }

    // MARK: User

    /// The device's lifecycle events read as the user's doing: a user launch or a return to the
    /// foreground is `open`; entering the background from the foreground is `home`; the switches'
    /// notifications are the settings actions.
    private static func inferredActions(_ entries: [TimelineEntry], at: (Double) -> JSONValue) -> [JSONObject] {
        var actions: [JSONObject] = []
        var foreground = false
        for entry in entries {
            guard case .event(let event) = entry.body else { continue }
            switch event {
            case .didFinishLaunching(let reason):
                foreground = reason == .user
                if foreground { actions.append(["at": at(entry.time), "action": .string("open")]) }
            case .willEnterForeground:
                if !foreground { actions.append(["at": at(entry.time), "action": .string("open")]) }
                foreground = true
            case .didEnterBackground:
                if foreground { actions.append(["at": at(entry.time), "action": .string("home")]) }
                foreground = false
            case .lowPowerModeChanged(let on):
                actions.append(["at": at(entry.time), "action": .string("setLowPowerMode"), "on": .bool(on)])
            case .backgroundRefreshStatusChanged(let status):
                actions.append([
                    "at": at(entry.time), "action": .string("setBackgroundAppRefresh"),
                    "on": .bool(status == .available),
                ])
            default: break
            }
        }
        return actions
    }

    // MARK: Pushes

    /// The simulator's `pushSent` decisions when present (they include pushes iOS held or dropped);
    /// otherwise every push the app received, sent at the moment it arrived.
    private static func pushes(_ entries: [TimelineEntry], at: (Double) -> JSONValue) -> [JSONObject] {
        var received: [String: (voip: Bool, userInfo: [Field])] = [:]
        var arrivals: [(time: Double, id: String)] = []
        for entry in entries {
            guard case .event(let event) = entry.body else { continue }
            switch event {
            case .remoteNotification(let push):
                if received[push.id] == nil { arrivals.append((entry.time, push.id)) }
                received[push.id] = (false, push.userInfo)
            case .voipPush(let push):
                if received[push.id] == nil { arrivals.append((entry.time, push.id)) }
                received[push.id] = (true, push.userInfo)
            default: break
            }
        }
        func push(time: Double, id: String, type: String?, priority: Int?) -> JSONObject {
            var object: JSONObject = ["at": at(time)]
            if let type { object.members.append(JSONMember(key: "type", value: .string(type))) }
            if let priority { object.members.append(JSONMember(key: "priority", value: .int(priority))) }
            if !id.isEmpty { object.members.append(JSONMember(key: "id", value: .string(id))) }
            if let info = received[id]?.userInfo, !info.isEmpty {
                object.members.append(
                    JSONMember(
                        key: "userInfo",
                        value: .object(JSONObject(info.map { JSONMember(key: $0.key, value: json($0.value)) }))))
            }
            return object
        }
        let sent: [JSONObject] = entries.compactMap { entry in
            guard case .decision(let decision) = entry.body, decision.name == "pushSent" else { return nil }
            let type = decision.fields["type"]?.description
            var object = push(
                time: entry.time, id: decision.fields["id"]?.description ?? "", type: type == "none" ? nil : type,
                priority: decision.fields["priority"]?.number.map { Int($0) })
            if type == "liveactivity" {
                object.members.append(
                    JSONMember(key: "liveActivity", value: .object(liveActivity(decision.fields, at: at))))
            }
            return object
        }
        if !sent.isEmpty { return sent }
        return arrivals.map {
            push(time: $0.time, id: $0.id, type: received[$0.id]?.voip == true ? "voip" : "background", priority: nil)
        }
    }

    /// A Live Activity push's payload from its `pushSent` decision, which records it flat
    /// (`attributes.` and `contentState.` members, dates in seconds).
    private static func liveActivity(_ fields: [Field], at: (Double) -> JSONValue) -> JSONObject {
        var payload: JSONObject = [:]
        var attributes: JSONObject = [:]
        var content: JSONObject = [:]
        for field in fields {
            switch field.key {
            case "event", "activity", "attributesType":
                payload.members.append(JSONMember(key: field.key, value: json(field.value)))
            case "staleDate", "dismissalDate", "timestamp":
                if let seconds = field.value.number {
                    payload.members.append(JSONMember(key: field.key, value: at(seconds)))
                }
            case let key where key.hasPrefix("attributes."):
                attributes.members.append(JSONMember(key: String(key.dropFirst(11)), value: json(field.value)))
            case let key where key.hasPrefix("contentState."):
                content.members.append(JSONMember(key: String(key.dropFirst(13)), value: json(field.value)))
            default: break
            }
        }
        if !attributes.members.isEmpty {
            payload.members.append(JSONMember(key: "attributes", value: .object(attributes)))
        }
        if !content.members.isEmpty { payload.members.append(JSONMember(key: "contentState", value: .object(content))) }
        return payload
    }

    // MARK: Route

    /// Every position the device reported: standard and live fixes, significant changes and visits.
    private static func route(_ entries: [TimelineEntry], origin: Double) -> [(time: Double, coordinate: Coordinate)] {
        var points: [(time: Double, coordinate: Coordinate)] = []
        func add(_ time: Double, _ coordinate: Coordinate) {
            let time = ScenarioReconstructor.milliseconds(time - origin)
            guard time >= 0 else { return }
            if let last = points.last, last.time >= time { points.removeLast() }
            points.append((time, coordinate))
        }
        for entry in entries {
            guard case .event(let event) = entry.body else { continue }
            switch event {
            case .locationsUpdated(let fixes):
                for fix in fixes { add(fix.timestamp.isFinite ? fix.timestamp : entry.time, fix.coordinate) }
            case .significantLocationChange(let fix):
                add(fix.timestamp.isFinite ? fix.timestamp : entry.time, fix.coordinate)
            case .liveLocationUpdate(let update):
                guard let fix = update.location else { break }
                add(fix.timestamp.isFinite ? fix.timestamp : entry.time, fix.coordinate)
            case .visit(let visit): add(entry.time, visit.coordinate)
            default: break
            }
        }
        return points
    }

    /// `world.movement`: start at the first position, then one leg per position at the speed that
    /// arrives on time; a position within a metre of the last is a pause.
    var movement: JSONObject? {
        guard let first = route.first else { return nil }
        var startTime = first.time
        var legs: [JSONObject] = []
        var last = first
        for point in route.dropFirst() {
            let elapsed = point.time - last.time
            let distance = Self.metres(last.coordinate, point.coordinate)
            if distance < 1 {
                if legs.isEmpty {
                    startTime += elapsed
                } else {
                    let pause = legs[legs.count - 1]["pause"]?.numberValue ?? 0
                    legs[legs.count - 1].set("pause", .double(ScenarioReconstructor.milliseconds(pause + elapsed)))
                }
                continue
            }
            legs.append([
                "to": ScenarioReconstructor.position(point.coordinate), "speed": .double(distance / elapsed),
                "pause": .double(0),
            ])
            last = point
        }
        guard !legs.isEmpty else { return ["stay": ScenarioReconstructor.position(first.coordinate)] }
        return [
            "start": ScenarioReconstructor.position(first.coordinate), "startTime": .double(startTime),
            "legs": .array(legs.map { .object($0) }),
        ]
    }

    /// Great-circle distance in metres (haversine).
    static func metres(_ a: Coordinate, _ b: Coordinate) -> Double {
        let radius = 6_371_000.0
        let dLat = (b.latitude - a.latitude) * .pi / 180
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let h =
            sin(dLat / 2) * sin(dLat / 2) + cos(a.latitude * .pi / 180) * cos(b.latitude * .pi / 180) * sin(dLon / 2)
            * sin(dLon / 2)
        return 2 * radius * asin(min(1, sqrt(h)))
    }

    static func json(_ value: FieldValue) -> JSONValue {
        switch value {
        case .string(let text): .string(text)
        case .int(let int): .int(int)
        case .double(let double): .double(double)
        case .bool(let bool): .bool(bool)
        }
    }
}

extension JSONValue {
    /// The value as a number, when it is one.
    var numberValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }
}

extension JSONObject {
    /// Replaces the first member with this key, or appends one.
    mutating func set(_ key: String, _ value: JSONValue) {
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(JSONMember(key: key, value: value))
        }
    }
}
