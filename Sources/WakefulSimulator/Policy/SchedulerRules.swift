import Foundation

/// Background fetch and `BGTaskScheduler` rules (reference §6, BGT rules).
///
/// ```swift
/// let rules = SchedulerRules.defaults(for: IOSVersion(17))
/// rules.pendingRefreshLimit      // 1 (BGT-7, AT-5)
/// rules.pendingProcessingLimit   // 10
/// ```
public struct SchedulerRules: Sendable, Hashable {
    /// Whether background fetch (`fetch` mode) exists (BGT-1; deprecated in 13 but still honoured).
    public var fetchAvailable: Bool
    /// Wall-clock time one fetch gets (BGT-2).
    public var fetchTime: TimeInterval
    /// Minimum spacing between fetches (BGT-3).
    public var fetchMinimumInterval: TimeInterval
    /// Whether `BGTaskScheduler` exists (BGT-4 to BGT-9).
    public var taskSchedulerAvailable: Bool
    /// Run time of a `BGAppRefreshTask` (BGT-4).
    public var appRefreshTime: TimeInterval
    /// If set, a `BGAppRefreshTask` expires this long after launch instead (CONF-10); `nil` for no early expiry.
    public var appRefreshEarlyExpiry: ClosedRange<TimeInterval>?
    /// Run time of a `BGProcessingTask` (BGT-5).
    public var processingTime: TimeInterval
    /// Whether a pending `BGProcessingTask` still launches after an App-Switcher force-quit, which
    /// TERM-1 otherwise blocks (BGT-15, CONF-19).
    public var processingRunsAfterForceQuit: Bool
    /// Run time of a `BGProcessingTask` launched after a force-quit, shorter than ``processingTime`` (BGT-15).
    public var processingTimeAfterForceQuit: TimeInterval
    /// Whether such a task's in-process requests may use cellular data; `false` is the "more
    /// restricted networking" of BGT-15: they fail with `notConnectedToInternet` on cellular.
    public var processingAfterForceQuitUsesCellular: Bool
    /// Whether a running `BGProcessingTask` ends when the user starts using the device (BGT-14).
    public var processingEndsWhenUserStarts: Bool
    /// Whether the CPU monitor (TERM-4) stays on during a `BGProcessingTask` (BGT-5, BGT-6, CONF-6).
    public var processingCPUMonitor: Bool
    /// The system tries to run a processing task within this time of submission (BGT-5).
    public var processingRunsWithin: TimeInterval
    /// A processing task runs only if the app was used within this time (BGT-5).
    public var processingNeedsUseWithin: TimeInterval
    /// Whether a processing task waits for the charger even when its request does not require
    /// external power (observed: bgt-processing-never-off-power, bgt-processing-one-off-only-while-charging).
    public var processingNeedsCharger: Bool
    /// Pending `BGAppRefreshTaskRequest`s allowed (BGT-7).
    public var pendingRefreshLimit: Int
    /// Pending `BGProcessingTaskRequest`s allowed (BGT-7).
    public var pendingProcessingLimit: Int
    /// Battery level (0–1) below which only essential work is scheduled (BGT-11).
    public var lowBatteryThreshold: Double
    /// Whether Low Power Mode switches Background App Refresh off (BGT-12).
    public var lowPowerModeDisablesBackgroundRefresh: Bool
    /// The scheduling factors in force, in BGT-11 order (BGT-11, CONF-8).
    public var schedulingFactors: [SchedulingFactor]
    /// Whether `BGContinuedProcessingTask` exists (BGT-13).
    public var continuedProcessingAvailable: Bool
    /// A continued-processing task without progress expires after this long (BGT-13).
    public var continuedProcessingNoProgressTimeout: TimeInterval
    /// Whether `BGTaskSchedulerPermittedIdentifiers` may hold wildcard identifiers (BGT-9, CONF-16).
    public var wildcardIdentifiers: Bool

    // MARK: Scheduled tasks: the scheduling model's parameters (BGT-3, BGT-5, BGT-11; cfg)

