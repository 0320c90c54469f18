import Foundation

/// A condition of a `CLMonitor` (iOS 17+): a `CLMonitor.CircularGeographicCondition` under an
/// identifier.
///
/// `CLMonitor` replaces `startMonitoring(for:)` from iOS 17 (LOC-24). Conditions belong to a
/// monitor, named by the app, and persist until removed, in a file in the app's data container
/// (CLMON-2); an app has 20 of them (CLMON-1).
///
/// ```swift
/// let shop = MonitorCondition(id: "shop-12", center: Coordinate(latitude: 48.8566, longitude: 2.3522), radius: 100)
/// [Command.openMonitor(name: "fences"), .addMonitorCondition(monitor: "fences", shop, assuming: .unknown)]
/// ```
public struct MonitorCondition: Sendable, Hashable, Codable {
    /// The identifier the condition is added under (`add(_:identifier:assuming:)`); adding another
    /// condition under the same identifier replaces it.
    public var id: RegionID
    /// The circle's centre.
    public var center: Coordinate
    /// The circle's radius in metres.
    public var radius: Double

    /// Creates a circular geographic condition.
    public init(id: RegionID, center: Coordinate, radius: Double) {
        self.id = id
        self.center = center
        self.radius = radius
    }
}

/// `CLMonitor.Event.State`: whether a condition holds.
public enum MonitorConditionState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Not determined yet, or not monitored (over the limit, CLMON-1).
    case unknown
    /// The device is inside the circle.
    case satisfied
    /// The device is outside the circle.
    case unsatisfied
}

/// One element of a `CLMonitor`'s `events` sequence: a condition's state changed.
public struct MonitorEvent: Sendable, Hashable, Codable {
    /// The name of the monitor the condition belongs to.
    public var monitor: String
    /// The condition's identifier.
    public var id: RegionID
    /// The condition's state.
    public var state: MonitorConditionState
    /// `conditionLimitExceeded` (iOS 18+): the app monitors too many conditions, so this one gets
    /// no updates (CLMON-1).
    public var conditionLimitExceeded: Bool

    /// Creates an event.
    public init(monitor: String, id: RegionID, state: MonitorConditionState, conditionLimitExceeded: Bool = false) {
        self.monitor = monitor
        self.id = id
        self.state = state
        self.conditionLimitExceeded = conditionLimitExceeded
    }
}

/// Why a monitor could not be opened (``Event/monitorOpenFailed(name:reason:)``).
public enum MonitorOpenFailure: String, Sendable, Hashable, Codable, CaseIterable {
    /// No `CLMonitor` before iOS 17: use region monitoring (LOC-24).
    case unavailable
    /// The conditions' file cannot be read yet: wait for protected data, then open again (CLMON-2,
    /// DATA-4).
    case protectedDataUnavailable
    /// This process already has a monitor of that name open; only one may be (CLMON-2).
    case alreadyOpen
}
