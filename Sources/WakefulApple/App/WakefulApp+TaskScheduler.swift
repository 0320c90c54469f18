#if canImport(BackgroundTasks) && canImport(UIKit)
    import Foundation
    import Wakeful

    extension WakefulApp {
        /// Every submission and launch of this install's scheduled tasks, across processes: each
        /// submit and its error, each launch with its reason, duration and end, each expiration
        /// (``TaskHistory``), kept in `task-history.json` beside the outbox.
        public var taskHistory: TaskHistory { taskLedger.current }

        /// The task scheduler now: the requests iOS lists as pending
        /// (`BGTaskScheduler.getPendingTaskRequests`), the ledger, and the time since a task last ran.
        ///
        /// ```swift
        /// let status = await wakeful.taskSchedulerStatus()
        /// Text(status.lines.joined(separator: "\n"))
        /// ```
        public func taskSchedulerStatus() async -> TaskSchedulerStatus {
            let pending = await ScheduledTaskAdapter.pendingRequests()
            return TaskSchedulerStatus(at: context().now, pendingRequests: pending, history: taskLedger.current)
        }

        /// The task scheduler's status now and again each time the ledger changes (a submission, a
        /// launch, a completion, an expiration): `for await status in wakeful.taskSchedulerUpdates { … }`.
        /// Each access is a new stream; a listener that falls behind gets the newest status.
        public var taskSchedulerUpdates: AsyncStream<TaskSchedulerStatus> {
            let changes = taskLedger.changes()
            return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
                let task = Task { @MainActor [weak self] in
                    guard let self else { return continuation.finish() }
                    continuation.yield(await self.taskSchedulerStatus())
                    for await _ in changes {
                        continuation.yield(await self.taskSchedulerStatus())
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }

        /// Notes what iOS holds pending as this process starts (``PendingTaskList``), so the
        /// timeline, and an export of it, says which requests were still waiting at each launch.
        func notePendingTaskRequests() {
            Task { @MainActor [weak self] in
                let pending = await ScheduledTaskAdapter.pendingRequests()
                guard let self else { return }
                note(PendingTaskList.entry(pending, at: context().now))
            }
        }

        #if DEBUG
            /// Launches the pending request of `identifier` now, as Xcode's
            /// `e -l objc -- (void)[[BGTaskScheduler sharedScheduler] _simulateLaunchForTaskWithIdentifier:@"…"]`
            /// does (BGT-10), without a debugger attached, which would change what iOS does
            /// (TASK-14). Refused, with nothing launched, when no request of it is pending, as iOS
            /// refuses it (BGT-17). The decision goes to the timeline, and the launch reads as
            /// ``TaskLaunchReason/simulated`` in ``taskHistory``. DEBUG builds only: the selector is
            /// private and an app that ships it is rejected (REVIEW-5).
            ///
            /// ```swift
            /// #if DEBUG
            /// Button("Run the refresh now") { Task { await wakeful.simulateTaskLaunch("com.example.refresh") } }
            /// #endif
            /// ```
            @discardableResult
            public func simulateTaskLaunch(_ identifier: String) async -> DebugTaskLaunch {
                let pending = await ScheduledTaskAdapter.pendingRequests()
                let decision =
                    ScheduledTaskAdapter.canSimulateLaunch
                    ? DebugTaskLaunch.check(identifier, pending: pending) : .refused(.unavailable)
                note(decision.entry(for: identifier, at: context().now))
                if decision == .launch { ScheduledTaskAdapter.simulateLaunch(identifier) }
                return decision
            }
        #endif
    }
#endif
