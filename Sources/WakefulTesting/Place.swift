import Foundation
import Wakeful
import WakefulSimulator

/// A place in the scenario's world, for ``BackgroundTestRun/expectTriggered(within:of:fileID:filePath:line:column:)``
/// and for moving the user.
public enum Place: Sendable, Hashable {
    /// The beacon the app's trigger watches (its `beaconTrigger` feature).
    case triggerBeacon
    /// A world beacon by its scenario name, e.g. `"pump-4"`.
    case beacon(String)
    /// A point in local metres east and north of the scenario's origin.
    case point(LocalPoint)
    /// A latitude and longitude, placed with the scenario's projection.
    case coordinate(Coordinate)

    /// Where the place is in `scenario`, in local metres; nil for a beacon it does not have.
    func location(in scenario: Scenario) -> LocalPoint? {
        switch self {
        case .triggerBeacon:
            let watched = scenario.app.features.lazy.compactMap { feature -> String? in
                guard case .beaconTrigger(let beacon, _) = feature else { return nil }
                return beacon
            }.first
            return watched.flatMap { scenario.world.beacon(named: $0)?.position }
        case .beacon(let name): return scenario.world.beacon(named: name)?.position
        case .point(let point): return point
        case .coordinate(let coordinate): return scenario.world.projection.point(for: coordinate)
        }
    }

    /// The place in words, for messages.
    var name: String {
        switch self {
        case .triggerBeacon: "the trigger's beacon"
        case .beacon(let name): "beacon \(name)"
        case .point(let point): "(\(point.east) m east, \(point.north) m north)"
        case .coordinate(let coordinate): "(\(coordinate.latitude), \(coordinate.longitude))"
        }
    }
}
