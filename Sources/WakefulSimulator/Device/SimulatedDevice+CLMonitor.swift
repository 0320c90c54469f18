import Foundation
import Wakeful

/// `CLMonitor`'s commands as the device carries them out (LOC-24, CLMON-1, CLMON-2): the monitors
/// a process opened live in it; their conditions, which outlive it, in the ``Geofences``.
extension SimulatedDevice {
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
        deliver(.monitorOpened(name: name, conditions: geofences.conditionIDs(of: name)))
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
        let added = geofences.addCondition(
            condition, to: monitor, at: world.position, projection: scenario.world.projection,
            limit: policy.monitor.conditionLimit)
        if added.limited {
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
        let state: MonitorConditionState = added.state == .inside ? .satisfied : .unsatisfied
        if state != assuming { routeMonitorEvent(MonitorEvent(monitor: monitor, id: condition.id, state: state)) }
        scheduleWorldTick(at: now)
    }

    /// `remove(_:)`: the condition and any event waiting for it go.
    mutating func removeMonitorCondition(_ id: RegionID, from monitor: String) {
        guard process.openMonitors.contains(monitor) else {
            return refuseMonitorCommand("removeMonitorCondition", monitor: monitor)
        }
        geofences.removeCondition(id, from: monitor)
    }

    /// A condition command needs an open monitor (CLMON-2), which needs iOS 17 (LOC-24).
    private mutating func refuseMonitorCommand(_ command: String, monitor: String) {
        let available = policy.monitor.available
        refuse(
            command, available ? "monitor \(monitor) is not open" : "no CLMonitor before iOS 17",
            rules: available ? ["CLMON-2"] : ["LOC-24"])
    }
}
