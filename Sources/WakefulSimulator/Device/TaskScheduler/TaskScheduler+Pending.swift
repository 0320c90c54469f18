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
    /// factor of BGT-11 applies and the rate limit does not count it.
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
