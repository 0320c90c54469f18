import Foundation

/// Which of Wakeful's files an app may create while it launches, given whether protected data is
/// available; none of them may fail the launch.
///
/// A launch can come before the first unlock after a restart (a silent push, a scheduled task, a
/// prewarm: DATA-7, DATA-9), when a new file of the container's default class,
/// `completeUntilFirstUserAuthentication`, "cannot be accessed until after the device has booted
/// … After the user unlocks the device for the first time, your app can access the file"
/// (`FileProtectionType`). A launch that threw then would leave the scheduled task and the push
/// handler unanswered. The outbox already opens on first use (DATA-8); the timeline file waits for
/// `protectedDataDidBecomeAvailable` when protected data is not available at launch.
public enum LaunchStoragePlan {
    /// When to open this process's timeline file.
    public enum TimelineFile: Sendable, Hashable {
        /// The configuration writes none.
        case none
        /// Open it now (a failure is logged, never thrown).
        case openNow
        /// Open it when protected data becomes available.
        case openAtUnlock
    }

    /// When to open the timeline file at launch.
    public static func timelineFile(writes: Bool, protectedDataAvailable: Bool) -> TimelineFile {
        guard writes else { return .none }
        return protectedDataAvailable ? .openNow : .openAtUnlock
    }

    /// The class of `held.json`, the count of records held in memory, which a process launched
    /// before the first unlock must write and the next one read: `none`, given in the write that
    /// creates the file. A file first created with the container's default class cannot be created
    /// before the first unlock at all, so a class set after the write never applies.
    public static let heldRecordsProtection = DataProtectionClass.none

    /// The class of the flags a launch reads before it delivers anything (whether a
    /// `CLBackgroundActivitySession` was held, ``LocationSessionPolicy``): `none`, given at creation,
    /// for the same reason as ``heldRecordsProtection``: the process that sets or reads one may run
    /// before the first unlock.
    public static let launchFlagProtection = DataProtectionClass.none

    /// The class of the scheduled tasks' ledger (`task-history.json`): `none`, given at creation, for
    /// the same reason: a task launch before the first unlock records its launch too.
    public static let taskHistoryProtection = DataProtectionClass.none
}