    /// Whether an app that lists `BGTaskSchedulerPermittedIdentifiers` gets no legacy fetch (13+).
    public var fetchDisabledByTaskIdentifiers: Bool
    /// App usage (BGT-11 factor 3): refreshes and fetches are launched within this time before an
    /// hour of day at which the user usually opens the app; a legacy fetch once per such window.
    public var usageLeadTime: TimeInterval
    /// App usage (BGT-11 factor 3): an app not opened for this long gets no refresh or fetch launches.
    public var refreshNeedsUseWithin: TimeInterval
    /// App usage (BGT-11 factor 3): an app whose last two uses are at most this far apart, and
    /// whose last use is no older, is in daily use and gets launches from the day's budget.
    public var dailyUseWithin: TimeInterval
    /// Processing tasks run "usually overnight" (BGT-5): the window's first hour of day (0–24).
    public var overnightStartHour: Double
    /// The overnight window's end, hour of day (0–24; may be below the start, the window then wraps midnight).
    public var overnightEndHour: Double
    /// The scheduler's jitter: a refresh or fetch starts up to this long after its chosen moment (seeded).
    public var refreshJitter: TimeInterval
    /// The jitter of a processing task's start (seeded).
    public var processingJitter: TimeInterval
    /// System budgets (BGT-11 factor 6): refresh and fetch launches an hour of daytime (outside the
    /// overnight window) for an app in daily use, beyond the favoured windows. Each run draws its
    /// rate log-uniformly from this range (stream 70); the gaps between launches are exponential
    /// (stream 71), never shorter than ``fetchMinimumInterval``.
    public var budgetLaunchRate: ClosedRange<Double>

