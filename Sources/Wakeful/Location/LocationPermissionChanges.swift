import Foundation

/// Turns `locationManagerDidChangeAuthorization` callbacks into events: the status and the
/// accuracy that changed since the last callback, both at the first.
///
/// The callback says neither which of the two changed nor whether anything did (it also comes when
/// a manager is created, AUTH-5). Reporting both every time would make a strategy that restarts on
/// `.authorizationChanged(.always)` or `.accuracyAuthorizationChanged(.full)` restart twice for
/// one change, as it never does in the simulator, which delivers only what changed. The adapter
/// keeps one value of this type per app, so a device and the simulator send the same events.
///
/// ```swift
/// var changes = LocationPermissionChanges()
/// changes.events(status: .whenInUse, accuracy: .full)  // both: the first callback
/// changes.events(status: .always, accuracy: .full)     // [.authorizationChanged(.always)]
/// changes.events(status: .always, accuracy: .full)     // []
/// ```
public struct LocationPermissionChanges: Sendable, Hashable {
    private var last: LocationPermission?

    /// Creates the filter of a new process: its first callback reports both values.
    public init() {}

    /// The events for one callback that reads `status` and `accuracy` from the manager.
    public mutating func events(status: LocationAuthorization, accuracy: AccuracyAuthorization) -> [Event] {
        var events: [Event] = []
        if last?.status != status { events.append(.authorizationChanged(status)) }
        if last?.accuracy != accuracy { events.append(.accuracyAuthorizationChanged(accuracy)) }
        last = LocationPermission(status: status, accuracy: accuracy)
        return events
    }
}
