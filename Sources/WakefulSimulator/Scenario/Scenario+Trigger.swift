import Foundation

extension Scenario {
    /// The beacon of the app's first `beaconTrigger` feature and the distance it should fire at,
    /// when the app has one: what the trigger metrics and the report's walk measure against.
    var trigger: (beacon: WorldBeacon, distance: Double)? {
        for feature in app.features {
            if case .beaconTrigger(let id, let distance) = feature, let beacon = world.beacon(named: id) {
                return (beacon, distance)
            }
        }
        return nil
    }
}
