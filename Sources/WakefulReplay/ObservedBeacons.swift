import Foundation
import Wakeful

/// Beacons rebuilt from what a device recorded of them: the identity from the beacon regions the
/// app monitored (the region's name becomes the beacon's id, as `BeaconTrigger` names its region),
/// the calibrated power from a ranged sample (the path-loss model the simulator uses, solved for
/// the measured power), and the place from the route at the moment of the closest estimate.
///
/// Only an approximation: ranged distances are noisy, and a device that ranged without location
/// updates gives no place, so the beacon goes at the origin. The simulator's own timelines carry
/// the beacons exactly (`world` facts).
struct ObservedBeacons {
    /// `world.beacons` entries.
    var list: [JSONObject] = []
    var notes: [String] = []

    /// The simulator's default path-loss exponent (free space), used to solve for the measured power.
    static let pathLossExponent = 2.0

    init(_ entries: [TimelineEntry], origin: Double, route: [(time: Double, coordinate: Coordinate)]) {
        var regions: [(id: String, constraint: BeaconIdentityConstraint)] = []
        var closest: [String: (time: Double, accuracy: Double, rssi: Int)] = [:]
        for entry in entries {
            switch entry.body {
            case .command(.startMonitoring(let region), _):
                guard case .beacon(let constraint) = region.shape, constraint.major != nil, constraint.minor != nil,
                    !regions.contains(where: { $0.id == region.id.rawValue })
                else { continue }
                regions.append((region.id.rawValue, constraint))
            case .event(.beaconsRanged(_, let beacons)):
                for beacon in beacons where beacon.accuracy > 0 && beacon.rssi != 0 {
                    let key = "\(beacon.uuid.uuidString)/\(beacon.major)/\(beacon.minor)"
                    if beacon.accuracy < closest[key]?.accuracy ?? .infinity {
                        closest[key] = (entry.time - origin, beacon.accuracy, beacon.rssi)
                    }
                }
            default: break
            }
        }
        for (id, constraint) in regions {
            guard let major = constraint.major, let minor = constraint.minor else { continue }
            var beacon: JSONObject = [
                "id": .string(id), "uuid": .string(constraint.uuid.uuidString), "major": .int(Int(major)),
                "minor": .int(Int(minor)),
            ]
            let key = "\(constraint.uuid.uuidString)/\(major)/\(minor)"
            if let sample = closest[key] {
                let power = Double(sample.rssi) + 10 * Self.pathLossExponent * log10(sample.accuracy)
                let place = Self.position(at: sample.time, on: route)
                beacon.set("position", place.map { ScenarioReconstructor.position($0) } ?? Self.atOrigin)
                beacon.set("measuredPower", .double((power * 10).rounded() / 10))
                notes.append(
                    "beacon \(id): measured power \(Self.number(power)) dBm from a ranged sample; placed "
                        + (place == nil
                            ? "at the origin (no location fixes to place it)"
                            : "where the device was when it ranged it closest (≈\(Self.number(sample.accuracy)) m)"))
            } else {
                beacon.set("position", Self.atOrigin)
                notes.append("beacon \(id): never ranged; placed at the origin with the default measured power")
            }
            list.append(beacon)
        }
    }

    private static let atOrigin = JSONValue.object(["east": .int(0), "north": .int(0)])

    /// The route's position at `time`: the last fix at or before it, else the first.
    private static func position(at time: Double, on route: [(time: Double, coordinate: Coordinate)]) -> Coordinate? {
        (route.last { $0.time <= time } ?? route.first)?.coordinate
    }

    private static func number(_ value: Double) -> String { String(format: "%.1f", value) }
}
