import Foundation
import Wakeful

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
        guard visits == nil else { return }
        visits = VisitWatch(place: position, since: now, arrived: false)
        scheduleWorldTick(at: now)
    }

    /// Reports an arrival once the user has stayed within the visit radius long enough, and the
    /// departure when they leave it (both cfg assumptions, see ``LocationRules/visitArrivalDwell``).
    /// Returns when an arrival could next fall due.
    mutating func checkVisits() -> TimeInterval? {
        guard var watch = visits, monitoringActive else { return nil }
        let rules = policy.location
        let left = position.distance(to: watch.place) > rules.visitRadius
        if watch.arrived && left {
            let visit = Visit(
                coordinate: scenario.world.projection.coordinate(for: watch.place),
                horizontalAccuracy: rules.visitRadius,
                arrival: watch.since, departure: now)
            visits = VisitWatch(place: position, since: now, arrived: false)
            systemWake(.visit, events: [.visit(visit)], rules: ["LOC-16"])
            return now + rules.visitArrivalDwell
        }
        if left {
            watch = VisitWatch(place: position, since: now, arrived: false)
        } else if !watch.arrived && now - watch.since >= rules.visitArrivalDwell {
            watch.arrived = true
            visits = watch
            let visit = Visit(
                coordinate: scenario.world.projection.coordinate(for: watch.place),
                horizontalAccuracy: rules.visitRadius,
                arrival: watch.since, departure: nil)
            systemWake(.visit, events: [.visit(visit)], rules: ["LOC-16"])
            return nil
        }
        visits = watch
        return watch.arrived ? nil : watch.since + rules.visitArrivalDwell
    }
}
