import Foundation
import Wakeful

/// The scenario's `world` members a timeline gives: exactly, from the simulator's `world` facts;
/// otherwise as well as the device's own entries allow — the network and the charger from its
/// `observation` entries, beacons from the regions it monitored and the beacons it ranged.
struct RecordedWorld {
    /// `world` members, in scenario-file form.
    var members = JSONObject()
    /// What was inferred rather than read.
    var notes: [String] = []

    /// - Parameters:
    ///   - route: The positions the device reported, for placing beacons when no fact gives them.
    init(_ entries: [TimelineEntry], origin: Double, route: [(time: Double, coordinate: Coordinate)]) {
        let facts = entries.compactMap { entry -> (time: Double, fact: String, fields: [Field])? in
            guard case .world(let fact, let fields) = entry.body else { return nil }
            return (entry.time - origin, fact, fields)
        }
        if facts.isEmpty {
            observe(entries, origin: origin, route: route)
        } else {
            read(facts)
        }
    }

    // MARK: The simulator's facts

    private mutating func read(_ facts: [(time: Double, fact: String, fields: [Field])]) {
        var beacons: [JSONValue] = []
        var accessories: [JSONValue] = []
        var health: [JSONValue] = []
        var path: [JSONValue] = []
        var power: [JSONValue] = []
        var network: [JSONValue] = []
        for (time, fact, fields) in facts {
            var object = JSONObject(fields.map { JSONMember(key: $0.key, value: WorldInputs.json($0.value)) })
            object.foldPosition()
            switch fact {
            case "origin": members.set("origin", .object(object))
            // A timeline joining several runs' files (an export of the last hours) repeats the
            // world each run described: the same beacon or accessory is one thing, not two.
            case "beacon": if !beacons.contains(.object(object)) { beacons.append(.object(object)) }
            case "accessory": if !accessories.contains(.object(object)) { accessories.append(.object(object)) }
            case "health": if !health.contains(.object(object)) { health.append(.object(object)) }
            case "server":
                if case .string(let text)? = object["config"], let server = try? JSONValue.parse(Array(text.utf8)) {
                    members.set("server", server)
                }
            case "path", "power", "network":
                // Timed entries of the scenario file: the fact's moment is their `at`; a network
                // segment names its kind `kind` (the line's own `kind` key is reserved).
                if let index = object.members.firstIndex(where: { $0.key == "network" }) {
                    object.members[index].key = "kind"
                }
                object.members.insert(JSONMember(key: "at", value: .double(time)), at: 0)
                switch fact {
                case "path": path.append(.object(object))
                case "power": power.append(.object(object))
                default: network.append(.object(object))
                }
            default:
                notes.append(
                    "world: fact \"\(fact)\" at \(ScenarioReconstructor.number(time)) s is not known; left out")
            }
        }
        if !beacons.isEmpty { members.set("beacons", .array(beacons)) }
        if !accessories.isEmpty { members.set("accessories", .array(accessories)) }
        if !health.isEmpty { members.set("health", .array(health)) }
        if !path.isEmpty { members.set("movement", .object(["path": .array(path)])) }
        if !power.isEmpty { members.set("power", .array(power)) }
        if !network.isEmpty { members.set("network", .array(network)) }
        notes.append("world: \(facts.count) facts from the simulator's world entries")
    }

    // MARK: A device's observations

    private mutating func observe(
        _ entries: [TimelineEntry], origin: Double, route: [(time: Double, coordinate: Coordinate)]
    ) {
        var power: [JSONValue] = []
        var network: [JSONValue] = []
        for entry in entries {
            guard case .observation(let fields) = entry.body else { continue }
            // The first observation stands for the start: the device saw it with its first event.
            let at = JSONValue.double(power.isEmpty && network.isEmpty ? 0 : max(0, entry.time - origin))
            for field in fields {
                switch (field.key, field.value) {
                case ("externalPower", .bool(let on)):
                    power.append(.object(["at": power.isEmpty ? .double(0) : at, "charging": .bool(on)]))
                case ("network", .string(let kind)) where NetworkPath(rawValue: kind) != .unknown:
                    network.append(.object(["at": network.isEmpty ? .double(0) : at, "kind": .string(kind)]))
                default: break
                }
            }
        }
        if !power.isEmpty {
            members.set("power", .array(power))
            notes.append("power: \(power.count) charger states from observation entries, at the events that saw them")
        }
        if !network.isEmpty {
            members.set("network", .array(network))
            notes.append("network: \(network.count) paths from observation entries, at the events that saw them")
        }
        let beacons = ObservedBeacons(entries, origin: origin, route: route)
        if !beacons.list.isEmpty {
            members.set("beacons", .array(beacons.list.map { .object($0) }))
            notes += beacons.notes
        }
    }
}

extension JSONObject {
    /// Moves flat `east`/`north` members into a `position` object, the scenario file's form.
    mutating func foldPosition() {
        guard let east = self["east"], let north = self["north"], self["lat"] == nil else { return }
        let index = members.firstIndex { $0.key == "east" }!
        members.removeAll { $0.key == "east" || $0.key == "north" }
        members.insert(JSONMember(key: "position", value: .object(["east": east, "north": north])), at: index)
    }
}
