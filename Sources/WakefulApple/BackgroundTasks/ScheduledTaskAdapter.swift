#if canImport(BackgroundTasks) && canImport(UIKit)
    import BackgroundTasks
    import Foundation
    import Wakeful

    /// Carries out the core's `BGTaskScheduler` commands and reports launches and expirations.
    ///
    /// Launch handlers run on the main queue, so a launch is handled like every other event. Which
    /// identifiers get a handler and what happens to a launch no strategy owns is
    /// ``TaskRegistrationPlan``'s decision; the launched `BGTask` is kept in a ``CompletionLedger``
    /// until ``Command/completeScheduledTask(identifier:success:)`` (BGT-4, BGT-5) or its expiration,
    /// after which the adapter completes it itself if the core did not.
    @MainActor
    final class ScheduledTaskAdapter {
        /// Identifiers registered in this process, by any adapter or none: BGTaskScheduler.h:90,
        /// "The system kills the app on the second registration of the same task identifier."
        private static var registered: Set<String> = []
        /// The adapter launches go to; nil when no ``WakefulApp`` could be created, and every
        /// launch is then completed at once.
        private static weak var current: ScheduledTaskAdapter?

        private let deliver: @MainActor @Sendable (Event) -> Void
        private let title: @MainActor (TaskRequest) -> (title: String, subtitle: String)
        private var plan = TaskRegistrationPlan(permitted: [], declared: [])
        /// Launched tasks not yet completed, by identifier.
        private var running = CompletionLedger<BGTask>()

        init(
            title: @escaping @MainActor (TaskRequest) -> (title: String, subtitle: String),
            deliver: @escaping @MainActor @Sendable (Event) -> Void
        ) {
            self.title = title
            self.deliver = deliver
        }

        /// Registers a launch handler for every permitted identifier and every declared one, and
        /// takes this process's launches. BGTaskScheduler.h:76–78: "Every identifier in the
        /// BGTaskSchedulerPermittedIdentifiers requires a handler. Registration of all launch handlers
        /// must be complete before the end of applicationDidFinishLaunching." A declared identifier
        /// the plist does not permit is refused (the result is `false`) and shows up as `notPermitted`
        /// when a request for it is submitted (`wakeful doctor` checks the plist).
        /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/register(fortaskwithidentifier:using:launchhandler:)
        func register(permitted: [String], declared: [String]) {
            plan = TaskRegistrationPlan(permitted: permitted, declared: declared)
            Self.current = self
            Self.registerLaunchHandlers(plan)
        }

        /// Registers a handler for every identifier of the plan not registered yet in this process.
        /// Without an adapter (``WakefulApp/registerLaunchHandlersWithoutAgent()``) each launch is
        /// completed at once with `success: false`.
        static func registerLaunchHandlers(_ plan: TaskRegistrationPlan) {
            for identifier in plan.identifiers(excluding: registered) {
                registered.insert(identifier)
                // BGTaskScheduler.h:87: the launch handler runs on the queue given, here the main queue.
                _ = BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: .main) { task in
                    MainActor.assumeIsolated { launch(task) }
                }
            }
        }

        private static func launch(_ task: BGTask) {
            guard let current, current.plan.disposition(of: task.identifier) == .deliver else {
                // No strategy owns it (a request of another configuration, or no agent): BGTask.h:61–62,
                // "Not calling setTaskCompletedWithSuccess: before the time for the task expires may
                // result in the system killing your app."
                task.setTaskCompleted(success: false)
                return
            }
            current.launched(task)
        }

        private func launched(_ task: BGTask) {
            let identifier = task.identifier
            running.receive(identifier, handler: task, at: 0)
            // BGTask.h:25–42 promises no queue for the expiration handler: it may run off the main
            // thread, where assuming the main actor traps.
            // https://developer.apple.com/documentation/backgroundtasks/bgtask/expirationhandler
            task.expirationHandler = { [weak self] in
                switch ExpirationDelivery.route(onMainThread: Thread.isMainThread) {
                case .synchronous: MainActor.assumeIsolated { self?.expired(identifier) }
                case .hopToMain: Task { @MainActor [weak self] in self?.expired(identifier) }
                }
            }
            deliver(.scheduledTaskLaunched(ScheduledTaskLaunch(identifier: identifier, kind: Self.kind(of: task))))
        }

        /// Reports the expiration; a task the core did not complete in that turn is completed here
        /// (BGTask.h:28–30: "cancel any ongoing tasks, perform any needed cleanup, and then call
        /// setTaskCompletedWithSuccess:").
        private func expired(_ identifier: String) {
            deliver(.scheduledTaskExpiring(identifier: identifier))
            running.expire(identifier)?.setTaskCompleted(success: false)
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
            running.complete(identifier)?.setTaskCompleted(success: success)
        }

        /// ``Command/reportTaskProgress(identifier:fraction:)``: a continued-processing task without
        /// progress is the first the system ends (BGT-13). The task reports through `ProgressReporting`.
        /// https://developer.apple.com/documentation/backgroundtasks/bgcontinuedprocessingtask
        func reportProgress(_ identifier: String, fraction: Double) {
            guard #available(iOS 26.0, *), let task = running.handler(for: identifier) as? BGContinuedProcessingTask
            else { return }
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
