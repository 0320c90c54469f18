import Foundation
import Wakeful

/// `CLLocationUpdate.liveUpdates` as the app's process runs them (LOC-8).
struct LiveUpdatesState {
    /// Where the last delivered fix was taken.
    var lastDelivered: LocalPoint?
    /// When the last reduced-accuracy fix was delivered: they come ≈4 times an hour (AUTH-6).
    var lastCoarseFix: TimeInterval?
    /// The device is at rest: the stationary update went out and delivery waits for movement (LOC-8).
    var atRest = false
    /// The diagnostics last delivered, so a withheld update is reported once, not every second.
    var lastDiagnostics: [LocationDiagnostic] = []
}

/// A session object the app holds and whether Core Location counts it now.
enum SessionHold: Equatable {
    /// In force.
    case active
    /// Created while the app was not in use: suspended until the app comes to the foreground
    /// (LOC-31, the diagnostic `insufficientlyInUse`).
    case awaitingUse
}

/// The Core Location sessions a process holds (LOC-8, LOC-9). The device keeps the last process's
/// too: Core Location ends them only at the next launch, which may reattach to them (LOC-8, LOC-32).
struct LocationSessions {
    /// A `CLBackgroundActivitySession` (LOC-8).
    var backgroundActivity: SessionHold?
    /// A `CLServiceSession` (LOC-9).
    var service: (request: ServiceSessionRequest, hold: SessionHold)?

    /// Whether the background activity session is in force.
    var backgroundActivityActive: Bool { backgroundActivity == .active }

    /// The sessions created while the app was not in use come into force once it is (LOC-31).
    mutating func inUse() {
        if backgroundActivity != nil { backgroundActivity = .active }
        service?.hold = .active
    }
}
