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
    /// departure a latency after they leave it (``LocationRules/visitArrivalDwell``,
    /// ``LocationRules/visitDepartureLatency``). Returns when an arrival or a departure could next
    /// fall due.
    mutating func checkVisits() -> TimeInterval? {
        guard var watch = visits, monitoringActive else { return nil }
        let rules = policy.location
        if let departure = watch.departure, now >= departure.due {
            watch.departure = nil
            visits = watch
            systemWake(.visit, events: [.visit(departure.visit)], rules: ["LOC-16"])
            guard let after = visits else { return nil }  // the app may have stopped the service
            watch = after
        }
        let left = position.distance(to: watch.place) > rules.visitRadius
        if watch.arrived && left {
            // The visit ended when the user left its radius; iOS tells the app a latency later.
            let visit = Visit(
                coordinate: scenario.world.projection.coordinate(for: watch.place),
                horizontalAccuracy: rules.visitRadius,
                arrival: watch.since, departure: now)
            watch = VisitWatch(place: position, since: now, arrived: false)
            watch.departure = (visit, now + rules.visitDepartureLatency)
        } else if left {
            watch = VisitWatch(place: position, since: now, arrived: false, departure: watch.departure)
        } else if !watch.arrived && now - watch.since >= rules.visitArrivalDwell {
            watch.arrived = true
            visits = watch
            let visit = Visit(
                coordinate: scenario.world.projection.coordinate(for: watch.place),
                horizontalAccuracy: rules.visitRadius,
                arrival: watch.since, departure: nil)
            systemWake(.visit, events: [.visit(visit)], rules: ["LOC-16"])
            return visits?.departure?.due
        }
        visits = watch
        let arrival = watch.arrived ? nil : watch.since + rules.visitArrivalDwell
        return [arrival, watch.departure?.due].compactMap { $0 }.min()
    }
}
