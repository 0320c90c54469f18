import Foundation
import Wakeful

/// The significant-change service (LOC-10 to LOC-14, CONF-4, CONF-14): it reports after the user
/// moved far enough and long enough after the last report, or at the CONF-4 heartbeat.
extension LocationServices {
    /// A look at the service in progress: its memory as the look found it, and whether the first
    /// fix after starting is to be delivered now.
    struct SignificantChangeLook {
        fileprivate var watch: SignificantChangeWatch
        /// Deliver the fix iOS sends as soon as the app runs after starting the service.
        let initialFixDue: Bool
    }

    /// What a look at the service found.
    enum SignificantChangeOutcome {
        /// Nothing yet; look again at the time given, if any.
        case wait(until: TimeInterval?)
        /// A significant change, with its rules; look again at the time given, if any.
        case report(rules: [String], next: TimeInterval?)
    }

    /// `startMonitoringSignificantLocationChanges`: the service starts from `position` unless it
    /// runs already; returns whether it started. The first threshold draws from `random` (stream 3).
    mutating func startSignificantChanges(
        at position: LocalPoint, now: TimeInterval, rules: LocationRules, random: inout SeededGenerator
    ) -> Bool {
        guard significantChange == nil else { return false }
        significantChange = SignificantChangeWatch(
            anchor: position, lastEvent: now,
            threshold: Self.nextSignificantChangeDistance(rules, random: &random), initialFixPending: true)
        return true
    }

    /// `stopMonitoringSignificantLocationChanges`.
    mutating func stopSignificantChanges() {
        significantChange = nil
    }

    /// Begins a look at the service, when it runs; with an executing app the first fix falls due.
    mutating func lookAtSignificantChanges(appExecuting: Bool) -> SignificantChangeLook? {
        guard var watch = significantChange else { return nil }
        guard watch.initialFixPending && appExecuting else {
            return SignificantChangeLook(watch: watch, initialFixDue: false)
        }
        watch.initialFixPending = false
        significantChange = watch
        return SignificantChangeLook(watch: watch, initialFixDue: true)
    }

    /// Finishes a look begun by ``lookAtSignificantChanges(appExecuting:)``: a change after ≥500 m
    /// and ≥5 min (LOC-10), or the CONF-4 heartbeat, moves the anchor and draws the next threshold
    /// from `random` (stream 3, CONF-14).
    ///
    /// - Parameter reduced: Reduced accuracy: the service still works, at the reduced rate (AUTH-6).
    mutating func finish(
        _ look: SignificantChangeLook, at position: LocalPoint, now: TimeInterval, reduced: Bool,
        rules: LocationRules, random: inout SeededGenerator
    ) -> SignificantChangeOutcome {
        var watch = look.watch
        let interval =
            reduced
            ? max(rules.significantChangeMinimumInterval, rules.reducedAccuracyFixInterval)
            : rules.significantChangeMinimumInterval
        let earliest = watch.lastEvent + interval
        let moved = position.distance(to: watch.anchor) >= watch.threshold
        let heartbeatDue = rules.significantChangeHeartbeat.map { now >= watch.lastEvent + $0 } ?? false
        guard (moved && now >= earliest) || heartbeatDue else {
            var next = moved ? earliest : nil
            if let heartbeat = rules.significantChangeHeartbeat {
                next = min(next ?? .infinity, watch.lastEvent + heartbeat)
            }
            return .wait(until: next)
        }
        watch.anchor = position
        watch.lastEvent = now
        watch.threshold = Self.nextSignificantChangeDistance(rules, random: &random)
        // From the look's copy: a stop the app made in answer to the look's first fix is overridden.
        significantChange = watch
        let eventRules = heartbeatDue && !moved ? ["LOC-14", "CONF-4"] : ["LOC-10", "LOC-12"]
        return .report(rules: eventRules, next: rules.significantChangeHeartbeat.map { now + $0 })
    }

    /// The distance that triggers the next event: fixed (LOC-10) or drawn from a field distribution (CONF-14, LOC-11).
    private static func nextSignificantChangeDistance(_ rules: LocationRules, random: inout SeededGenerator) -> Double {
        let (median, sigma): (Double, Double)
        switch rules.significantChangeDistanceModel {
        case .fixed: return rules.significantChangeDistance
        // Log-normal fits: 50 % within 1 km and 90 % within 5 km (2014); 750 m → 50 %, 2500 m → 95 % (2010).
        case .field2014: (median, sigma) = (1000, log(5) / 1.2816)
        case .field2010: (median, sigma) = (750, log(2500.0 / 750) / 1.6449)
        }
        let draw = median * exp(sigma * random.gaussian(mean: 0, standardDeviation: 1))
        return max(rules.significantChangeDistance, draw)
    }
}
