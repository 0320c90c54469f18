#if canImport(BackgroundTasks) && canImport(UIKit)
    import BackgroundTasks
    import Foundation
    import Wakeful

    extension ScheduledTaskAdapter {
        /// The requests iOS holds pending: BGTaskScheduler.h:118, "Returns a list of all task
        /// requests that have been submitted but not yet completed", copies of them; "The handler may
        /// execute on a background thread", so the call and the conversion stay off the main actor
        /// and only the core's Sendable values come back.
        /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/getpendingtaskrequests(completionhandler:)
        nonisolated static func pendingRequests() async -> [TaskRequest] {
            await BGTaskScheduler.shared.pendingTaskRequests().map(TaskRequest.init)
        }

        #if DEBUG
            /// The private selector of Apple's "Starting and Terminating Tasks During Development"
            /// (BGT-10), in DEBUG builds only: an app that ships it is rejected (REVIEW-5).
            private static let simulateLaunchSelector = NSSelectorFromString("_simulateLaunchForTaskWithIdentifier:")

            /// Whether this iOS's `BGTaskScheduler` answers the debug launch.
            static var canSimulateLaunch: Bool { BGTaskScheduler.shared.responds(to: simulateLaunchSelector) }

            /// `[[BGTaskScheduler sharedScheduler] _simulateLaunchForTaskWithIdentifier:identifier]`,
            /// as Xcode's LLDB command sends it (BGT-10), through the method's implementation: it
            /// returns no object, so `perform(_:with:)`, which reads the result as one, is not used.
            /// Call it only for a pending request (``DebugTaskLaunch``): iOS launches nothing
            /// otherwise (BGT-17).
            /// https://developer.apple.com/documentation/backgroundtasks/starting-and-terminating-tasks-during-development
            static func simulateLaunch(_ identifier: String) {
                let scheduler = BGTaskScheduler.shared
                guard let implementation = scheduler.method(for: simulateLaunchSelector) else { return }
                typealias SimulateLaunch = @convention(c) (AnyObject, Selector, NSString) -> Void
                unsafeBitCast(implementation, to: SimulateLaunch.self)(
                    scheduler, simulateLaunchSelector, identifier as NSString)
            }
        #endif
    }

    extension TaskRequest {
        /// The core's form of a pending `BGTaskRequest`; `earliestBeginDate` in seconds since 1970,
        /// the clock of ``WakefulApp``'s context.
        /// https://developer.apple.com/documentation/backgroundtasks/bgtaskrequest
        init(_ request: BGTaskRequest) {
            let earliest = request.earliestBeginDate?.timeIntervalSince1970
            if let processing = request as? BGProcessingTaskRequest {
                self.init(
                    identifier: request.identifier, kind: .processing, earliestBeginDate: earliest,
                    requiresExternalPower: processing.requiresExternalPower,
                    requiresNetworkConnectivity: processing.requiresNetworkConnectivity)
                return
            }
            if #available(iOS 26.0, *), let continued = request as? BGContinuedProcessingTaskRequest {
                self.init(
                    identifier: request.identifier, kind: .continuedProcessing,
                    submissionStrategy: continued.strategy == .fail ? .fail : .queue)
                return
            }
            self.init(identifier: request.identifier, kind: .appRefresh, earliestBeginDate: earliest)
        }
    }
#endif
