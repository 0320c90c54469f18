import Foundation
import Wakeful

/// Fences placed in metres from a fixed origin, for driving ``GeofenceSet`` by hand.
enum Fences {
    static let origin = Coordinate(latitude: 48.85, longitude: 2.35)

    /// The coordinate `east` and `north` metres from the origin.
    static func at(east: Double, north: Double = 0) -> Coordinate {
        LocalProjection(origin: origin).coordinate(for: LocalPoint(east: east, north: north))
    }

    /// `count` circles of `radius` along the east axis, `spacing` metres apart, named `f0`, `f1`, …
    static func line(_ count: Int, spacing: Double = 500, radius: Double = 100, dwell: TimeInterval? = nil)
        -> [Geofence]
    {
        (0..<count).map {
            Geofence(id: RegionID("f\($0)"), center: at(east: Double($0) * spacing), radius: radius, dwell: dwell)
        }
    }

    /// A fix at `east` metres along the axis.
    static func fix(east: Double, north: Double = 0, at time: TimeInterval = 0) -> LocationFix {
        LocationFix(coordinate: at(east: east, north: north), horizontalAccuracy: 10, timestamp: time)
    }
}

extension Array where Element == Command {
    /// The regions these commands start monitoring, by identifier.
    var startedRegions: [RegionID] {
        compactMap { if case .startMonitoring(let region) = $0 { region.id } else { nil } }
    }

    /// The regions these commands stop monitoring.
    var stoppedRegions: [RegionID] {
        compactMap { if case .stopMonitoring(let id) = $0 { id } else { nil } }
    }

    /// The swap fence these commands start, if any.
    var swapFence: MonitoredRegion? {
        lazy.compactMap { command -> MonitoredRegion? in
            if case .startMonitoring(let region) = command, region.id == GeofenceSet.swapRegionID {
                region
            } else {
                nil
            }
        }.first
    }
}
