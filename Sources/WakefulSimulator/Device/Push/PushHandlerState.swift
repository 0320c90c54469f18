import Foundation
import Wakeful

/// A silent-push handler waiting for its completion (PUSH-6).
struct PushHandlerState {
    /// The push's id, which the completion names.
    var id: String
    /// When the 30 s run out; nil for a push delivered in the foreground, which has no deadline.
    var deadline: TimeInterval?
    /// Identifies its deadline entry on the agenda.
    var generation: Int
}

extension AppProcess {
    /// Whether a background push handler still has time (PUSH-6): a run reason.
    func pushHandlerHolds(at now: TimeInterval) -> Bool {
        guard !pushHandlers.isEmpty else { return false }
        return pushHandlers.contains { ($0.deadline ?? -.infinity) > now }
    }
}
