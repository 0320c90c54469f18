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
    /// Which `startMonitoring` created this watch, so that a late callback finds it (SIM-1).
    var registration = 0

    var isBeacon: Bool { circle == nil }

    /// Applies the crossing rule once. Circles: ≈200 m past the boundary for ≥20 s (LOC-19);
    /// beacons: entry noticed ≈1 s after coming into range, exit after ≈30 s without the beacon
    /// (BEACON-2).
    ///
    /// - Returns: the newly confirmed state, if the rule now holds, and otherwise when it could
    ///   next come to hold.
    mutating func advanceCrossing(
        position: LocalPoint, now: TimeInterval, beaconInRange: Bool, location: LocationRules, beacons: BeaconRules
    ) -> (confirmed: RegionState?, deadline: TimeInterval?) {
        let wantsOther: Bool
        let holdFor: TimeInterval
        if let circle {
            let distance = position.distance(to: circle.center)
            if state == .inside {
                wantsOther = distance >= circle.radius + location.regionCrossingDistance
            } else {
                // Assumption: entering needs the same margin inside, capped at half the radius so
                // that small regions can be entered at all (LOC-19 states the rule for either side).
                wantsOther = distance <= circle.radius - min(location.regionCrossingDistance, circle.radius / 2)
            }
            holdFor = location.regionCrossingDwell
        } else {
            wantsOther = state == .inside ? !beaconInRange : beaconInRange
            holdFor = state == .inside ? beacons.exitDelay : beacons.entryDetectionDelay
        }
        guard wantsOther else {
            candidateSince = nil
            return (nil, nil)
        }
        let since = candidateSince ?? now
        guard now - since >= holdFor else {
            candidateSince = since
            return (nil, since + holdFor)
        }
        state = state == .inside ? .outside : .inside
        candidateSince = nil
        return (state, nil)
    }
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

/// The visits service's memory (LOC-16): where the user has been staying and whether an arrival
/// has been reported for it.
struct VisitWatch {
    /// Where the current stay began.
    var place: LocalPoint
    /// Since when the user has been within the visit radius of `place`.
    var since: TimeInterval
    /// Whether the arrival was reported; the departure is reported on leaving.
    var arrived: Bool
}
