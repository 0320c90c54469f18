import Foundation
import Wakeful

extension SimulatedDevice {
    /// `startRangingBeacons(satisfying:)` (BEACON-9). Callbacks come at 1 Hz while the app executes.
    mutating func startRanging(_ constraint: BeaconIdentityConstraint) {
        guard policy.beacons.available else {
            refuse("startRangingBeacons", "no iBeacon support before iOS 7", rules: ["BEACON-1"])
            return
        }
        guard authorization == .always || authorization == .whenInUse else {
            refuse("startRangingBeacons", "not authorized", rules: ["BEACON-1"])
            return
        }
        guard permission.accuracy == .full else {
            refuse("startRangingBeacons", "reduced accuracy", rules: ["AUTH-6"])
            return
        }
        guard hasProcess, !process.ranging.contains(constraint) else { return }
        process.ranging.append(constraint)
        restartRanging()
    }

    mutating func stopRanging(_ constraint: BeaconIdentityConstraint) {
        process.ranging.removeAll { $0 == constraint }
        if process.ranging.isEmpty { rangingGeneration += 1 }
    }

    /// Starts the 1 Hz callbacks again when the app resumes; the first comes right away.
    mutating func restartRanging() {
        guard state.isExecuting, !process.ranging.isEmpty else { return }
        rangingGeneration += 1
        schedule(.rangingTick(generation: rangingGeneration), at: now)
    }

    /// One ranging callback per constraint with the beacons heard in the last second (BEACON-5).
    mutating func rangingTick(generation: Int) {
        guard generation == rangingGeneration, state.isExecuting, !process.ranging.isEmpty else { return }
        let ranging = process.ranging
        schedule(.rangingTick(generation: generation), at: now + policy.beacons.rangingInterval)
        if state == .background && !alwaysApplies && policy.beacons.backgroundNeedsAlwaysAuthorization {
            return  // BEACON-1: When-In-Use apps detect beacons in the foreground only (and LOC-9).
        }
        if permission.accuracy == .reduced { return }  // AUTH-6: no ranging with reduced accuracy
        for constraint in ranging {
            // Reuse one buffer: once the event is delivered and dropped it is uniquely owned again,
            // so no allocation; a timeline that keeps the event makes the next append copy instead.
            var seen = rangingScratch
            rangingScratch = []
            seen.removeAll(keepingCapacity: true)
            for index in beaconSignals.indices {
                let beacon = beaconSignals[index]
                guard constraint.matches(uuid: beacon.uuid, major: beacon.major, minor: beacon.minor),
                    let sample = process.beaconFilters[index].sample(
                        distance: position.distance(to: beacon.position), measuredPower: beacon.measuredPower,
                        using: &beaconRandom[index])
                else { continue }
                seen.append(
                    RangedBeacon(
                        uuid: beacon.uuid, major: beacon.major, minor: beacon.minor, accuracy: sample.accuracy,
                        rssi: sample.rssi, proximity: RangedBeacon.Proximity(sample.proximity)))
            }
            tally.rangingCallbacks += 1
            deliver(.beaconsRanged(constraint, seen))
            rangingScratch = seen
            guard state.isExecuting else { return }
        }
    }
}

extension RangedBeacon.Proximity {
    init(_ proximity: BeaconProximity) {
        switch proximity {
        case .unknown: self = .unknown
        case .immediate: self = .immediate
        case .near: self = .near
        case .far: self = .far
        }
    }
}

/// What ranging needs of a world beacon, without its name: a plain value, copied for free on the
/// hot path.
struct BeaconSignalSource {
    var uuid: UUID
    var major: UInt16
    var minor: UInt16
    var position: LocalPoint
    var measuredPower: Double

    init(_ beacon: WorldBeacon) {
        uuid = beacon.uuid
        major = beacon.major
        minor = beacon.minor
        position = beacon.position
        measuredPower = beacon.measuredPower
    }
}
