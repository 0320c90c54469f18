import Foundation
import Wakeful

/// What `BGTaskScheduler.getPendingTaskRequests` answers, and the debug launch that takes a request
/// off that list (BGT-7, BGT-10, BGT-17, SIM-2).
extension TaskScheduler {
    /// The requests submitted and not yet launched, cancelled or replaced, in submission order:
    /// `BGAppRefreshTaskRequest`s and `BGProcessingTaskRequest`s first, then continued-processing
    /// requests queued behind a running one (SIM-2; listing the queued ones is an assumption).
    var pendingRequests: [TaskRequest] { pending.map(\.request) + queuedContinued }

    /// `_simulateLaunchForTaskWithIdentifier:` (BGT-10): takes the pending request of `identifier`
    /// off the list and returns its launch, at once and with the time its kind gets (BGT-4, BGT-5,
    /// BGT-13); nil when none is pending (BGT-17). The launch is not the scheduler's choice, so no
    /// factor of BGT-11 holds it back; once made it counts like any launch (assumption).
    mutating func debugLaunch(_ identifier: String, _ conditions: SchedulerConditions) -> Launch? {
        let rules = conditions.rules
        let request: TaskRequest
        if let index = pending.firstIndex(where: { $0.request.identifier == identifier }) {
            request = pending.remove(at: index).request
        } else if let index = queuedContinued.firstIndex(where: { $0.identifier == identifier }) {
            request = queuedContinued.remove(at: index)
        } else {
            return nil
        }
        let kind = request.kind.launchKind
        let limit: TimeInterval =
            switch request.kind {
            case .appRefresh: rules.appRefreshTime
            case .processing: rules.processingTime
            case .continuedProcessing: rules.continuedProcessingNoProgressTimeout
            }
        return Launch(
            task: ScheduledTaskLaunch(identifier: identifier, kind: kind), limit: limit,
            rules: ["BGT-10", Self.limitRule(kind)])
    }
}

extension TaskScheduler {
    /// The run's summary at `end`: what is pending and what launched; nil when the app neither has
    /// a request pending nor saw a launch.
    func summary(at end: TimeInterval) -> ScheduledTasksSummary? {
        let listed =
            pending.map {
                ScheduledTasksSummary.Pending(
                    identifier: $0.request.identifier, kind: $0.request.kind.rawValue, submittedAt: $0.submittedAt)
            }
            + queuedContinued.map {
                ScheduledTasksSummary.Pending(identifier: $0.identifier, kind: $0.kind.rawValue, submittedAt: nil)
            }
        guard !listed.isEmpty || launches.count > 0 else { return nil }
        return ScheduledTasksSummary(
            pending: listed, launches: launches.count,
            lastLaunch: launches.last.map { ScheduledTasksSummary.LastLaunch(identifier: $0.identifier, at: $0.at) },
            end: end)
    }
}
