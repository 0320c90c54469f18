import Foundation
import Wakeful

/// The visits service (LOC-16): an arrival once the user has stayed within the visit radius long
/// enough, the departure a latency after they leave it (``LocationRules/visitArrivalDwell``,
/// ``LocationRules/visitDepartureLatency``).
extension LocationServices {
    /// What a look at the visits service found.
    enum VisitOutcome {
        /// An arrival to report now.
        case arrived(Visit)
        /// Nothing to report; look again at the time given, if any.
        case wait(until: TimeInterval?)
    }

    /// `startMonitoringVisits`: the service starts at `position` unless it runs already; returns
    /// whether it started.
    mutating func startVisits(at position: LocalPoint, now: TimeInterval) -> Bool {
        guard visits == nil else { return false }
        visits = VisitWatch(place: position, since: now, arrived: false)
        return true
    }

    /// `stopMonitoringVisits`.
    mutating func stopVisits() {
        visits = nil
    }

    /// The departure whose latency is up at `now`, taken off the service.
    mutating func takeDueDeparture(at now: TimeInterval) -> Visit? {
        guard let departure = visits?.departure, now >= departure.due else { return nil }
        visits?.departure = nil
        return departure.visit
    }

    /// When the pending departure is due, if there is one.
    var departureDue: TimeInterval? { visits?.departure?.due }

    /// Follows the user's stay: a new place when they leave the radius (its departure reported a
    /// latency later), the arrival once they stayed long enough.
    mutating func advanceVisits(
        at position: LocalPoint, now: TimeInterval, rules: LocationRules, projection: LocalProjection
    ) -> VisitOutcome {
        guard var watch = visits else { return .wait(until: nil) }
        let left = position.distance(to: watch.place) > rules.visitRadius
        if watch.arrived && left {
            // The visit ended when the user left its radius; iOS tells the app a latency later.
            let visit = Visit(
                coordinate: projection.coordinate(for: watch.place), horizontalAccuracy: rules.visitRadius,
                arrival: watch.since, departure: now)
            watch = VisitWatch(place: position, since: now, arrived: false)
            watch.departure = (visit, now + rules.visitDepartureLatency)
        } else if left {
            watch = VisitWatch(place: position, since: now, arrived: false, departure: watch.departure)
        } else if !watch.arrived && now - watch.since >= rules.visitArrivalDwell {
            watch.arrived = true
            visits = watch
            return .arrived(
                Visit(
                    coordinate: projection.coordinate(for: watch.place), horizontalAccuracy: rules.visitRadius,
                    arrival: watch.since, departure: nil))
        }
        visits = watch
        let arrival = watch.arrived ? nil : watch.since + rules.visitArrivalDwell
        return .wait(until: [arrival, watch.departure?.due].compactMap { $0 }.min())
    }
}
