import Foundation

/// How long an app may run after leaving the foreground: lifecycle deadlines, the background-task
/// budget and its expiry, wake windows and the scene watchdog (reference §1–§2, STATE and TASK rules).
///
/// Start from ``defaults(for:)`` and adjust single fields:
///
/// ```swift
/// var rules = ExecutionRules.defaults(for: IOSVersion(17))
/// rules.taskBudget          // 30 (TASK-6)
/// rules.taskBudget = 45     // a what-if experiment
/// ```
public struct ExecutionRules: Sendable, Hashable {
    /// Time `applicationDidEnterBackground` / `sceneDidEnterBackground` has to return (STATE-4).
    public var didEnterBackgroundDeadline: TimeInterval
    /// Run time after entering Background with no run reason: no task, mode or event (STATE-5, CONF-3).
    public var graceAfterBackground: TimeInterval
    /// Time available in `applicationWillTerminate`, when it is called at all (STATE-6).
    public var willTerminateTime: TimeInterval
    /// Per-app background-task budget, shared by every open task (TASK-2, TASK-3, TASK-6, TASK-7, CONF-1).
    public var taskBudget: TimeInterval
    /// Whether a task begun inside a system wake's event window gets a fresh full budget (TASK-9, TASK-10, CONF-2).
    public var wakeRefreshesTaskBudget: Bool
    /// Whether a task begun, once the allowance is spent, by an app a mode keeps running (location
    /// updates, live updates, audio, a call) opens a fresh full budget, as a new wake's first task
    /// does (TASK-7, TASK-10; obs: task-ios14-renewed-task-fresh-28s).
    public var runningAppRefreshesTaskBudget: Bool
    /// Whether the task clock stands still (`backgroundTimeRemaining` = DBL_MAX) during a wake's
    /// event window and restarts with a fresh budget afterwards (TASK-9, TASK-11).
    public var taskClockWaitsForWakeWindow: Bool
    /// Whether `backgroundTimeRemaining` still reads DBL_MAX inside `applicationDidEnterBackground`,
    /// before the countdown shows, even with a task open; the countdown itself still runs from
    /// the moment the app entered the background (TASK-11).
    public var remainingUnlimitedWhileEnteringBackground: Bool
    /// How long before the budget ends the expiration handlers run (TASK-12, AT-1, AT-2).
    public var expiryLeadTime: TimeInterval
    /// Longest run time of one expiration handler (TASK-12).
    public var expiryHandlerTimeLimit: TimeInterval
    /// Longest combined run time of all expiration handlers before the watchdog kills the app (TASK-12).
    public var expiryHandlersTotalLimit: TimeInterval
    /// Cap on concurrently open task assertions; `nil` means no cap (TASK-15).
    public var maxConcurrentTasks: Int?
    /// Event window after a location, region, beacon or BLE wake with no task (LOC-12, LOC-21, BLE-1).
    public var wakeEventWindow: TimeInterval
    /// Whether the per-app task budget is restored when the app becomes Active (§12.3 gap).
    public var budgetResetsWhenActive: Bool
    /// Wall-clock allowance for a background scene update; `nil` where scenes do not exist (STATE-7).
    public var sceneUpdateWatchdog: TimeInterval?
    /// CPU-time allowance for a background scene creation; `nil` where scenes do not exist (STATE-7).
    public var sceneCreateCPULimit: TimeInterval?
    /// Wall-clock allowance for a launch, in the foreground or the background, before the watchdog
    /// kills the app with `0x8badf00d` (TERM-6, STATE-7).
    public var launchWatchdog: TimeInterval
    /// Whether the system may prewarm the app: start its process before the user opens it (DATA-9).
    public var prewarmAvailable: Bool
    /// Whether a prewarmed process runs the app's launch callbacks (`didFinishLaunching`) at once,
    /// as seen on iOS 15, instead of stopping before `UIApplicationMain` as documented (DATA-9;
    /// CONF-DATA-9 on 16 and later).
    public var prewarmRunsLaunch: Bool

