import Foundation

extension GeofenceSet {
    /// The set's fences on a `CLMonitor` (iOS 17+) instead of regions.
    ///
    /// The set decides in region terms and this path translates both ways, so that the choice of
    /// fences, the swap fence, dwells and the slot logic are the same on either API:
    ///
    /// - **Opening.** Every process opens the monitor ``GeofenceSet/monitorName`` at launch, before
    ///   anything else: an event that relaunched the app waits for a monitor of its name, and
    ///   Core Location stops monitoring the condition if none comes (CLMON-3). The conditions live
    ///   in a protected file (CLMON-2): if iOS refuses to open the monitor before protected data is
    ///   available, the set opens it again on `protectedDataDidBecomeAvailable` (DATA-4). Until the
    ///   monitor is open, the set's region commands wait here.
    /// - **Conditions.** `startMonitoring` becomes `add(_:identifier:assuming:)` and `stopMonitoring`
    ///   `remove(_:)`. The monitor says which conditions it keeps from earlier processes (CLMON-2),
    ///   so a condition already there is not added again, and one that is not is not removed.
    ///   `requestState` has no counterpart: a fence added with its state unknown gets an event with
    ///   the state iOS determines, read as the state's answer; other conditions are added assuming
    ///   the state the set knows (inside a fence it is timing a dwell for, at the centre of the swap
    ///   fence), so that iOS reports only a difference.
    /// - **Events.** `satisfied` and `unsatisfied` are entries and exits; an event with
    ///   `conditionLimitExceeded` (18+) is a refusal for the limit, and the condition is removed
    ///   (CLMON-1).
    /// - **Before iOS 17** the monitor cannot be opened, and the set falls back to regions (LOC-24).
    public struct MonitorPath: Sendable, Hashable {
        /// Whether the set uses the monitor (``API/monitor``, and iOS opened it or may yet).
        public internal(set) var active: Bool
        /// Whether the monitor is open in this process.
        public internal(set) var open = false
        /// Whether the set waits for protected data to open the monitor again (CLMON-2).
        public internal(set) var waitsForProtectedData = false
        /// Region commands issued before the monitor was open, in order.
        var queued: [Command] = []
        /// The conditions the monitor holds, as far as this process knows.
        public internal(set) var registered: Set<RegionID> = []
        /// Conditions added with their state unknown whose first event answers for `requestState`.
        var awaitingState: Set<RegionID> = []
    }

    /// Handles `event` on the monitor path.
    mutating func handleOnMonitor(_ event: Event, _ context: Context) -> [Command] {
        let name = Self.monitorName
        switch event {
        case .didFinishLaunching:
            // CLMON-3: the monitor first, so that an event that relaunched the app finds it.
            return [.openMonitor(name: name)] + onMonitor(handleRegions(event, context))
        case .monitorOpened(name, let conditions):
            monitorPath.open = true
            for id in conditions {
                // CLMON-2: conditions an earlier process added are still monitored.
                monitorPath.registered.insert(id)
                _ = reported(id)
            }
            return translate(releaseQueue())
        case .monitorOpenFailed(name, .protectedDataUnavailable):
            monitorPath.waitsForProtectedData = true  // CLMON-2, DATA-4
            return []
        case .monitorOpenFailed(name, .unavailable):
            // LOC-24: no CLMonitor before iOS 17; regions serve the same fences.
            monitorPath.active = false
            return releaseQueue()
        case .monitorOpenFailed(name, .alreadyOpen):
            monitorPath.open = true
            return translate(releaseQueue())
        case .protectedDataDidBecomeAvailable where monitorPath.waitsForProtectedData:
            monitorPath.waitsForProtectedData = false
            return [.openMonitor(name: name)] + onMonitor(handleRegions(event, context))
        case .monitorEvent(let monitorEvent) where monitorEvent.monitor == name:
            // CLMON-1: a condition over the limit stays registered, gets no updates and holds a
            // place, and a relaunched set would take it for monitored (CLMON-2): remove it.
            let removal: [Command] =
                monitorEvent.conditionLimitExceeded ? [.removeMonitorCondition(monitor: name, id: monitorEvent.id)] : []
            // An event with no region counterpart still runs the app: dwells are due on any event.
            return removal + onMonitor(handleRegions(regionEvent(for: monitorEvent) ?? event, context))
        default:
            return onMonitor(handleRegions(event, context))
        }
    }

    /// The region commands that waited for the monitor, now that it is open or not wanted.
    private mutating func releaseQueue() -> [Command] {
        defer { monitorPath.queued = [] }
        return monitorPath.queued
    }

    /// The region event a monitor event stands for, if any.
    private mutating func regionEvent(for event: MonitorEvent) -> Event? {
        if event.conditionLimitExceeded {
            // CLMON-1: the condition gets no updates; as a region refused for the limit (LOC-17).
            monitorPath.registered.remove(event.id)
            monitorPath.awaitingState.remove(event.id)
            return .regionMonitoringFailed(event.id, .tooManyRegions)
        }
        let state: RegionState
        switch event.state {
        case .satisfied: state = .inside
        case .unsatisfied: state = .outside
        case .unknown: return nil
        }
        if monitorPath.awaitingState.remove(event.id) != nil { return .regionStateDetermined(event.id, state) }
        return state == .inside ? .regionEntered(event.id) : .regionExited(event.id)
    }

    /// The set's commands on the monitor path: region commands wait for the monitor to open, then
    /// are translated; the others pass.
    private mutating func onMonitor(_ commands: [Command]) -> [Command] {
        var others: [Command] = []
        var regional: [Command] = []
        for command in commands {
            switch command {
            case .startMonitoring, .stopMonitoring, .requestState: regional.append(command)
            default: others.append(command)
            }
        }
        guard monitorPath.open else {
            monitorPath.queued += regional
            return others
        }
        return translate(regional) + others
    }

    /// Region commands as monitor commands, in order.
    private mutating func translate(_ commands: [Command]) -> [Command] {
        var translated: [Command] = []
        for (position, command) in commands.enumerated() {
            switch command {
            case .startMonitoring(let region):
                guard case .circle(let center, let radius) = region.shape else { continue }
                // The swap fence moves under one identifier: it is always added again. A kept
                // condition is not: the event that relaunched the app is its transition, and the
                // stays the set saved say which fences it is inside (``Strategy/takeChangedState()``).
                if region.id != Self.swapRegionID && monitorPath.registered.contains(region.id) { continue }
                let asksState = commands.dropFirst(position + 1).first == .requestState(region.id)
                let assuming: MonitorConditionState
                if asksState {
                    assuming = .unknown
                    monitorPath.awaitingState.insert(region.id)
                } else {
                    assuming = knownInside(region.id) ? .satisfied : .unsatisfied
                }
                monitorPath.registered.insert(region.id)
                translated.append(
                    .addMonitorCondition(
                        monitor: Self.monitorName, MonitorCondition(id: region.id, center: center, radius: radius),
                        assuming: assuming))
            case .stopMonitoring(let id):
                guard monitorPath.registered.remove(id) != nil else { continue }
                monitorPath.awaitingState.remove(id)
                translated.append(.removeMonitorCondition(monitor: Self.monitorName, id: id))
            default:
                continue  // `requestState`: answered by the event of an add with its state unknown
            }
        }
        return translated
    }

    /// Whether the device is inside the region as far as the set knows: at the swap fence's centre,
    /// or in a fence whose stay it follows.
    private func knownInside(_ id: RegionID) -> Bool {
        if id == Self.swapRegionID { return true }
        return indices[GeofenceDwell.parse(id).fence].map { inside[$0] != nil } ?? false
    }
}
