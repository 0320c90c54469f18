#if canImport(CoreLocation) && canImport(UIKit)
    import CoreLocation
    import Foundation
    import Wakeful

    /// Carries out the core's `CLMonitor` commands (iOS 17+) and reports each monitor's events.
    ///
    /// Only translation: ``Command/openMonitor(name:)`` creates `CLMonitor(name)` and reports
    /// ``Event/monitorOpened(name:conditions:)`` with the identifiers the monitor kept (CLMON-2), then
    /// relays its `events` as ``Event/monitorEvent(_:)``; adds and removes wait for the monitor and
    /// run in the order issued. Before iOS 17 (LOC-24) and for a second instance of a name
    /// (CLMON-2) the open is refused with ``Event/monitorOpenFailed(name:reason:)``.
    ///
    /// Apple asks apps to wait for protected data before creating a monitor (CLMON-2, DATA-4). The
    /// adapter refuses only before the first unlock after a restart (``MonitorOpenPolicy``): the
    /// conditions' file is in the app's container, readable from the first unlock on (DATA-1,
    /// inference), and an app that waited for the next unlock would leave the event that relaunched
    /// it without a monitor (CLMON-3).
    ///
    /// https://developer.apple.com/documentation/corelocation/clmonitor-2r51v
    @MainActor
    final class MonitorAdapter {
        private let deliver: @MainActor @Sendable (Event) -> Void
        private let protectedData: ProtectedDataState
        private let firstUnlock: FirstUnlockMarker
        /// The open monitors by name, as `OpenMonitor`s (typed `Any`: the type needs iOS 17).
        private var monitors: [String: Any] = [:]

        init(
            protectedData: ProtectedDataState, firstUnlock: FirstUnlockMarker,
            deliver: @escaping @MainActor @Sendable (Event) -> Void
        ) {
            self.protectedData = protectedData
            self.firstUnlock = firstUnlock
            self.deliver = deliver
        }

        /// ``Command/openMonitor(name:)``.
        /// https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/init(_:)
        func open(_ name: String) {
            guard #available(iOS 17.0, *) else {
                return deliver(.monitorOpenFailed(name: name, reason: .unavailable))  // LOC-24
            }
            guard monitors[name] == nil else { return deliver(.monitorOpenFailed(name: name, reason: .alreadyOpen)) }
            switch MonitorOpenPolicy.decision(
                protectedDataAvailable: protectedData.isAvailable, unlockedSinceBoot: firstUnlock.unlockedSinceBoot)
            {
            case .open: monitors[name] = OpenMonitor(name: name, deliver: deliver)
            case .refuseUntilProtectedData: deliver(.monitorOpenFailed(name: name, reason: .protectedDataUnavailable))
            }
        }

        /// ``Command/addMonitorCondition(monitor:_:assuming:)``, on a monitor ``isOpen(_:)`` says is open.
        /// https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/add(_:identifier:assuming:)
        func add(_ condition: MonitorCondition, to name: String, assuming: MonitorConditionState) {
            guard #available(iOS 17.0, *), let monitor = monitors[name] as? OpenMonitor else { return }
            let circle = CLMonitor.CircularGeographicCondition(
                center: CLLocationCoordinate2D(
                    latitude: condition.center.latitude, longitude: condition.center.longitude),
                radius: condition.radius)
            let identifier = condition.id.rawValue
            let state: CLMonitor.Event.State =
                switch assuming {
                case .unknown: .unknown
                case .satisfied: .satisfied
                case .unsatisfied: .unsatisfied
                }
            monitor.enqueue { await $0.add(circle, identifier: identifier, assuming: state) }
        }

        /// ``Command/removeMonitorCondition(monitor:id:)``, on a monitor ``isOpen(_:)`` says is open.
        /// https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/remove(_:)
        func remove(_ id: RegionID, from name: String) {
            guard #available(iOS 17.0, *), let monitor = monitors[name] as? OpenMonitor else { return }
            let identifier = id.rawValue
            monitor.enqueue { await $0.remove(identifier) }
        }

        /// Whether the app has a monitor of that name open, for the commands that need one.
        func isOpen(_ name: String) -> Bool { monitors[name] != nil }
    }

    /// One monitor: the chain of its operations, each waiting for the one before, and the loop that
    /// relays its events.
    @available(iOS 17.0, *)
    @MainActor
    private final class OpenMonitor {
        private var last: Task<CLMonitor, Never>

        init(name: String, deliver: @escaping @MainActor @Sendable (Event) -> Void) {
            let opening = Task { await CLMonitor(name) }
            last = opening
            // The adapter keeps its monitors for the process's life, and the loop with them.
            Task { @MainActor in
                let monitor = await opening.value
                let kept = await monitor.identifiers.map(RegionID.init(rawValue:))
                deliver(.monitorOpened(name: name, conditions: kept))
                do {
                    for try await event in await monitor.events {
                        deliver(.monitorEvent(MonitorEvent(event, monitor: name)))
                    }
                } catch {
                    // The sequence ends with an error only when Core Location stops it; the core hears
                    // nothing more from this monitor, as from a monitor that delivers nothing.
                }
            }
        }

        /// Runs `operation` on the monitor after every operation enqueued before it.
        func enqueue(_ operation: @escaping @Sendable (CLMonitor) async -> Void) {
            let previous = last
            last = Task {
                let monitor = await previous.value
                await operation(monitor)
                return monitor
            }
        }
    }

    @available(iOS 17.0, *)
    extension MonitorEvent {
        /// Converts a `CLMonitor.Event`; `unmonitored` (17.2+) reads as unknown.
        /// https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/event/conditionlimitexceeded
        init(_ event: CLMonitor.Event, monitor: String) {
            let state: MonitorConditionState =
                switch event.state {
                case .satisfied: .satisfied
                case .unsatisfied: .unsatisfied
                default: .unknown
                }
            var limitExceeded = false
            if #available(iOS 18.0, *) { limitExceeded = event.conditionLimitExceeded }  // CLMON-1
            self.init(
                monitor: monitor, id: RegionID(event.identifier), state: state, conditionLimitExceeded: limitExceeded)
        }
    }
#endif
