import Foundation
import Wakeful

/// The app's background tasks (TASK-1 to TASK-15), which die with the process: the open task
/// assertions, the per-app allowance they share and whose expiration handlers ran, with the rules
/// that change them. Delivering handlers and killing the app for an open task are the device's.
struct BackgroundTasks {
    /// Open task assertions, in the order they began (TASK-1).
    var open: [BackgroundTaskID] = []
    /// The per-app background-task time currently granted (TASK-7).
    var allowance: TaskAllowance?
    /// Tasks whose expiration handler ran under the current allowance (TASK-12: once each).
    var warned: [BackgroundTaskID] = []
    /// Whether a last handler pass is due for tasks begun after the warning.
    var lateWarningScheduled = false
}

/// The background-task time granted to the app: shared by all its open tasks (TASK-7).
struct TaskAllowance {
    /// Identifies this grant; scheduled expiry entries for older grants are stale.
    let generation: Int
    /// When the countdown starts (later than the grant inside a 7–12 wake window, TASK-9).
    let start: TimeInterval
    /// When the time runs out.
    let deadline: TimeInterval
    /// The wake epoch it was granted in; a later wake may grant a fresh one (TASK-9, TASK-10).
    let epoch: Int
}

extension BackgroundTasks {
    /// `beginBackgroundTask` (TASK-1): opens the task; false when the process already holds `cap`
    /// assertions, about 1000, at which iOS crashes it (TASK-15).
    mutating func begin(_ id: BackgroundTaskID, cap: Int?) -> Bool {
        if let cap, open.count >= cap { return false }
        open.append(id)
        return true
    }

    /// `endBackgroundTask`: false when the task is not open, which changes nothing (iOS logs a warning).
    mutating func end(_ id: BackgroundTaskID) -> Bool {
        guard let index = open.firstIndex(of: id) else { return false }
        open.remove(at: index)
        return true
    }

    /// Whether `id` is open and its expiration handler has not run under this allowance (TASK-12).
    func awaitsHandler(_ id: BackgroundTaskID) -> Bool {
        !warned.contains(id) && open.contains(id)
    }

    /// Notes that `id`'s expiration handler runs.
    mutating func handlerRuns(_ id: BackgroundTaskID) {
        warned.append(id)
    }
}
