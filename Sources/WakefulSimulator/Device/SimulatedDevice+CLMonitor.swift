import Foundation
import Wakeful

extension SimulatedDevice {
    // MARK: CLMonitor (CLMON)

    /// `CLMonitor.requestMonitor(configuration:)`: iOS 17+ (LOC-24); the conditions' file must be
    /// readable (CLMON-2, DATA-1, DATA-4); one instance per name (CLMON-2). The monitor's kept
    /// conditions are reported, then the events that waited for it (CLMON-3).
    mutating func openMonitor(_ name: String) {
        let refusal: (MonitorOpenFailure, [String])? =
            if !policy.monitor.available {
                (.unavailable, ["LOC-24"])
            } else if !screen.dataProtection.allows(policy.monitor.conditionFileProtection, openedUnlocked: false) {
                (.protectedDataUnavailable, ["CLMON-2", "DATA-4"])
            } else if process.openMonitors.contains(name) {
                (.alreadyOpen, ["CLMON-2"])
            } else { nil }
        if let (reason, rules) = refusal {
            decide(
                "monitorRefused", rules: rules,
                [Field("monitor", .string(name)), Field("why", .string(reason.rawValue))])
            deliver(.monitorOpenFailed(name: name, reason: reason))
            return
        }
        process.openMonitors.insert(name)
        let kept = conditionMonitors.conditions.filter { $0.monitor == name }.map(\.condition.id)
        deliver(.monitorOpened(name: name, conditions: kept))
        deliverPendingMonitorEvents()
    }

    /// `add(_:identifier:assuming:)`: replaces a condition of the same identifier. Over the limit
    /// the condition gets no updates, and from 18 one event saying so (CLMON-1). Otherwise iOS
    /// reports the state when it differs from the one assumed.
    mutating func addMonitorCondition(
        _ condition: MonitorCondition, to monitor: String, assuming: MonitorConditionState
    ) {
        guard process.openMonitors.contains(monitor) else {
            return refuseMonitorCommand("addMonitorCondition", monitor: monitor)
        }
        let region = MonitoredRegion(
            id: condition.id, shape: .circle(center: condition.center, radius: condition.radius))
        var watch = RegionWatch(
            region: region, circle: (scenario.world.projection.point(for: condition.center), condition.radius),
            beaconIndices: [], state: .unknown, candidateSince: nil)
        watch.state = geometricState(of: watch)
        let existing = conditionMonitors.index(of: condition.id, in: monitor)
        if let existing, conditionMonitors.conditions[existing].condition == condition {
            // The same condition again keeps what iOS knows of it, as a region does.
            watch.state = conditionMonitors.conditions[existing].watch.state
        }
        let others = conditionMonitors.conditions.count - (existing == nil ? 0 : 1)
        let entry = ConditionMonitors.Condition(
            monitor: monitor, condition: condition, watch: watch, limited: others >= policy.monitor.conditionLimit)
        if let existing {
            conditionMonitors.conditions[existing] = entry
        } else {
            conditionMonitors.conditions.append(entry)
        }
        if entry.limited {
            decide(
                "monitorConditionOverLimit", rules: ["CLMON-1"],
                [
                    Field("condition", .string(condition.id.rawValue)),
                    Field("limit", .int(policy.monitor.conditionLimit)),
                ])
            if policy.monitor.reportsConditionLimit {
                routeMonitorEvent(
                    MonitorEvent(monitor: monitor, id: condition.id, state: .unknown, conditionLimitExceeded: true))
            }
            return
        }
        // AUTH-6: with reduced accuracy nothing is monitored, so no state is determined.
        guard permission.accuracy == .full else { return }
        let state: MonitorConditionState = watch.state == .inside ? .satisfied : .unsatisfied
        if state != assuming { routeMonitorEvent(MonitorEvent(monitor: monitor, id: condition.id, state: state)) }
        scheduleWorldTick(at: now)
    }

    /// `remove(_:)`: the condition and any event waiting for it go.
    mutating func removeMonitorCondition(_ id: RegionID, from monitor: String) {
        guard process.openMonitors.contains(monitor) else {
            return refuseMonitorCommand("removeMonitorCondition", monitor: monitor)
        }
        conditionMonitors.conditions.removeAll { $0.monitor == monitor && $0.condition.id == id }
        conditionMonitors.pending.removeAll { $0.event.monitor == monitor && $0.event.id == id }
    }

    /// A condition command needs an open monitor (CLMON-2), which needs iOS 17 (LOC-24).
    private mutating func refuseMonitorCommand(_ command: String, monitor: String) {
        let available = policy.monitor.available
        refuse(
            command, available ? "monitor \(monitor) is not open" : "no CLMonitor before iOS 17",
            rules: available ? ["CLMON-2"] : ["LOC-24"])
    }

