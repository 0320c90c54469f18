import Foundation
import Wakeful

/// The significant-change service as the device carries it out (LOC-10 to LOC-14, CONF-4): the
/// ``LocationServices`` decide when a change is due; the device delivers the first fix and wakes
/// or relaunches the app for each change.
extension SimulatedDevice {
    /// `startMonitoringSignificantLocationChanges` (LOC-10 to LOC-13). No background mode needed (LOC-13).
    mutating func startSignificantChanges() {
        guard authorization == .always || authorization == .whenInUse else {
            refuse("startMonitoringSignificantLocationChanges", "not authorized", rules: ["LOC-12"])
            return
        }
        guard
            locationServices.startSignificantChanges(
                at: world.position, now: now, rules: policy.location, random: &systemRandom)
        else { return }
        scheduleWorldTick(at: now)
    }

    /// Fires a significant change after ≥500 m and ≥5 min (LOC-10), or the CONF-4 heartbeat.
    mutating func checkSignificantChange() -> TimeInterval? {
        guard monitoringActive, let look = locationServices.lookAtSignificantChanges(appExecuting: state.isExecuting)
        else { return nil }
        if look.initialFixDue { deliver(.significantLocationChange(significantChangeFix())) }
        // AUTH-6: with reduced accuracy SLC still works, at the reduced rate.
        switch locationServices.finish(
            look, at: world.position, now: now, reduced: permission.accuracy == .reduced, rules: policy.location,
            random: &systemRandom)
        {
        case .wait(let next): return next
        case .report(let eventRules, let next):
            let eventFix = significantChangeFix()
            systemWake(
                .significantChange, events: [.significantLocationChange(eventFix)],
                rules: permission.accuracy == .reduced ? eventRules + ["AUTH-6"] : eventRules)
            return next
        }
    }

    /// The fix of a significant change: at the run's field accuracy (LOC-10), or a reduced-accuracy
    /// one (AUTH-6).
    mutating func significantChangeFix() -> LocationFix {
        permission.accuracy == .reduced ? coarseFix() : fix(accuracy: locationServices.significantChangeAccuracy)
    }
}
