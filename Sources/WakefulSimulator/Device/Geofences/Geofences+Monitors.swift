import Foundation
import Wakeful

/// `CLMonitor`'s conditions and the events waiting for a monitor (CLMON-1 to CLMON-4): the
/// conditions cross as circular regions do (LOC-19) and outlive the process; an event waits for
/// the app to open its monitor, or to be opened (CONF-22).
extension Geofences {
    /// The identifiers of the conditions `monitor` keeps from before: an opened monitor reports
    /// them (CLMON-2).
    func conditionIDs(of monitor: String) -> [RegionID] {
        monitors.conditions.filter { $0.monitor == monitor }.map(\.condition.id)
    }

    /// Whether any monitor has a condition.
    var hasConditions: Bool { !monitors.conditions.isEmpty }

    /// `add(_:identifier:assuming:)`: replaces a condition of the same identifier; the same
    /// condition again keeps what iOS knows of it, as a region does. Over `limit` the condition
    /// gets no updates (CLMON-1). Returns whether it is over the limit, and where the device at
    /// `position` is relative to it.
    mutating func addCondition(
        _ condition: MonitorCondition, to monitor: String, at position: LocalPoint, projection: LocalProjection,
        limit: Int
    ) -> (limited: Bool, state: RegionState) {
        let region = MonitoredRegion(
            id: condition.id, shape: .circle(center: condition.center, radius: condition.radius))
        let center = projection.point(for: condition.center)
        var watch = RegionWatch(
            region: region, circle: (center, condition.radius), beaconIndices: [], state: .unknown, candidateSince: nil)
        watch.state = position.distance(to: center) <= condition.radius ? .inside : .outside
        let existing = monitors.index(of: condition.id, in: monitor)
        if let existing, monitors.conditions[existing].condition == condition {
            watch.state = monitors.conditions[existing].watch.state
        }
        let others = monitors.conditions.count - (existing == nil ? 0 : 1)
        let entry = ConditionMonitors.Condition(
            monitor: monitor, condition: condition, watch: watch, limited: others >= limit)
        if let existing {
            monitors.conditions[existing] = entry
        } else {
            monitors.conditions.append(entry)
        }
        return (entry.limited, watch.state)
    }

    /// `remove(_:)`: the condition and any event waiting for it go.
    mutating func removeCondition(_ id: RegionID, from monitor: String) {
        monitors.conditions.removeAll { $0.monitor == monitor && $0.condition.id == id }
        monitors.pending.removeAll { $0.event.monitor == monitor && $0.event.id == id }
    }

    // MARK: Crossings (LOC-19)

    /// A pass of the world tick over the conditions: where it is and what it has found so far.
    struct ConditionSweep {
        /// The crossing rule for the positioning in use (LOC-19).
        let crossing: RegionCrossing
        fileprivate var index = 0
        /// The earliest time a pending crossing could be confirmed.
        fileprivate(set) var nextCheck: TimeInterval?

        init(crossing: RegionCrossing) {
            self.crossing = crossing
        }
    }

    /// Advances the conditions' crossing detection from where `sweep` is to the next crossing
    /// confirmed, and returns its event; nil when the pass is over. Conditions over the limit get
    /// no updates (CLMON-1).
    mutating func nextConditionCrossing(
        _ sweep: inout ConditionSweep, at position: LocalPoint, now: TimeInterval, beacons: BeaconRules
    ) -> MonitorEvent? {
        while sweep.index < monitors.conditions.count {
            let index = sweep.index
            guard !monitors.conditions[index].limited else {
                sweep.index += 1
                continue
            }
            let (confirmed, deadline) = monitors.conditions[index].watch.advanceCrossing(
                position: position, now: now, beaconInRange: false, crossing: sweep.crossing, beacons: beacons,
                random: &crossingRandom)
            if let deadline { sweep.nextCheck = min(sweep.nextCheck ?? deadline, deadline) }
            guard let confirmed else {
                sweep.index += 1
                continue
            }
            let entry = monitors.conditions[index]
            return MonitorEvent(
                monitor: entry.monitor, id: entry.condition.id, state: confirmed == .inside ? .satisfied : .unsatisfied)
        }
        return nil
    }

    /// Moves `sweep` past the condition of `event`: the app may have added or removed conditions
    /// in answer to it.
    func resume(_ sweep: inout ConditionSweep, after event: MonitorEvent) {
        sweep.index = (monitors.index(of: event.id, in: event.monitor) ?? sweep.index - 1) + 1
    }

    // MARK: Waiting events (CLMON-3, CLMON-4)

    /// Whether any event waits.
    var hasPendingEvents: Bool { !monitors.pending.isEmpty }

    /// The events waiting, in order, with their serials.
    var pendingEvents: [ConditionMonitors.Pending] { monitors.pending }

    /// An event waits for its monitor; returns its serial.
    @discardableResult
    mutating func keepPending(_ event: MonitorEvent) -> Int {
        monitors.pendingSerial += 1
        monitors.pending.append(ConditionMonitors.Pending(serial: monitors.pendingSerial, event: event))
        return monitors.pendingSerial
    }

    /// A condition's event states where it is now: one still waiting for the same condition is out
    /// of date (a withheld entry followed by the exit, CONF-22).
    mutating func dropPending(outdatedBy event: MonitorEvent) {
        monitors.pending.removeAll { $0.event.monitor == event.monitor && $0.event.id == event.id }
    }

    /// The event of `serial`, if it still waits.
    func pendingEvent(serial: Int) -> MonitorEvent? {
        monitors.pending.first { $0.serial == serial }?.event
    }

    /// The event of `serial` leaves the queue: delivered, or lost with a refused wake.
    mutating func dropPending(serial: Int) {
        monitors.pending.removeAll { $0.serial == serial }
    }

    /// CLMON-3: Core Location stops monitoring the condition of an unclaimed event; the events
    /// waiting for it go too.
    mutating func dropCondition(of event: MonitorEvent) {
        dropPending(outdatedBy: event)
        monitors.conditions.removeAll { $0.monitor == event.monitor && $0.condition.id == event.id }
    }
}
