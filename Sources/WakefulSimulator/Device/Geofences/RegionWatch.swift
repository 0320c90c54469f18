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
    /// The standard normal draw of the exit in progress, which sets its time past the margin
    /// (``RegionCrossing/exitDwell(draw:)``); drawn when the device first gets past the margin.
    var exitDraw = 0.0
    /// A beacon exit the device missed: nothing more until the beacon is heard again (BEACON-2).
    var exitMissed = false
    /// Which `startMonitoring` created this watch, so that a late callback finds it (SIM-1).
    var registration = 0
    /// Whether the region's beacon was in range when the phone last listened for it. A region with
    /// a priority slot is listened for all the time; one detected in software keeps what it last
    /// heard while the phone does not scan (BEACON-2, BEACON-3).
    var heardInRange = false

    var isBeacon: Bool { circle == nil }

    /// Where the device at `position` is relative to the region, ignoring the crossing rule: a
    /// beacon region is inside while any of its beacons is in range.
    func geometricState(at position: LocalPoint, reach: BeaconReach) -> RegionState {
        if let circle {
            return position.distance(to: circle.center) <= circle.radius ? .inside : .outside
        }
        return reach.anyInRange(beaconIndices, of: position) ? .inside : .outside
    }

    /// Applies the crossing rule once. Circles: `crossing.margin` past the boundary for
    /// `crossing.dwell` to enter, and for a time drawn per crossing to exit (LOC-19, by the
    /// positioning in use, from `random`); beacons: entry noticed ≈1 s after
    /// coming into range, exit after 20–42 s without the beacon, drawn per exit (BEACON-2).
    ///
    /// An exit needs the device to stay past the margin for the whole dwell (LOC-19). An entry is
    /// reported the dwell after the device first got the margin inside, even if it has left
    /// again since (assumption: LOC-19 words the rule for exits; in Radius Networks' drive-by
    /// tests of a 60 m fence, developer.radiusnetworks.com/2015/08/28/geofence-performance-testing,
    /// arrivals fired well past it). Requiring the stay as well made a car at 15 m/s through a
    /// 200 m fence never enter: it spends 13 s within 100 m of the centre.
    ///
    /// - Returns: the newly confirmed state, if the rule now holds, and otherwise when it could
    ///   next come to hold.
    mutating func advanceCrossing(
        position: LocalPoint, now: TimeInterval, beaconInRange: Bool, crossing: RegionCrossing, beacons: BeaconRules,
        random: inout SeededGenerator
    ) -> (confirmed: RegionState?, deadline: TimeInterval?) {
        let wantsOther: Bool
        let holdFor: TimeInterval
        var entryLatched = false
        if let circle {
            let distance = position.distance(to: circle.center)
            if state == .inside {
                wantsOther = distance >= circle.radius + crossing.margin
                // A new exit in progress draws its time past the margin (field reports, LOC-19).
                if wantsOther && candidateSince == nil { exitDraw = random.gaussian(mean: 0, standardDeviation: 1) }
                holdFor = crossing.exitDwell(draw: exitDraw)
            } else {
                // Assumption: entering needs the same margin inside, capped at half the radius so
                // that small regions can be entered at all (LOC-19 states the rule for either side).
                wantsOther = distance <= circle.radius - min(crossing.margin, circle.radius / 2)
                entryLatched = candidateSince != nil
                holdFor = crossing.dwell
            }
        } else {
            if beaconInRange { exitMissed = false }
            wantsOther = state == .inside ? !beaconInRange && !exitMissed : beaconInRange
            if state == .inside {
                // Each exit draws its delay evenly from the field's range (BEACON-2).
                if wantsOther && candidateSince == nil { exitDraw = random.gaussian(mean: 0, standardDeviation: 1) }
                let share = 0.5 * erfc(-exitDraw / 2.squareRoot())  // the draw's normal quantile, 0–1
                holdFor =
                    beacons.exitDelay.lowerBound + (beacons.exitDelay.upperBound - beacons.exitDelay.lowerBound) * share
            } else {
                holdFor = beacons.entryDetectionDelay
            }
        }
        guard wantsOther || entryLatched else {
            candidateSince = nil
            return (nil, nil)
        }
        let since = candidateSince ?? now
        guard now - since >= holdFor else {
            candidateSince = since
            return (nil, since + holdFor)
        }
        candidateSince = nil
        if isBeacon && state == .inside && random.bernoulli(beacons.missedExitShare) {
            exitMissed = true  // unnoticed: the region stays inside (field trials, BEACON-2)
            return (nil, nil)
        }
        state = state == .inside ? .outside : .inside
        return (state, nil)
    }
}