    /// The reference's defaults for `version`, by family and then by exact version.
    ///
    /// - Parameter version: The simulated iOS release.
    /// - Returns: The scheduler rules the default profile uses on that release.
    public static func defaults(for version: IOSVersion) -> SchedulerRules {
        SchedulerRules(
            // BGT-1: fetch from 7.0 (deprecated in 13, still honoured); n/a on 6.
            fetchAvailable: version >= IOSVersion(7),
            // BGT-2: 30 s (documented); 26+ as 13–18 (assumption).
            fetchTime: 30,
            // BGT-3: ≥15 min (observed / DTS).
            fetchMinimumInterval: 900,
            // BGT-4..9: BGTaskScheduler from 13.0 (documented); n/a before.
            taskSchedulerAvailable: version >= IOSVersion(13),
            // BGT-4: ≤30 s (documented).
            appRefreshTime: 30,
            // BGT-4 / CONF-10 default: no early expiry; var. 2–5 s.
            appRefreshEarlyExpiry: nil,
            // BGT-5: "minutes", no figure; cfg, assumption: 300 s.
            processingTime: 300,
            // BGT-15, CONF-19 default: blocked up to 18.2, allowed from 18.3 (inference from the
            // versions seen, 18.3–18.5; 26+ as 18.3+, assumption); var. always blocked (TERM-1).
            processingRunsAfterForceQuit: version >= IOSVersion(18, 3),
            // BGT-15: "shorter run time", no figure; cfg, assumption (conservative): 60 s.
            processingTimeAfterForceQuit: 60,
            // BGT-15: "more restricted networking", no detail; cfg, assumption (conservative): no cellular.
            processingAfterForceQuitUsesCellular: false,
            // BGT-14: the system terminates a running processing task when the user starts using the device (documented).
            processingEndsWhenUserStarts: true,
            // BGT-5 documents the CPU monitor off for the task, but two fatal reports show it on:
            // "exceeding limit of 80% cpu over 60 seconds" in a processing task on 14.3, and 26 such
            // kills over five nights on an iPhone 16 (BGT-6; corpus: term-ios14-processing-cpu-kill-50s,
            // term-ios26-processing-cpu-kill-52s). On by default; var. off as documented (CONF-6).
            processingCPUMonitor: true,
            // BGT-5: run within 2 days (documented).
            processingRunsWithin: 2 * 86_400,
            // BGT-5: only if used in the previous 7 days (documented).
            processingNeedsUseWithin: 7 * 86_400,
            // BGT-5 documents requiresExternalPower (default NO), but two independent reports saw
            // processing tasks without it run only on the charger (observed:
            // bgt-processing-never-off-power, 13.3; bgt-processing-one-off-only-while-charging, 15.6;
            // bgt-refresh-first-on-third-day's setup, 18); every family with BGTaskScheduler.
            processingNeedsCharger: true,
            // BGT-7: 1 refresh (documented).
            pendingRefreshLimit: 1,
            // BGT-7: 10 processing (documented).
            pendingProcessingLimit: 10,
            // BGT-11: under 20 % (documented via notes); 7–12 n/c → 13–18, assumption.
            lowBatteryThreshold: 0.20,
            // BGT-12: Low Power Mode (9.0+) switches BAR off (documented).
            lowPowerModeDisablesBackgroundRefresh: version >= IOSVersion(9),
            // BGT-11, CONF-8: all seven factors (13+ documented via notes; 7–12 n/c → 13–18, assumption).
            schedulingFactors: SchedulingFactor.allCases,
            // BGT-13: `BGContinuedProcessingTask` on the 26+ family (documented).
            continuedProcessingAvailable: version.family == .iOS26,
            // BGT-13: ≈30 s without progress (observed).
            continuedProcessingNoProgressTimeout: 30,
            // BGT-9 / CONF-16 default: wildcards not supported.
            wildcardIdentifiers: false,
            // transistorsoft/react-native-background-fetch#230 (observed): with permitted identifiers
            // in Info.plist, `performFetchWithCompletionHandler` is no longer called; from 13.
            fetchDisabledByTaskIdentifiers: version >= IOSVersion(13),
            // BGT-11 (3): "apps most used at this time of day are favoured"; cfg, assumption: 30 min ahead.
            // One legacy fetch per window: bgt-fetch-once-daily-at-install-hour (12.4) saw one a day
            // at the install hour; refresh tasks may come 15 min apart in it
            // (bgt-refresh-15min-to-hourly-first-day, 16).
            usageLeadTime: 1800,
            // BGT-11 (3): 13+: refresh launches stopped after about a day without use (observed:
            // bgt-refresh-stops-after-a-day, 16; the vendor's "if the app is not opened daily,
            // events stop", bgt-refresh-takes-days-to-start). 7–12: legacy fetch went on daily for
            // 4 days without use (bgt-fetch-once-daily-at-install-hour, 12.4); beyond 4 days no
            // figure, cfg, assumption: the 7 days of BGT-5.
            refreshNeedsUseWithin: version >= IOSVersion(13) ? 86_400 : 7 * 86_400,
            // BGT-11 (3): "if the app is not opened daily, events stop" (bgt-refresh-takes-days-to-start);
            // cfg, assumption: 1.5 days, so that opens at a varying hour each day count as daily.
            dailyUseWithin: 1.5 * 86_400,
            // BGT-5: "usually overnight"; cfg, assumption: 00:00–06:00.
            overnightStartHour: 0,
            overnightEndHour: 6,
            // No source; cfg, assumption: 10 min for refreshes, 30 min for processing tasks.
            refreshJitter: 600,
            processingJitter: 1800,
            // BGT-11 (6): budgets "spread over the day", no figure; the field's rates for apps in
            // daily use span none in about 7 daytime hours (bgt-refresh-none-overnight, 18.3: under
            // 0.1 an hour is the low end) to launches at the 15-min minimum (bgt-fetch-every-15-min-ios11,
            // 11: 4 an hour), with 4 in 7 h (bgt-refresh-four-in-an-afternoon, 26) and 9–10 a day
            // (bgt-fetch-12h-interval-ten-a-day, 9.3) between: drawn per run over 0.1–4 an hour,
            // log-uniform (assumption: the shape). It replaces the former cfg budget of 12 a day,
            // which the 15-min cadence contradicts.
            budgetLaunchRate: 0.1...4
        )
    }
}
