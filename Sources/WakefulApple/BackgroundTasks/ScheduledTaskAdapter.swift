#if canImport(BackgroundTasks) && canImport(UIKit)
    import BackgroundTasks
    import Foundation
    import Wakeful

    /// Carries out the core's `BGTaskScheduler` commands and reports launches and expirations.
    ///
    /// Launch handlers run on the main queue, so a launch is handled like every other event; the
    /// launched `BGTask` is kept until ``Command/completeScheduledTask(identifier:success:)`` (BGT-4,
    /// BGT-5) or its expiration handler, which only reports ``Event/scheduledTaskExpiring(identifier:)``:
    /// the strategy completes it in the same turn.
    @MainActor
    final class ScheduledTaskAdapter {
        private let deliver: @MainActor @Sendable (Event) -> Void
        private let title: @MainActor (TaskRequest) -> (title: String, subtitle: String)
        private var running: [String: BGTask] = [:]

        init(
            title: @escaping @MainActor (TaskRequest) -> (title: String, subtitle: String),
            deliver: @escaping @MainActor @Sendable (Event) -> Void
        ) {
            self.title = title
            self.deliver = deliver
        }

        /// Registers a launch handler per identifier; must happen before launch ends (BGT-9). Every
        /// identifier must be listed in `BGTaskSchedulerPermittedIdentifiers` (`wakeful doctor`
        /// checks it); the registration's Boolean result is not an event the core knows, and a
        /// refused identifier shows up as `notPermitted` when a request for it is submitted.
        /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/register(fortaskwithidentifier:using:launchhandler:)
        func register(_ identifiers: [String]) {
            for identifier in Set(identifiers).sorted() {
                _ = BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: .main) {
                    [weak self] task in
                    MainActor.assumeIsolated { self?.launched(task) }
                }
            }
        }

        private func launched(_ task: BGTask) {
            let identifier = task.identifier
            running[identifier] = task
            // https://developer.apple.com/documentation/backgroundtasks/bgtask/expirationhandler
            // Without a handler the system marks the task failed instead of warning.
            task.expirationHandler = { [weak self] in
                MainActor.assumeIsolated { self?.deliver(.scheduledTaskExpiring(identifier: identifier)) }
            }
            deliver(.scheduledTaskLaunched(ScheduledTaskLaunch(identifier: identifier, kind: Self.kind(of: task))))
        }

        private static func kind(of task: BGTask) -> ScheduledTaskKind {
            if #available(iOS 26.0, *), task is BGContinuedProcessingTask { return .continuedProcessing }
            return task is BGProcessingTask ? .processing : .appRefresh
        }

        /// ``Command/submitTaskRequest(_:)``; a refusal comes back at once as
        /// ``Event/scheduledTaskSubmitFailed(identifier:error:)`` (BGT-7, BGT-9, BGT-13).
        /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/submit(_:)
        func submit(_ request: TaskRequest) {
            guard let taskRequest = makeRequest(request) else {
                // BGT-13: continued processing exists from iOS 26 only.
                deliver(.scheduledTaskSubmitFailed(identifier: request.identifier, error: .unavailable))
                return
            }
            do {
                try BGTaskScheduler.shared.submit(taskRequest)
            } catch let error as BGTaskScheduler.Error {
                deliver(
                    .scheduledTaskSubmitFailed(identifier: request.identifier, error: TaskSchedulerError(error.code)))
            } catch {
                deliver(.scheduledTaskSubmitFailed(identifier: request.identifier, error: .unavailable))
            }
        }

        /// https://developer.apple.com/documentation/backgroundtasks/bgprocessingtaskrequest/init(identifier:)
        /// https://developer.apple.com/documentation/backgroundtasks/bgcontinuedprocessingtaskrequest/init(identifier:title:subtitle:)
        private func makeRequest(_ request: TaskRequest) -> BGTaskRequest? {
            let earliest = request.earliestBeginDate.map { Date(timeIntervalSince1970: $0) }
            switch request.kind {
            case .appRefresh:
                let refresh = BGAppRefreshTaskRequest(identifier: request.identifier)
                refresh.earliestBeginDate = earliest  // BGT-8: a lower bound only
                return refresh
            case .processing:
                let processing = BGProcessingTaskRequest(identifier: request.identifier)
                processing.earliestBeginDate = earliest
                processing.requiresExternalPower = request.requiresExternalPower
                processing.requiresNetworkConnectivity = request.requiresNetworkConnectivity
                return processing
            case .continuedProcessing:
                // BGT-13: iOS 26 only, submitted from the foreground after a user action; the
                // scheduler ignores `earliestBeginDate` for it.
                guard #available(iOS 26.0, *) else { return nil }
                let text = title(request)
                let continued = BGContinuedProcessingTaskRequest(
                    identifier: request.identifier, title: text.title, subtitle: text.subtitle)
                if request.submissionStrategy == .fail { continued.strategy = .fail }  // default `.queue`
                return continued
            }
        }

        /// ``Command/cancelTaskRequest(identifier:)``.
        /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/cancel(taskrequestwithidentifier:)
        func cancel(_ identifier: String) {
            BGTaskScheduler.shared.cancel(taskRequestWithIdentifier: identifier)
        }

        /// ``Command/completeScheduledTask(identifier:success:)``.
        /// https://developer.apple.com/documentation/backgroundtasks/bgtask/settaskcompleted(success:)
        func complete(_ identifier: String, success: Bool) {
            running.removeValue(forKey: identifier)?.setTaskCompleted(success: success)
        }

        /// ``Command/reportTaskProgress(identifier:fraction:)``: a continued-processing task without
        /// progress is the first the system ends (BGT-13). The task reports through `ProgressReporting`.
        /// https://developer.apple.com/documentation/backgroundtasks/bgcontinuedprocessingtask
        func reportProgress(_ identifier: String, fraction: Double) {
            guard #available(iOS 26.0, *), let task = running[identifier] as? BGContinuedProcessingTask else { return }
            task.progress.totalUnitCount = 1000
            task.progress.completedUnitCount = Int64((min(max(fraction, 0), 1) * 1000).rounded())
        }
    }

    extension TaskSchedulerError {
        /// `BGTaskScheduler.Error.Code`; codes the core does not know read as `unavailable`.
        /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/error/notpermitted
        init(_ code: BGTaskScheduler.Error.Code) {
            switch code {
            case .tooManyPendingTaskRequests: self = .tooManyPendingTaskRequests
            case .notPermitted: self = .notPermitted
            default: self = .unavailable
            }
        }
    }
#endif
