import Foundation

/// The complete iOS background-execution policy the simulated device enforces: every parameter of
/// `reference/ios-background-policy.md`, with the defaults of one iOS release and any §12 conflict
/// variants applied.
///
/// ```swift
/// let ios8 = BackgroundPolicy(version: IOSVersion(8))
/// ios8.execution.taskBudget                      // 180 (TASK-3)
///
/// let tethered = BackgroundPolicy(version: IOSVersion(17), variants: [.debuggerAttached, .grace10Seconds])
/// tethered.debuggerAttached                      // true (CONF-13)
/// tethered.execution.graceAfterBackground        // 10 (CONF-3)
/// ```
///
/// Every field is a plain stored value, so a test or a what-if scenario can also set one directly.
public struct BackgroundPolicy: Sendable, Hashable {
    /// The simulated iOS release.
    public var version: IOSVersion
    /// The family of ``version``.
    public var family: IOSFamily { version.family }
    /// The §12 variants applied, in the order given, duplicates removed.
    public var variants: [PolicyVariant]
    /// Lifecycle deadlines and background-task budget (STATE, TASK).
    public var execution: ExecutionRules
    /// Standard location, SLC, visits and regions (LOC).
    public var location: LocationRules
    /// iBeacon monitoring and ranging (BEACON).
    public var beacons: BeaconRules
    /// Silent push (PUSH).
    public var push: PushRules
    /// Background fetch and `BGTaskScheduler` (BGT).
    public var scheduler: SchedulerRules
    /// Background `URLSession` (URLS).
    public var urlSession: URLSessionRules
    /// Legacy VoIP and PushKit (VOIP).
    public var voip: VoIPRules
    /// Core Bluetooth LE (BLE).
    public var bluetooth: BluetoothRules
    /// Kills, force-quit and termination codes (TERM).
    public var termination: TerminationRules
    /// Core Motion activity (MOTION).
    public var motion: MotionRules
    /// `CLMonitor` conditions (CLMON).
    public var monitor: MonitorRules
    /// HealthKit background delivery (HK).
    public var healthKit: HealthKitRules
    /// Live Activities (LIVE).
    public var liveActivities: LiveActivityRules
    /// CONF-13 / TASK-14: Xcode attached. When true, background-task limits are not enforced.
    public var debuggerAttached: Bool

    /// Builds the policy for `version`: the family defaults, then the version-specific rules (both
    /// from each group's `defaults(for:)`), then `variants` in the order given.
    ///
    /// Duplicate variants are dropped (the first occurrence is kept). When two variants set the same
    /// field (CONF-5a/b/c, CONF-14a/b) the later one wins. A variant that does not apply to
    /// `version` (see ``PolicyVariant/isApplicable(to:)``) is kept in ``variants`` but changes nothing.
    ///
    /// - Parameters:
    ///   - version: The simulated iOS release.
    ///   - variants: §12 conflict variants to apply; none gives the untethered default profile.
    public init(version: IOSVersion, variants: [PolicyVariant] = []) {
        self.version = version
        self.variants = []
        execution = .defaults(for: version)
        location = .defaults(for: version)
        beacons = .defaults(for: version)
        push = .defaults(for: version)
        scheduler = .defaults(for: version)
        urlSession = .defaults(for: version)
        voip = .defaults(for: version)
        bluetooth = .defaults(for: version)
        termination = .defaults(for: version)
        motion = .defaults(for: version)
        monitor = .defaults(for: version)
        healthKit = .defaults(for: version)
        liveActivities = .defaults(for: version)
        debuggerAttached = false  // CONF-13 default: untethered, all limits enforced (TASK-14)
        for variant in variants where !self.variants.contains(variant) {
            self.variants.append(variant)
            variant.apply(to: &self)
        }
    }

    /// Builds the policy for the family's ``IOSFamily/representativeVersion``.
    ///
    /// - Parameters:
    ///   - family: The iOS family.
    ///   - variants: §12 conflict variants to apply.
    public init(family: IOSFamily, variants: [PolicyVariant] = []) {
        self.init(version: family.representativeVersion, variants: variants)
    }
}
