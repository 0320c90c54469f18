import Foundation
import Wakeful

extension SimulatedDevice {
    /// Checks the model's invariants after a step; debug builds call it after every step.
    ///
    /// A violation is a bug in the simulator, never in the app under test: the app's mistakes
    /// (an unended task) end in a modelled termination, not a violation.
    public mutating func checkInvariants() {
        if (state == .notRunning) != !hasProcess {
            tally.violations.append(
                "t=\(now): state \(state.rawValue) but process \(hasProcess ? "present" : "absent")")
        }
        if state == .background && runReasons.isEmpty {
            tally.violations.append("t=\(now): in the background with no run reason")
        }
        if state == .background, let allowance = process.tasks.allowance, !process.tasks.open.isEmpty,
            !policy.debuggerAttached, now > allowance.deadline
        {
            tally.violations.append("t=\(now): task open past its deadline \(allowance.deadline) without a termination")
        }
        if geofences.regions.count > policy.location.regionSlots {
            tally.violations.append(
                "t=\(now): \(geofences.regions.count) regions monitored, more than \(policy.location.regionSlots)")
        }
    }
}
