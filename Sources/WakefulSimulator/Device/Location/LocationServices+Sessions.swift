import Foundation
import Wakeful

/// The sessions a process held when it ended (LOC-8, LOC-9, LOC-32): Core Location keeps them
/// until the next launch, which may reattach to them, and after it gives the app a few seconds to
/// recreate the service session.
extension LocationServices {
    /// Whether the last process's service session requires `level` (Always, or any for
    /// When-In-Use) and still stands: with no process until the next launch, and after a launch
    /// until the recreation deadline (LOC-32).
    func carriedServiceSessionCovers(_ level: LocationAuthorization, processRunning: Bool, now: TimeInterval) -> Bool {
        guard let session = carried.service, level != .always || session.request.authorization == .always else {
            return false
        }
        return !processRunning || now < serviceSessionRecreationDeadline
    }

    /// A launch ends the last process's service session, which the app must recreate within
    /// `window` (LOC-32); returns the deadline, when there is a session to recreate.
    mutating func serviceSessionRecreation(from now: TimeInterval, window: TimeInterval) -> TimeInterval? {
        guard carried.service != nil else { return nil }
        serviceSessionRecreationDeadline = now + window
        return serviceSessionRecreationDeadline
    }

    /// The recreation deadline passed: the carried service session, if the app did not recreate
    /// it, is gone (LOC-32); returns it.
    mutating func lapseCarriedServiceSession() -> ServiceSessionRequest? {
        guard let session = carried.service else { return nil }
        carried.service = nil
        return session.request
    }

    /// A new `CLBackgroundActivitySession` takes the place of the last process's; returns whether
    /// there was one to reattach to (LOC-8).
    mutating func takeCarriedBackgroundActivity() -> Bool {
        defer { carried.backgroundActivity = nil }
        return carried.backgroundActivity != nil
    }

    /// A new `CLServiceSession` takes the place of the last process's; returns whether it recreates
    /// it: asking for no more than it held, before the deadline (LOC-9, LOC-32).
    mutating func takeCarriedServiceSession(for request: ServiceSessionRequest, at now: TimeInterval) -> Bool {
        defer { carried.service = nil }
        return carried.service.map { request.authorization != .always || $0.request.authorization == .always } == true
            && now < serviceSessionRecreationDeadline
    }
}
