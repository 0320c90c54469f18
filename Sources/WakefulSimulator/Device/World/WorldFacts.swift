import Foundation
import Wakeful

/// The facts of a scenario's world that a device cannot see, as the `world` entries of the
/// simulator's timeline: the origin, where beacons and accessories are and what they do, the
/// server, and — at the moments they take effect — each point of the user's path, each change of
/// the charger or battery and each change of the network.
///
/// A device records only what the app observes (events, ``TimelineEntry/Body/observation(_:)``);
/// the simulator writes these as well, so that `wakeful replay` rebuilds the very world of a
/// simulated run and must then agree with it. The fields are those of the scenario file, with a
/// position as `east` and `north` in metres from the origin.
///
/// ```swift
/// WorldFacts.entries(of: gasStation).first
/// // {"t":0,"kind":"world","fact":"origin","lat":37.33182,"lon":-122.03118}
/// ```
enum WorldFacts {
    /// The entries in time order; facts of the place come first, at time 0.
    static func entries(of scenario: Scenario) -> [TimelineEntry] {
        let world = scenario.world
        var timed: [TimelineEntry] = []
        func fact(_ time: TimeInterval, _ name: String, _ fields: [Field]) {
            timed.append(TimelineEntry(time: time, body: .world(fact: name, fields: fields)))
        }
        fact(
            0, "origin", [Field("lat", .double(world.origin.latitude)), Field("lon", .double(world.origin.longitude))])
        for beacon in world.beacons {
            fact(
                0, "beacon",
                [
                    Field("id", .string(beacon.id)), Field("uuid", .string(beacon.uuid.uuidString)),
                    Field("major", .int(Int(beacon.major))), Field("minor", .int(Int(beacon.minor))),
                ] + position(beacon.position) + [Field("measuredPower", .double(beacon.measuredPower))])
        }
        for accessory in world.accessories { fact(0, "accessory", fields(of: accessory)) }
        if let server = scenario.source?.server {
            fact(0, "server", [Field("config", .string(JSONValue.object(server).description))])
        }
        for knot in world.trajectory.knots { fact(knot.time, "path", position(knot.point)) }
        for point in world.power.points {
            var fields: [Field] = []
            if let battery = point.battery { fields.append(Field("battery", .double(battery))) }
            if let charging = point.charging { fields.append(Field("charging", .bool(charging))) }
            fact(point.at, "power", fields)
        }
        for segment in world.network.segments {
            var fields = [Field("network", .string(segment.kind.rawValue))]
            if segment.kind != .none { fields.append(Field("bandwidth", .double(segment.bandwidth))) }
            fact(segment.at, "network", fields)
        }
        // Stable: facts of one moment keep the order above.
        return timed.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    private static func position(_ point: LocalPoint) -> [Field] {
        [Field("east", .double(point.east)), Field("north", .double(point.north))]
    }

    /// An accessory's `world.accessories` entry, flattened.
    private static func fields(of accessory: WorldAccessory) -> [Field] {
        var fields = [Field("id", .string(accessory.id))] + position(accessory.position)
        fields.append(Field("range", .double(accessory.range)))
        switch accessory.role {
        case .peripheral:
            fields.append(Field("service", .string(accessory.service)))
            if let idle = accessory.sleepsAfterIdle { fields.append(Field("sleepsAfterIdle", .double(idle))) }
        case .central:
            fields += [
                Field("role", .string("central")), Field("lookingFor", .string(accessory.service)),
                Field("readsOverflowArea", .bool(accessory.readsOverflowArea)),
                Field("writeEvery", .double(accessory.writeEvery)),
            ]
        }
        return fields
    }
}
