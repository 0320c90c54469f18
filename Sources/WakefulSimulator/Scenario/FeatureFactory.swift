import Foundation
import Wakeful

/// Turns a scenario's feature descriptions into the strategies a new process runs.
enum FeatureFactory {
    static func make(_ feature: FeatureSpec, world: WorldDescription) -> (any Strategy)? {
        switch feature {
        case .beaconTrigger(let id, let distance):
            guard let beacon = world.beacon(named: id) else { return nil }
            return BeaconTrigger(
                options: .init(regionID: RegionID(id), constraint: beacon.constraint, triggerDistance: distance))
        case .locationLog:
            return LocationLogger()
        case .filteredLocationLog(let options):
            return LocationLogger(filter: options)
        case .locationPermission(let options):
            return LocationPermissionRequest(options: options)
        case .geofences(let fences):
            let projection = world.projection
            return RegionMonitor(
                regions: fences.map {
                    MonitoredRegion(
                        id: $0.id, shape: .circle(center: projection.coordinate(for: $0.center), radius: $0.radius))
                })
        }
    }
}
