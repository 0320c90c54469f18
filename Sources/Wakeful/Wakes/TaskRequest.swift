import Foundation

/// A `BGTaskScheduler` request: `BGAppRefreshTaskRequest`, `BGProcessingTaskRequest` or, on iOS 26,
/// `BGContinuedProcessingTaskRequest` (BGT-4 to BGT-9, BGT-13).
///
/// The app submits it with ``Command/submitTaskRequest(_:)``. A refusal comes back as
/// ``Event/scheduledTaskSubmitFailed(identifier:error:)``; a launch as
/// ``Event/scheduledTaskLaunched(_:)``.
///
/// ```swift
/// let refresh = TaskRequest(identifier: "com.example.refresh", kind: .appRefresh, earliestBeginDate: now + 3600)
/// let sync = TaskRequest(identifier: "com.example.sync", kind: .processing, requiresExternalPower: true)
/// let export = TaskRequest(identifier: "com.example.export", kind: .continuedProcessing, submissionStrategy: .fail)
/// ```
public struct TaskRequest: Sendable, Hashable, Codable {
    /// Which `BGTaskRequest` subclass.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// `BGAppRefreshTaskRequest` (BGT-4): up to 30 s, needs the `fetch` mode.
        case appRefresh
        /// `BGProcessingTaskRequest` (BGT-5): minutes, needs the `processing` mode.
        case processing
        /// `BGContinuedProcessingTaskRequest` (BGT-13, iOS 26): submitted from the foreground, must report progress.
        case continuedProcessing

        /// The kind the launch reports.
        public var launchKind: ScheduledTaskKind {
            switch self {
            case .appRefresh: .appRefresh
            case .processing: .processing
            case .continuedProcessing: .continuedProcessing
            }
        }
    }

    /// `BGContinuedProcessingTaskRequest.SubmissionStrategy` (BGT-13): what `submit` does when the
    /// task cannot begin at once because another one runs.
    public enum SubmissionStrategy: String, Sendable, Hashable, Codable, CaseIterable {
        /// `.queue`, the default: the request waits and starts when the running one ends.
        case queue
        /// `.fail`: the submission fails at once.
        case fail
    }

    /// The identifier; must be listed in `BGTaskSchedulerPermittedIdentifiers` (BGT-9).
    public var identifier: String
    /// Which kind of request.
    public var kind: Kind
    /// The earliest time (in the context's clock) the task may start; nil for no delay. Only a lower bound (BGT-8).
    public var earliestBeginDate: TimeInterval?
    /// `requiresExternalPower` of a processing request (BGT-5); ignored for other kinds.
    public var requiresExternalPower: Bool
    /// `requiresNetworkConnectivity` of a processing request (BGT-5); ignored for other kinds.
    public var requiresNetworkConnectivity: Bool
    /// The `strategy` of a continued-processing request (BGT-13); nil is `.queue`, the system's
    /// default. Ignored for other kinds.
    public var submissionStrategy: SubmissionStrategy?

    /// Creates a request.
    public init(
        identifier: String, kind: Kind, earliestBeginDate: TimeInterval? = nil,
        requiresExternalPower: Bool = false, requiresNetworkConnectivity: Bool = false,
        submissionStrategy: SubmissionStrategy? = nil
    ) {
        self.identifier = identifier
        self.kind = kind
        self.earliestBeginDate = earliestBeginDate
        self.requiresExternalPower = requiresExternalPower
        self.requiresNetworkConnectivity = requiresNetworkConnectivity
        self.submissionStrategy = submissionStrategy
    }
}

/// `BGTaskScheduler.Error.Code`: why `submit(_:)` threw (BGT-7, BGT-9).
public enum TaskSchedulerError: String, Sendable, Hashable, Codable, CaseIterable {
    /// Background App Refresh is off (or Low Power Mode turned it off, BGT-12), or the request cannot be made now.
    case unavailable
    /// Too many pending requests of this kind: 1 refresh, 10 processing (BGT-7).
    case tooManyPendingTaskRequests
    /// The identifier is not in `BGTaskSchedulerPermittedIdentifiers`, or the background mode is missing (BGT-9).
    case notPermitted
}
