import Foundation
import Wakeful

/// What an app can ask the task scheduler on a device, asked of the simulated one: the pending
/// requests (`getPendingTaskRequests`, SIM-2), the ledger of submissions and launches, and the
/// debug launch of a pending request (BGT-10, BGT-17).
extension SimulatedDevice {
    /// The requests iOS holds pending now, in submission order (SIM-2).
    public var pendingTaskRequests: [TaskRequest] { scheduler.pendingRequests }

    /// Launches the pending request of `identifier` now, as a DEBUG build's
    /// `_simulateLaunchForTaskWithIdentifier:` does (BGT-10): refused, with nothing launched, when
    /// none is pending (BGT-17) or when the app has no running process to ask it. Either way a
    /// `taskLaunchSimulated` or `taskLaunchNotSimulated` decision goes to the timeline, so the
    /// launch that follows reads as ``TaskLaunchReason/simulated`` in the ``TaskHistory``.
    ///
    /// - Returns: ``DebugTaskLaunch/launch`` when the task was launched, else the refusal.
    @discardableResult
    public mutating func simulateTaskLaunch(_ identifier: String) -> DebugTaskLaunch {
        let decision =
            state.isExecuting
            ? DebugTaskLaunch.check(identifier, pending: pendingTaskRequests)
            : .refused(.appNotRunning)
        record(decision.entry(for: identifier, at: now).body)
        guard decision == .launch, let launch = scheduler.debugLaunch(identifier, schedulerConditions) else {
            return decision
        }
        launchScheduledTask(launch.task, limit: launch.limit, rules: launch.rules)
        return decision
    }
}

extension SimulatedDevice where Sink == InMemoryTimeline {
    /// The ledger of the app's submissions and launches so far, read from the timeline as a device
    /// keeps it (``TaskHistory``).
    public var taskHistory: TaskHistory { TaskHistory(timeline.entries) }

    /// The task scheduler as the app would see it now: pending requests, ledger, time since the
    /// last run.
    public var taskSchedulerStatus: TaskSchedulerStatus {
        TaskSchedulerStatus(at: now, pendingRequests: pendingTaskRequests, history: taskHistory)
    }
}
