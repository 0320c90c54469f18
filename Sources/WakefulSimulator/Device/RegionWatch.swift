import Foundation
import Wakeful

/// The system's view of one monitored region: its confirmed state and a crossing in progress.
struct RegionWatch {
    var region: MonitoredRegion
    /// Centre and radius in local metres, for circular regions.
    var circle: (center: LocalPoint, radius: Double)?
    /// World beacons the region's constraint matches.
    var beaconIndices: [Int]
    /// The state iOS has confirmed.
    var state: RegionState
    /// Since when the device has met the condition for the opposite state.
    var candidateSince: TimeInterval?

    var isBeacon: Bool { circle == nil }
}

/// The significant-change service's memory (LOC-10): where and when it last reported.
struct SignificantChangeWatch {
    var anchor: LocalPoint
    var lastEvent: TimeInterval
    /// Distance that triggers the next event (fixed, or drawn per CONF-14).
    var threshold: Double
    /// Deliver the first fix as soon as the app runs, as iOS does after starting the service.
    var initialFixPending: Bool
}