    /// Advances every monitored condition's crossing (LOC-19, as for circular regions); returns
    /// the earliest time a pending crossing could be confirmed. Conditions over the limit get no
    /// updates (CLMON-1).
    mutating func checkMonitorConditions() -> TimeInterval? {
        // LOC-23: nothing before the first unlock; AUTH-6: nothing with reduced accuracy.
        guard !conditionMonitors.conditions.isEmpty, monitoringActive, permission.accuracy == .full else { return nil }
        let crossing = policy.location.regionCrossing[regionPositioning]
        var nextCheck: TimeInterval?
        var index = 0
        while index < conditionMonitors.conditions.count {
            guard !conditionMonitors.conditions[index].limited else {
                index += 1
                continue
            }
            let (confirmed, deadline) = conditionMonitors.conditions[index].watch.advanceCrossing(
                position: position, now: now, beaconInRange: false, crossing: crossing, beacons: policy.beacons,
                random: &crossingRandom)
            if let deadline { nextCheck = min(nextCheck ?? deadline, deadline) }
            guard let confirmed else {
                index += 1
                continue
            }
            let monitor = conditionMonitors.conditions[index].monitor
            let id = conditionMonitors.conditions[index].condition.id
            monitorTransition(
                MonitorEvent(monitor: monitor, id: id, state: confirmed == .inside ? .satisfied : .unsatisfied))
            // The app may have added or removed conditions meanwhile: go on after this one.
            index = (conditionMonitors.index(of: id, in: monitor) ?? index - 1) + 1
        }
        return nextCheck
    }

    /// A confirmed crossing wakes or relaunches the app as a region event does (LOC-21) and goes to
    /// its monitor; when the monitor is not open, the event waits for the app to open it, and
    /// Core Location stops monitoring the condition if that does not happen soon (CLMON-3).
    mutating func monitorTransition(_ event: MonitorEvent) {
        let rules = ["LOC-19", "LOC-21", "CLMON-3"]
        // A condition's event states where it is now: one still waiting for the same condition is
        // out of date (a withheld entry followed by the exit, CONF-22).
        conditionMonitors.pending.removeAll { $0.event.monitor == event.monitor && $0.event.id == event.id }
        if hasProcess, state != .notRunning, process.openMonitors.contains(event.monitor) {
            guard !entryWithheld(event) else { return withholdEntry(event) }
            systemWake(.region, events: [.monitorEvent(event)], rules: rules)
            return
        }
        conditionMonitors.pendingSerial += 1
        let serial = conditionMonitors.pendingSerial
        conditionMonitors.pending.append(ConditionMonitors.Pending(serial: serial, event: event))
        systemWake(.region, events: [], rules: rules)
        guard conditionMonitors.pending.contains(where: { $0.serial == serial }) else { return }
        if hasProcess, state.isExecuting {
            schedule(.monitorEventUnclaimed(serial: serial), at: now + policy.monitor.unclaimedEventTimeout)
        } else {
            // The wake was refused (LOC-16, LOC-22, CONF-5): the event is lost, as a region's is.
            conditionMonitors.pending.removeAll { $0.serial == serial }
        }
    }

    /// CLMON-3: the event that woke the app found no monitor of its name; Core Location stops
    /// monitoring the condition. An entry withheld from an open monitor (CONF-22) is not unclaimed.
    mutating func monitorEventUnclaimed(serial: Int) {
        guard let waiting = conditionMonitors.pending.first(where: { $0.serial == serial }),
            !(hasProcess && process.openMonitors.contains(waiting.event.monitor))
        else { return }
        let (monitor, id) = (waiting.event.monitor, waiting.event.id)
        conditionMonitors.pending.removeAll { $0.event.monitor == monitor && $0.event.id == id }
        conditionMonitors.conditions.removeAll { $0.monitor == monitor && $0.condition.id == id }
        decide(
            "monitorConditionDropped", rules: ["CLMON-3"],
            [Field("monitor", .string(monitor)), Field("condition", .string(id.rawValue))])
    }

    /// Delivers to an executing app with the monitor open, unless the entry is withheld (CONF-22).
    private mutating func routeMonitorEvent(_ event: MonitorEvent) {
        // An earlier command of the same batch may have suspended the app: the event waits.
        guard hasProcess, state.isExecuting else { return keepPending(event) }
        guard !entryWithheld(event) else { return withholdEntry(event) }
        deliver(.monitorEvent(event))
    }

    /// CLMON-4, CONF-22: an entry does not reach a process a silent push launched until the app
    /// has been in the foreground.
    private func entryWithheld(_ event: MonitorEvent) -> Bool {
        policy.monitor.entriesWithheldAfterPushLaunch && event.state == .satisfied
            && process.launchReason == .remoteNotification && !process.beenInForeground
    }

    private mutating func withholdEntry(_ event: MonitorEvent) {
        keepPending(event)
        decide(
            "monitorEntryWithheld", rules: ["CLMON-4", "CONF-22"],
            [Field("monitor", .string(event.monitor)), Field("condition", .string(event.id.rawValue))])
    }

    private mutating func keepPending(_ event: MonitorEvent) {
        conditionMonitors.pendingSerial += 1
        conditionMonitors.pending.append(
            ConditionMonitors.Pending(serial: conditionMonitors.pendingSerial, event: event))
    }

    /// The events waiting for a monitor this process has open, in order, but entries still
    /// withheld (CONF-22). Each leaves the queue as it is delivered: one delivery may suspend or
    /// end the process, and the rest then wait for the next.
    private mutating func deliverPendingMonitorEvents() {
        let ready = conditionMonitors.pending.filter {
            process.openMonitors.contains($0.event.monitor) && !entryWithheld($0.event)
        }
        for waiting in ready {
            guard hasProcess, state.isExecuting else { return }
            conditionMonitors.pending.removeAll { $0.serial == waiting.serial }
            deliver(.monitorEvent(waiting.event))
        }
    }

    /// The app came to the foreground: withheld entries arrive now (CLMON-4, CONF-22).
    mutating func releaseWithheldMonitorEntries() {
        guard hasProcess, state.isExecuting, !conditionMonitors.pending.isEmpty else { return }
        deliverPendingMonitorEvents()
    }
}
