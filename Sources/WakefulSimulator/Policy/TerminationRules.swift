import Foundation

/// What gets a background app killed and what a force-quit changes (reference §9, TERM rules).
///
/// ```swift
/// TerminationRules.defaults(for: IOSVersion(7)).cpuLimit   // nil (TERM-4: no monitor on 7)
/// TerminationRules.defaults(for: IOSVersion(8)).cpuLimit   // 80 % over 60 s
/// ```
public struct TerminationRules: Sendable, Hashable {
    /// The CPU monitor; `nil` for none (TERM-4).
    public var cpuLimit: CPULimit?
    /// The CPU monitor's tighter limit during a voice call (a VoIP app kept running by its audio or
    /// a reported call); `nil` where no report gives one, and ``cpuLimit`` applies (TERM-4).
    public var callCPULimit: CPULimit?
    /// Window over which wakes are counted (TERM-5).
    public var wakeupMonitorWindow: TimeInterval
    /// Wakes allowed per ``wakeupMonitorWindow`` before `EXC_RESOURCE` WAKEUPS (TERM-5).
    public var wakeupLimit: Int
    /// Memory limit of a background app in MB; `nil` while undocumented (TERM-3).
    public var memoryLimitMegabytes: Double?
    /// Background launches a force-quit blocks (TERM-1).
    public var forceQuitBlocks: ForceQuitBlocks
    /// Whether a reboot clears the force-quit flag too (TERM-1, PUSH-7).
    public var forceQuitFlagClearedByReboot: Bool
    /// Termination reason codes (TERM-6, TASK-13, TASK-15).
    public var codes: TerminationCodes

    /// The reference's defaults for `version`, by family and then by exact version.
    ///
    /// - Parameter version: The simulated iOS release.
    /// - Returns: The termination rules the default profile uses on that release.
    public static func defaults(for version: IOSVersion) -> TerminationRules {
        TerminationRules(
            // TERM-4: none on 6 and 7; 80 % over 60 s from 8.0 (documented); 26+ as 13–18 (assumption).
            cpuLimit: version >= IOSVersion(8) ? CPULimit(fraction: 0.8, window: 60) : nil,
            // TERM-4 during a call, from two CPU reports of background calls: "violating a CPU usage
            // limit of 9.00s over 15 seconds" on 14.5.1 (obs: term-ios14-call-cpu-9s-over-15s) and
            // "exceeding limit of 15% cpu over 60 seconds" on 15.3 (obs: term-ios15-call-cpu-15pct-kill).
            // Each is one report; 16+ as 15 and nothing before 14 (no report): assumptions.
            callCPULimit: version.major == 14
                ? CPULimit(fraction: 0.6, window: 15)
                : version.major >= 15 ? CPULimit(fraction: 0.15, window: 60) : nil,
            // TERM-5: 300 s window (version not stated); iOS 6 n/c → 7–12, assumption.
            wakeupMonitorWindow: 300,
            // TERM-5 gives no limit; cfg, assumption: 45 000 per window.
            wakeupLimit: 45_000,
            // TERM-3: undocumented; cfg, default none.
            memoryLimitMegabytes: nil,
            // TERM-1: by version (iOS 6 n/c → 7–12, assumption).
            forceQuitBlocks: .defaults(for: version),
            // TERM-1, PUSH-7: cleared by the next manual launch or a reboot (documented).
            forceQuitFlagClearedByReboot: true,
            codes: .defaults(for: version)
        )
    }
}
