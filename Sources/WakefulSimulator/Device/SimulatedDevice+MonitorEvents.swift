import Foundation
import Wakeful

/// `CLMonitor`'s events as the device carries them out (CLMON-3, CLMON-4, CONF-22): the
/// ``Geofences`` confirm the conditions' crossings and keep the events that wait; the device wakes
/// or relaunches the app and delivers to the monitor the app has open.
extension SimulatedDevice {
    /// Advances every monitored condition's crossing (LOC-19, as for circular regions); returns
    /// the earliest time a pending crossing could be confirmed.
    mutating func checkMonitorConditions() -> TimeInterval? {
        // LOC-23: nothing before the first unlock; AUTH-6: nothing with reduced accuracy.
        guard geofences.hasConditions, monitoringActive, permission.accuracy == .full else { return nil }
        var sweep = Geofences.ConditionSweep(crossing: policy.location.regionCrossing[regionPositioning])
        while let event = geofences.nextConditionCrossing(
            &sweep, at: world.position, now: now, beacons: policy.beacons)
        {
            monitorTransition(event)
            geofences.resume(&sweep, after: event)
        }
        return sweep.nextCheck
    }

    /// A confirmed crossing wakes or relaunches the app as a region event does (LOC-21) and goes to
    /// its monitor; when the monitor is not open, the event waits for the app to open it, and
    /// Core Location stops monitoring the condition if that does not happen soon (CLMON-3).
    mutating func monitorTransition(_ event: MonitorEvent) {
        let rules = ["LOC-19", "LOC-21", "CLMON-3"]
        geofences.dropPending(outdatedBy: event)
        if hasProcess, state != .notRunning, process.openMonitors.contains(event.monitor) {
            guard !entryWithheld(event) else { return withholdEntry(event) }
            systemWake(.region, events: [.monitorEvent(event)], rules: rules)
            return
        }
        let serial = geofences.keepPending(event)
        systemWake(.region, events: [], rules: rules)
        guard geofences.pendingEvent(serial: serial) != nil else { return }
        if hasProcess, state.isExecuting {
            schedule(.monitorEventUnclaimed(serial: serial), at: now + policy.monitor.unclaimedEventTimeout)
        } else {
            // The wake was refused (LOC-16, LOC-22, CONF-5): the event is lost, as a region's is.
            geofences.dropPending(serial: serial)
        }
    }

    /// CLMON-3: the event that woke the app found no monitor of its name; Core Location stops
    /// monitoring the condition. An entry withheld from an open monitor (CONF-22) is not unclaimed.
    mutating func monitorEventUnclaimed(serial: Int) {
        guard let waiting = geofences.pendingEvent(serial: serial),
            !(hasProcess && process.openMonitors.contains(waiting.monitor))
        else { return }
        geofences.dropCondition(of: waiting)
        decide(
            "monitorConditionDropped", rules: ["CLMON-3"],
            [Field("monitor", .string(waiting.monitor)), Field("condition", .string(waiting.id.rawValue))])
    }

    /// Delivers to an executing app with the monitor open, unless the entry is withheld (CONF-22).
    mutating func routeMonitorEvent(_ event: MonitorEvent) {
        // An earlier command of the same batch may have suspended the app: the event waits.
        guard hasProcess, state.isExecuting else {
            geofences.keepPending(event)
            return
        }
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
        geofences.keepPending(event)
        decide(
            "monitorEntryWithheld", rules: ["CLMON-4", "CONF-22"],
            [Field("monitor", .string(event.monitor)), Field("condition", .string(event.id.rawValue))])
    }

    /// The events waiting for a monitor this process has open, in order, but entries still
    /// withheld (CONF-22). Each leaves the queue as it is delivered: one delivery may suspend or
    /// end the process, and the rest then wait for the next.
    mutating func deliverPendingMonitorEvents() {
        let ready = geofences.pendingEvents.filter {
            process.openMonitors.contains($0.event.monitor) && !entryWithheld($0.event)
        }
        for waiting in ready {
            guard hasProcess, state.isExecuting else { return }
            geofences.dropPending(serial: waiting.serial)
            deliver(.monitorEvent(waiting.event))
        }
    }

    /// The app came to the foreground: withheld entries arrive now (CLMON-4, CONF-22).
    mutating func releaseWithheldMonitorEntries() {
        guard hasProcess, state.isExecuting, geofences.hasPendingEvents else { return }
        deliverPendingMonitorEvents()
    }
}
