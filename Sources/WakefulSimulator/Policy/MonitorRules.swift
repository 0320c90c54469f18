import Foundation
import Wakeful

/// `CLMonitor`'s rules (reference §16.4, CLMON rules) and the model's choices where the reference
/// has no figure.
///
/// ```swift
/// let rules = MonitorRules.defaults(for: IOSVersion(18))
/// rules.conditionLimit            // 20 (CLMON-1)
/// rules.reportsConditionLimit     // true: `conditionLimitExceeded` from 18 (CLMON-1)
/// ```
public struct MonitorRules: Sendable, Hashable {
    /// Whether `CLMonitor` exists (CLMON-2, LOC-24: iOS 17+).
    public var available: Bool
    /// Conditions an app may have monitored, across all its monitors: "20 conditions, as with
    /// regions" (CLMON-1, LOC-24). Assumption: counted apart from the region slots (LOC-17), which
    /// the reference does not say they share. A condition added over the limit gets no updates
    /// until it is removed and added again (assumption: Apple does not say whether it gets a slot
    /// when another is removed).
    public var conditionLimit: Int
    /// Whether a condition over the limit gets an event with `conditionLimitExceeded` (CLMON-1: 18+).
    public var reportsConditionLimit: Bool
    /// The protection class of the file the conditions are kept in: "a file in the app's data
    /// container" (CLMON-2), whose default class is `completeUntilFirstUserAuthentication` (DATA-1,
    /// inference). Opening a monitor while the file is unreadable fails. Apple's advice to wait for
    /// `protectedDataDidBecomeAvailable` (DATA-4) is stricter; `.complete` models that reading.
    public var conditionFileProtection: DataProtectionClass
    /// How long an event that woke or relaunched the app waits for a monitor of its name before
    /// Core Location stops monitoring its condition (CLMON-3: "there isn't a configured CLMonitor to
    /// receive it"; no time is given: assumption, the ≈10 s event window of LOC-21).
    public var unclaimedEventTimeout: TimeInterval
    /// Whether entries (`satisfied`) are withheld from a process launched by a silent push until the
    /// app comes to the foreground, while exits arrive (CLMON-4, single report; variant CONF-22). The
    /// default delivers them, as the legacy API does.
    public var entriesWithheldAfterPushLaunch: Bool

    /// The defaults for `version`.
    public static func defaults(for version: IOSVersion) -> MonitorRules {
        MonitorRules(
            available: version >= IOSVersion(17),  // CLMON-2, LOC-24 (documented)
            conditionLimit: 20,  // CLMON-1 (documented)
            reportsConditionLimit: version >= IOSVersion(18),  // CLMON-1 (documented)
            conditionFileProtection: .completeUntilFirstUserAuthentication,  // CLMON-2, DATA-1 (inference)
            unclaimedEventTimeout: 10,  // CLMON-3, LOC-21 (assumption)
            entriesWithheldAfterPushLaunch: false)  // CLMON-4, CONF-22 default (assumption)
    }
}