    /// The reference's defaults for `version`, by family and then by exact version.
    ///
    /// - Parameter version: The simulated iOS release.
    /// - Returns: The execution rules the untethered default profile uses on that release.
    public static func defaults(for version: IOSVersion) -> ExecutionRules {
        let family = version.family
        let modern = family == .iOS13to18 || family == .iOS26
        return ExecutionRules(
            // STATE-4: 5 s on every family; 26+ as 13–18 (assumption).
            didEnterBackgroundDeadline: 5,
            // STATE-5: 5 s model default (var. 10 s, CONF-3); 26+ as 13–18 (assumption). The field
            // conflicts before 13: a suspend assertion logged "permittedBackgroundDuration: 10" on
            // iOS 7 (corpus: state-ios7-no-task-10s, which runs CONF-3), while the AT-3 device trace
            // (iOS 8) suspends 5 s after Home; from 13, "about 5 s" (state-ios14-no-task-5s).
            graceAfterBackground: 5,
            // STATE-6: ≈5 s; 26+ as 13–18 (assumption).
            willTerminateTime: 5,
            taskBudget: taskBudget(for: family),
            // TASK-9 on 7–12 (observed); TASK-10 on 13–18 (inference; var. CONF-2);
            // iOS 6: n/c → 7–12 value, assumption; 26+ as 13–18 (assumption).
            wakeRefreshesTaskBudget: true,
            // TASK-7, TASK-10: a 2021 log (iOS 14 era) shows each task begun by an app kept
            // running by location reading a fresh 28 s (obs: task-ios14-renewed-task-fresh-28s);
            // observed on 13–18; other families: the same, inference (the renewal technique of
            // location apps dates from iOS 7); 26+ as 13–18 (assumption).
            runningAppRefreshesTaskBudget: true,
            // TASK-9: DBL_MAX for the 10 s window, then a fresh budget, on 7–12; iOS 6: n/c → 7–12, assumption.
            // 13+: no DBL_MAX window documented (TASK-10, CONF-2), so the clock runs (inference).
            taskClockWaitsForWakeWindow: !modern,
            // TASK-11: on 13+ DTS's reproduction read DBL_MAX right after entering the background,
            // and the task still ended ≈30 s in (M391799, documented, DTS; also the reporter's
            // iPhone X). On iOS 8 a read there gave 9.99 instead (STATE-5, IBD Test 2), so not
            // before 13; iOS 6: n/c → 7–12, assumption; 26+ as 13–18 (assumption).
            remainingUnlimitedWhileEnteringBackground: modern,
            // TASK-12, AT-1: ≈4–5 s left on iOS 8 → 4 s; iOS 6: n/c → 7–12, assumption. From 14 the
            // same 4 s: a 16.4.1 handler read 4.01 s left (obs: task-ios16-expiry-handler-4s-left),
            // a 2026 statement gives "around 5 s" (obs: task-ios26-expiry-lead-5s), and renewed
            // tasks on 14 read 28 s at their start and ran to ≈10 s left well before their handler
            // (obs: task-ios14-renewed-task-fresh-28s). 13.x: cfg, assumption: 1 s, so that DTS's
            // iOS 13 task runs ≈30 s to its handler (obs: task-ios13-expiry-30s; AT-2).
            expiryLeadTime: version.major == 13 ? 1 : 4,
            // TASK-12: each handler under about 1 s (documented, all families).
            expiryHandlerTimeLimit: 1,
            // TASK-12: "a few s" in total; cfg, assumption: 3 s.
            expiryHandlersTotalLimit: 3,
            // TASK-15: no cap before 11.0; ≈1000 from 11.0; 26+ as 13–18 (assumption).
            maxConcurrentTasks: version >= IOSVersion(11) ? 1000 : nil,
            // LOC-12, LOC-21, BLE-1: ≈10 s on every family; 26+ as 13–18 (assumption).
            wakeEventWindow: 10,
            // §12.3 gap: reset when the app becomes Active; assumption.
            budgetResetsWhenActive: true,
            // STATE-7: 10 s wall clock (seen on 15–16, applied to all of 13+: assumption); no scenes before 13.
            sceneUpdateWatchdog: version.major >= 13 ? 10 : nil,
            // STATE-7: 4.68 s CPU (seen on 15.4.1, applied to all of 13+: assumption); no scenes before 13.
            sceneCreateCPULimit: version.major >= 13 ? 4.68 : nil,
            // TERM-6, STATE-7: "exhausted real (wall clock) time allowance of 20.00 seconds" for a
            // foreground launch on 13.5.1, 19.25–19.94 s for scene creation on 11.1 to 16.2, and a
            // background push launch killed the same way at 19.56 s (field corpus, term-launch-*);
            // 20 s on every family, an assumption outside 11–16.
            launchWatchdog: 20,
            // DATA-9: prewarming from 15 (documented); 26+ as 15–18 (assumption).
            prewarmAvailable: version.major >= 15,
            // DATA-9: Apple documents that prewarming stops "up until, but not including, when
            // main() calls UIApplicationMain", but on iOS 15 developers saw didFinishLaunching run
            // in the prewarm (SO71025205, F706782) and users of a secure-storage plugin saw their
            // launch-time Keychain reads fail while locked (obs: data-ios15-prewarm-locked-keychain).
            // The field outweighs the statement on 15; from 16 no report contradicts the documented
            // behaviour (var. CONF-DATA-9 runs the launch there too).
            prewarmRunsLaunch: version.major == 15
        )
    }

    /// The family's task budget (CONF-1 default).
    private static func taskBudget(for family: IOSFamily) -> TimeInterval {
        switch family {
        case .iOS6: 600  // TASK-2: ≈600 s on 4–6 (documented, third-party doc)
        case .iOS7to12: 180  // TASK-3: 180 s (observed, many); CONF-1 default, var. 600 s / 40 s
        case .iOS13to18: 30  // TASK-6: ≈30 s (documented, DTS)
        case .iOS26: 30  // TASK-6: as 13–18, assumption
        }
    }
}
