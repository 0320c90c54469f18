import Foundation
import Wakeful

/// The visits service as the device carries it out (LOC-16): the ``LocationServices`` follow the
/// user's stays; the device wakes or relaunches the app for each arrival and departure.
extension SimulatedDevice {
    /// `startMonitoringVisits` (LOC-16, iOS 8+). Visits relaunch a terminated app like SLC does;
    /// after a force-quit they follow SLC's rule (§12.3 gap, CONF-5).
    mutating func startVisits() {
        guard policy.location.visitsAvailable else {
            refuse("startMonitoringVisits", "no visits service before iOS 8", rules: ["LOC-16"])
            return
        }
        guard authorization == .always || authorization == .whenInUse else {
            refuse("startMonitoringVisits", "not authorized", rules: ["LOC-16"])
            return
        }
        guard locationServices.startVisits(at: world.position, now: now) else { return }
        scheduleWorldTick(at: now)
    }

    /// Reports an arrival once the user has stayed within the visit radius long enough, and the
    /// departure a latency after they leave it. Returns when an arrival or a departure could next
    /// fall due.
    mutating func checkVisits() -> TimeInterval? {
        guard locationServices.monitorsVisits, monitoringActive else { return nil }
        if let departure = locationServices.takeDueDeparture(at: now) {
            systemWake(.visit, events: [.visit(departure)], rules: ["LOC-16"])
            guard locationServices.monitorsVisits else { return nil }  // the app may have stopped the service
        }
        switch locationServices.advanceVisits(
            at: world.position, now: now, rules: policy.location, projection: scenario.world.projection)
        {
        case .arrived(let visit):
            systemWake(.visit, events: [.visit(visit)], rules: ["LOC-16"])
            return locationServices.departureDue
        case .wait(let next): return next
        }
    }
}
