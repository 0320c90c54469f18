import Foundation

/// Which `BGTaskScheduler` launch handlers an app registers, and what it does with a task it launches.
///
/// BGTaskScheduler.h: "Every identifier in the BGTaskSchedulerPermittedIdentifiers requires a
/// handler. Registration of all launch handlers must be complete before the end of
/// applicationDidFinishLaunching", and "Register each task identifier only once. The system kills
/// the app on the second registration of the same task identifier." So the plan registers every
/// permitted identifier, not only those the current strategies declare (a request submitted under
/// an earlier configuration still launches the app), and never one registered before in this
/// process. A launched task no strategy owns is completed at once, so it cannot expire unanswered.
///
/// ```swift
/// let plan = TaskRegistrationPlan(permitted: plist.permittedTaskIdentifiers, declared: requirements.taskIdentifiers)
/// for identifier in plan.identifiers(excluding: alreadyRegistered) { … register … }
/// switch plan.disposition(of: task.identifier) { case .deliver: … case .completeUnowned: task.setTaskCompleted(success: false) }
/// ```
public struct TaskRegistrationPlan: Sendable, Hashable {
    /// Every identifier to register: the permitted ones and the declared ones, each once, sorted.
    public let identifiers: [String]
    /// The identifiers (or `prefix.*` patterns, BGT-13) whose launches go to the strategies.
    public let owned: [String]

    /// Creates the plan.
    ///
    /// - Parameters:
    ///   - permitted: `BGTaskSchedulerPermittedIdentifiers` from the app's Info.plist.
    ///   - declared: What the strategies and the configuration name; empty when no agent could be
    ///     created, so that every launch is completed at once.
    public init(permitted: [String], declared: [String]) {
        identifiers = Array(Set(permitted + declared)).sorted()
        owned = Array(Set(declared)).sorted()
    }

    /// The identifiers still to register, given those this process registered already (a second
    /// registration of one identifier kills the app).
    public func identifiers(excluding registered: Set<String>) -> [String] {
        identifiers.filter { !registered.contains($0) }
    }

    /// What to do with a task the system launched.
    public func disposition(of launched: String) -> TaskLaunchDisposition {
        owned.contains { Self.matches(launched, pattern: $0) } ? .deliver : .completeUnowned
    }

    /// Whether an identifier is the pattern or, for a `prefix.*` pattern (continued processing,
    /// BGTaskScheduler.h), starts with its prefix.
    static func matches(_ identifier: String, pattern: String) -> Bool {
        guard pattern.hasSuffix(".*") else { return identifier == pattern }
        return identifier.hasPrefix(pattern.dropLast())
    }
}

/// What an adapter does with a launched `BGTask`.
public enum TaskLaunchDisposition: Sendable, Hashable {
    /// A strategy owns it: deliver ``Event/scheduledTaskLaunched(_:)``.
    case deliver
    /// No strategy owns it: complete it at once with `success: false` (BGTask.h: "Not calling
    /// setTaskCompletedWithSuccess: before the time for the task expires may result in the system
    /// killing your app").
    case completeUnowned
}
