import Foundation
import Wakeful

/// Live Activities' rules (LIVE-1 to LIVE-10, documented in `SimulatorRules.md` with their
/// sources): when an app may start one, how long the system keeps it, the tokens, the update
/// budget and the launch after a push-to-start. Inert before iOS 16.1, where ``available``
/// is false.
///
/// ```swift
/// let rules = LiveActivityRules.defaults(for: IOSVersion(17, 2))
/// rules.pushToStartAvailable      // true (LIVE-4)
/// rules.activeLimit               // 28800: 8 hours (LIVE-3)
/// ```
public struct LiveActivityRules: Sendable, Hashable {
    /// Whether ActivityKit exists (LIVE-1: iOS 16.1).
    public var available: Bool
    /// Whether a push can start an activity (LIVE-4: iOS 17.2).
    public var pushToStartAvailable: Bool
    /// Whether `NSSupportsLiveActivitiesFrequentUpdates` exists (LIVE-6: iOS 16.2).
    public var frequentUpdatesAvailable: Bool
    /// Activities one app may have at once; one more is `targetMaximumExceeded` (LIVE-1).
    public var maximumActivities: Int
    /// How long an activity stays active before the system ends it (LIVE-3: 8 hours).
    public var activeLimit: TimeInterval
    /// How long an ended activity stays on the Lock Screen at most (LIVE-3: 4 hours, within 12
    /// hours of its start).
    public var endedLimit: TimeInterval
    /// How long after the start the update token arrives (LIVE-5: asynchronous; the figure is an assumption).
    public var tokenDelay: TimeInterval
    /// Priority-10 pushes per activity within ``budgetWindow`` that the system shows; more are
    /// dropped (LIVE-6).
    public var priority10Budget: Int
    /// The same with `NSSupportsLiveActivitiesFrequentUpdates` declared and allowed by the user (LIVE-6).
    public var frequentPriority10Budget: Int
    /// Push-to-start pushes within ``budgetWindow`` that start an activity; more start none (LIVE-4).
    public var pushToStartBudget: Int
    /// The rolling window of both budgets (LIVE-4, LIVE-6).
    public var budgetWindow: TimeInterval
    /// Whether a push-to-start launches the app after the user force-quit it (LIVE-7, TERM-1). The
    /// launch lasts the wake window of other system wakes (``ExecutionRules/wakeEventWindow``, ≈10 s):
    /// "a few seconds", an Apple engineer says.
    public var launchesAfterForceQuit: Bool

    /// The defaults for `version`.
    public static func defaults(for version: IOSVersion) -> LiveActivityRules {
        LiveActivityRules(
            available: version >= IOSVersion(16, 1),  // LIVE-1 (documented)
            pushToStartAvailable: version >= IOSVersion(17, 2),  // LIVE-4 (documented)
            frequentUpdatesAvailable: version >= IOSVersion(16, 2),  // LIVE-6 (documented)
            // LIVE-1: five per app (vendor documentation; Apple names the error, not the number).
            maximumActivities: 5,
            activeLimit: 8 * 3600, endedLimit: 4 * 3600,  // LIVE-3 (documented)
            tokenDelay: 1,  // LIVE-5: "requesting a push token is an asynchronous process" (assumption: 1 s)
            // LIVE-6: Apple keeps the budget undocumented; a vendor's limits page gives about 15
            // updates an hour, and "sub-minute delivery" with frequent updates (assumption: 60).
            priority10Budget: 15, frequentPriority10Budget: 60,
            // LIVE-4: an Apple engineer: more than 10 push-to-start pushes "cannot be done in a short
            // time frame"; the window, an hour, is an assumption.
            pushToStartBudget: 10, budgetWindow: 3600,
            // LIVE-7: not stated; a force-quit app is launched by no push (TERM-1, PUSH-7), inference.
            launchesAfterForceQuit: false)
    }

    /// The rows of ``BackgroundPolicy/parameters`` for this group, with their rules and provenance.
    var parameters: [PolicyParameter] {
        func row(_ name: String, _ value: String, _ rules: [String], _ provenance: Provenance) -> PolicyParameter {
            PolicyParameter(name: "liveActivities." + name, value: value, rules: rules, provenance: provenance)
        }
        func seconds(_ value: TimeInterval) -> String { "\(Int(value)) s" }
        return [
            row("available", "\(available)", ["LIVE-1"], .documented),
            row("pushToStartAvailable", "\(pushToStartAvailable)", ["LIVE-4"], .documented),
            row("frequentUpdatesAvailable", "\(frequentUpdatesAvailable)", ["LIVE-6"], .documented),
            row("maximumActivities", "\(maximumActivities)", ["LIVE-1"], .folklore),
            row("activeLimit", seconds(activeLimit), ["LIVE-3"], .documented),
            row("endedLimit", seconds(endedLimit), ["LIVE-3"], .documented),
            row("tokenDelay", seconds(tokenDelay), ["LIVE-5"], .assumption),
            row("priority10Budget", "\(priority10Budget)", ["LIVE-6"], .folklore),
            row("frequentPriority10Budget", "\(frequentPriority10Budget)", ["LIVE-6"], .assumption),
            row("pushToStartBudget", "\(pushToStartBudget)", ["LIVE-4"], .documented),
            row("budgetWindow", seconds(budgetWindow), ["LIVE-4", "LIVE-6"], .assumption),
            row("launchesAfterForceQuit", "\(launchesAfterForceQuit)", ["LIVE-7", "TERM-1"], .inference),
        ]
    }
}
