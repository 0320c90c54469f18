/// Termination reason codes the simulator reports in crash logs (TERM-6, TASK-13, TASK-15).
///
/// ```swift
/// TerminationCodes.defaults(for: IOSVersion(12)).taskAssertionTimeout   // "0x8badf00d"
/// TerminationCodes.defaults(for: IOSVersion(13)).taskAssertionTimeout   // "0x2182bad2"
/// ```
public struct TerminationCodes: Sendable, Hashable {
    /// A background task still open when its budget ended (TASK-13, TERM-6).
    public var taskAssertionTimeout: String
    /// A background URL session overran its time (URLS-7, TERM-6).
    public var urlSessionTimeout: String
    /// A background fetch overran its time (TERM-6).
    public var fetchTimeout: String
    /// The watchdog killed the app (TERM-6).
    public var watchdog: String
    /// Suspended while holding a file lock (TERM-6).
    public var suspendedWithLockedFile: String
    /// Thermal pressure (TERM-6).
    public var thermal: String
    /// More task assertions than ``ExecutionRules/maxConcurrentTasks`` (TASK-15).
    public var tooManyTasks: String

    /// The codes for `version`.
    ///
    /// - Parameter version: The simulated iOS release.
    /// - Returns: The codes; only the task-assertion code changes, at 13 (RunningBoard era).
    public static func defaults(for version: IOSVersion) -> TerminationCodes {
        TerminationCodes(
            // TASK-13: assertiond `0x8badf00d` on older iOS; RunningBoard `0x2182bad2` (TERM-6), modelled from 13.
            taskAssertionTimeout: version >= IOSVersion(13) ? "0x2182bad2" : "0x8badf00d",
            urlSessionTimeout: "0x2182bad3",  // TERM-6, URLS-7
            fetchTimeout: "0x2182bad4",  // TERM-6
            watchdog: "0x8badf00d",  // TERM-6
            suspendedWithLockedFile: "0xdead10cc",  // TERM-6
            thermal: "0xc00010ff",  // TERM-6
            tooManyTasks: "0xbada5e47"  // TASK-15
        )
    }
}
