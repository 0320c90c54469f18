import Foundation
import Wakeful

/// Beacon ranging as the device carries it out (BEACON-1, BEACON-5, BEACON-9): the
/// ``BeaconSystem`` samples the beacons in range; the device keeps the 1 Hz callbacks on the
/// agenda while the app executes and delivers them.
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
        if process.ranging.isEmpty { beacons.stopCallbacks() }
    }

    /// Starts the 1 Hz callbacks again when the app resumes; the first comes right away.
    mutating func restartRanging() {
        guard state.isExecuting, !process.ranging.isEmpty else { return }
        let generation = beacons.nextCallback()
        schedule(.rangingTick(generation: generation), at: now)
    }

    /// One ranging callback per constraint with the beacons heard in the last second (BEACON-5).
    mutating func rangingTick(generation: Int) {
        guard beacons.isPendingCallback(generation), state.isExecuting, !process.ranging.isEmpty else { return }
        let ranging = process.ranging
        schedule(.rangingTick(generation: generation), at: now + policy.beacons.rangingInterval)
        if state == .background && !alwaysApplies && policy.beacons.backgroundNeedsAlwaysAuthorization {
            return  // BEACON-1: When-In-Use apps detect beacons in the foreground only (and LOC-9).
        }
        if permission.accuracy == .reduced { return }  // AUTH-6: no ranging with reduced accuracy
        for constraint in ranging {
            let seen = beacons.ranged(constraint, from: world.position, filters: &process.beaconFilters)
            tally.rangingCallbacks += 1
            deliver(.beaconsRanged(constraint, seen))
            beacons.recycle(seen)
            guard state.isExecuting else { return }
        }
    }
}
