import Foundation

extension TaskHistory {
    /// One `BGTaskScheduler.submit(_:)` and what became of it.
    public struct Submission: Sendable, Hashable, Codable {
        /// Numbers the ledger's submissions from 1, in order.
        public var number: Int
        /// The request as the strategy issued it.
        public var request: TaskRequest
        /// When it was submitted.
        public var at: TimeInterval
        /// The strategy that issued it.
        public var by: String
        /// What became of it so far.
        public var fate: Fate = .pending
        /// The earlier submission of the same identifier it replaced (BGT-7), if any.
        public var replacing: Int?

        /// Creates a submission, pending until the ledger learns more.
        public init(number: Int, request: TaskRequest, at: TimeInterval, by: String, replacing: Int? = nil) {
            self.number = number
            self.request = request
            self.at = at
            self.by = by
            self.replacing = replacing
        }

        /// The error `submit` threw, or nil when it was accepted.
        public var error: TaskSchedulerError? {
            if case .refused(let error) = fate { error } else { nil }
        }
    }

    /// What became of a submission.
    public enum Fate: Sendable, Hashable, Codable {
        /// Accepted and waiting for iOS to launch it.
        case pending
        /// `submit` threw (BGT-7, BGT-9, BGT-13).
        case refused(TaskSchedulerError)
        /// iOS launched it.
        case launched(at: TimeInterval)
        /// The app cancelled it.
        case cancelled(at: TimeInterval)
        /// A later submission of the same identifier replaced it before it ran (BGT-7).
        case replaced(at: TimeInterval)

        /// A word for it: `pending`, `refused`, `launched`, `cancelled`, `replaced`.
        public var name: String {
            switch self {
            case .pending: "pending"
            case .refused: "refused"
            case .launched: "launched"
            case .cancelled: "cancelled"
            case .replaced: "replaced"
            }
        }
    }

    /// One launch of a scheduled task: when, why, how long it ran and how it ended.
    public struct Launch: Sendable, Hashable, Codable {
        /// The task's identifier (`fetch` for a legacy fetch).
        public var identifier: String
        /// Which kind of task.
        public var kind: ScheduledTaskKind
        /// When iOS delivered the launch.
        public var at: TimeInterval
        /// What the app was doing when it came.
        public var reason: TaskLaunchReason
        /// When its expiration handler ran, if it did.
        public var expiredAt: TimeInterval?
        /// When it ended: completed, or its process ended at a known time; nil while it runs or when
        /// the process ended unseen (a device learns of that only at the next launch).
        public var endedAt: TimeInterval?
        /// How it ended so far.
        public var outcome: Outcome = .running

        /// Creates a running launch.
        public init(identifier: String, kind: ScheduledTaskKind, at: TimeInterval, reason: TaskLaunchReason) {
            self.identifier = identifier
            self.kind = kind
            self.at = at
            self.reason = reason
        }

        /// Seconds from the launch to its end, when the end is known.
        public var duration: TimeInterval? { endedAt.map { $0 - at } }

        /// How a launch ended.
        public enum Outcome: String, Sendable, Hashable, Codable, CaseIterable {
            /// Not ended yet.
            case running
            /// `setTaskCompleted(success: true)`, or a fetch completed with data or without.
            case succeeded
            /// `setTaskCompleted(success: false)`, or a fetch completed as failed.
            case failed
            /// The process ended first: killed for the task's time (BGT-2, BGT-4, TASK-13), by
            /// the user or by the system.
            case processEnded
        }
    }
}

/// What the app was doing when iOS launched a scheduled task.
public enum TaskLaunchReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// iOS started the app's process in the background for the task (STATE-2): a launch with no
    /// key and no other wake before the task.
    case relaunch
    /// The app was in the background, running or suspended, when the task came.
    case background
    /// The app was on screen.
    case foreground
    /// The debug helper asked iOS to launch it (`_simulateLaunchForTaskWithIdentifier:`, BGT-10):
    /// not iOS's scheduling decision.
    case simulated
}
