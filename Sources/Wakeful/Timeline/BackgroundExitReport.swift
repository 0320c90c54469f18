import Foundation

/// Why iOS ended the app while it was in the background, as MetricKit counts it over one
/// reporting period (`MXBackgroundExitData`, TERM-7).
///
/// MetricKit delivers these counts at most once a day, for a past period, never for the current
/// process; so the report is not an ``Event`` the strategies react to but a system fact for the
/// timeline: ``timelineEntry(at:)`` turns it into a `decision` entry named ``decisionName`` that
/// says why the app was killed while nobody watched. The Apple adapter fills it from the payload;
/// on Linux and in tests it is a plain value.
///
/// ```swift
/// var report = BackgroundExitReport(periodStart: 1_763_600_000, periodEnd: 1_763_686_400)
/// report.counts[.backgroundTaskAssertionTimeout] = 2
/// try agent.note(report.timelineEntry(at: now), timeline: &timeline)
/// ```
public struct BackgroundExitReport: Sendable, Hashable, Codable {
    /// One `MXBackgroundExitData` category (TERM-7).
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        /// `cumulativeNormalAppExitCount`: exited normally or was gracefully terminated.
        case normal
        /// `cumulativeAbnormalExitCount`: crashed (an uncaught exception, `abort()`).
        case abnormal
        /// `cumulativeAppWatchdogExitCount`: the watchdog ended it (`0x8badf00d`, TERM-6).
        case watchdog
        /// `cumulativeCPUResourceLimitExitCount`: too much CPU in the background (TERM-4).
        case cpuResourceLimit
        /// `cumulativeMemoryResourceLimitExitCount`: over its memory limit (TERM-3).
        case memoryResourceLimit
        /// `cumulativeMemoryPressureExitCount`: removed while suspended to free memory (STATE-3, STATE-8).
        case memoryPressure
        /// `cumulativeBadAccessExitCount`: invalid memory access.
        case badAccess
        /// `cumulativeIllegalInstructionExitCount`: illegal instruction.
        case illegalInstruction
        /// `cumulativeBackgroundTaskAssertionTimeoutExitCount`: a background task not ended in time (TASK-13, TASK-17).
        case backgroundTaskAssertionTimeout
        /// `cumulativeSuspendedWithLockedFileExitCount`: suspended while holding a file lock (`0xdead10cc`, TERM-6).
        case suspendedWithLockedFile

        /// The policy rules that describe this kind of exit.
        public var rules: [String] {
            switch self {
            case .normal, .abnormal, .badAccess, .illegalInstruction: ["TERM-7"]
            case .watchdog: ["TERM-6", "TERM-7"]
            case .cpuResourceLimit: ["TERM-4", "TERM-7"]
            case .memoryResourceLimit: ["TERM-3", "TERM-7"]
            case .memoryPressure: ["STATE-3", "STATE-8", "TERM-7"]
            case .backgroundTaskAssertionTimeout: ["TASK-13", "TASK-17", "TERM-7"]
            case .suspendedWithLockedFile: ["TERM-6", "TERM-7"]
            }
        }
    }

    /// The `decision` name of the timeline entry.
    public static let decisionName = "backgroundExits"

    /// Start of the reporting period, in the runtime's seconds (seconds since 1970 on a device).
    public var periodStart: TimeInterval
    /// End of the reporting period, in the runtime's seconds.
    public var periodEnd: TimeInterval
    /// Exits per reason during the period; a missing reason counts zero.
    public var counts: [Reason: Int]

    /// Creates a report.
    public init(periodStart: TimeInterval, periodEnd: TimeInterval, counts: [Reason: Int] = [:]) {
        self.periodStart = periodStart
        self.periodEnd = periodEnd
        self.counts = counts
    }

    /// Exits that were not normal: the ones a background strategy should explain.
    public var unexpectedExits: Int {
        counts.filter { $0.key != .normal }.values.reduce(0, +)
    }

    /// The `decision` entry for the timeline: the period, every non-zero count by reason (in
    /// `Reason.allCases` order, so the line is deterministic) and the rules behind those reasons.
    ///
    /// - Parameter time: When the report arrived, in the runtime's seconds.
    public func timelineEntry(at time: TimeInterval) -> TimelineEntry {
        let present = Reason.allCases.filter { (counts[$0] ?? 0) > 0 }
        var rules: [String] = []
        for rule in present.flatMap(\.rules) where !rules.contains(rule) { rules.append(rule) }
        var fields = [Field("periodStart", .double(periodStart)), Field("periodEnd", .double(periodEnd))]
        fields += present.map { Field($0.rawValue, .int(counts[$0] ?? 0)) }
        fields.append(Field("unexpected", .int(unexpectedExits)))
        return TimelineEntry(
            time: time, body: .decision(SystemDecision(name: Self.decisionName, rules: rules, fields: fields)))
    }
}
