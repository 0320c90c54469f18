import Foundation

/// Seed 003's iOS 13 technique: a `BGAppRefreshTaskRequest` with an `earliestBeginDate`, and a
/// `BGProcessingTaskRequest` that needs external power, both submitted when the app goes to the
/// background; on iOS 7–12 the legacy background fetch instead.
///
/// On each launch it does the work, records it (`refresh` after the refresh's work, `sync` after
/// the processing task's), completes the task and submits the refresh again. It asks for both
/// mechanisms on every version and lets the system refuse what the version lacks: on iOS 7–12
/// `BGTaskScheduler` does not exist and only the fetch interval counts (BGT-1 to BGT-3); from 13
/// an app that lists `BGTaskSchedulerPermittedIdentifiers` gets no legacy fetch, so only the
/// requests count (BGT-4 to BGT-9); iOS 6 has neither. With `usesTaskScheduler` off it submits no
/// requests and lists no identifiers, so the legacy fetch runs on 13 and later too.
///
/// What decides its fate, on every family that has the API: `earliestBeginDate` is only a lower
/// bound (BGT-8); the system launches refreshes near the hours the user usually opens the app and,
/// for an app in daily use, at other moments of the day within a budget, never at night, at most
/// every 15 min (BGT-3, BGT-11), and processing tasks overnight on the charger, only if the app was
/// used in the last 7 days (BGT-5). Low Power Mode, Background App Refresh off, a
/// battery under 20 % and a force-quit stop it (BGT-9, BGT-11, BGT-12, TERM-1). A refresh has
/// 30 s (BGT-4; 2–5 s under CONF-10), a processing task minutes (BGT-5); a processing sync longer
/// than 60 s is killed when the CPU monitor stays on (CONF-6, BGT-6).
///
/// On iOS 26 it can also carry on work the user started: with ``Options/continuedWorkSeconds``
/// above 0 it submits a `BGContinuedProcessingTaskRequest` each time the app becomes active (the
/// user's tap on "Export" or "Upload"; the system wants it submitted from the foreground after a
/// user action, BGT-13, and starts none once the app is in the background, BGT-16). The task starts
/// at once, or waits behind a running one with ``Options/continuedSubmission`` `.queue` (the
/// default) and fails with `.fail`; swiping the app away cancels a queued one. While it runs the
/// strategy reports progress every ``Options/continuedProgressInterval`` seconds; the work is an
/// upload, so with ``Options/continuedProgressNeedsNetwork`` no progress is made without a network.
/// Without progress the system expires the task after about 30 s (BGT-13; F808756 saw it ≈30 s
/// after airplane mode went on). Before iOS 26 the request does not exist.
///
/// Cost: one short wake per refresh and a few minutes of CPU while charging; low App Review risk
/// (the `fetch` and `processing` modes are meant for exactly this; REVIEW-1).
///
/// Records: `refresh` (with `via`: `appRefresh` or `backgroundFetch`), `sync`, `continued` (the
/// continued-processing work done), `submitFailed` (with `identifier` and `error`) and
/// `taskExpired` (with `identifier`).
///
/// What it loses under When-In-Use or with Precise Location off: nothing of its own, as it uses
/// no location service (``Requirements/locationCapabilities`` is empty); the app's features may.
public struct ScheduledRefresh: Strategy {
    /// Configuration; defaults follow the seed (a refresh an hour later, a processing task on power).
    public struct Options: Sendable, Hashable, Codable {
        /// The refresh request's identifier.
        public var refreshIdentifier: String
        /// Seconds from submission to the refresh's `earliestBeginDate` (the seed: 3600).
        public var refreshInterval: TimeInterval
        /// Seconds of work one refresh needs before it completes.
        public var refreshWorkSeconds: TimeInterval
        /// Whether to submit a processing request too.
        public var schedulesProcessing: Bool
        /// The processing request's identifier.
        public var processingIdentifier: String
        /// Seconds from submission to the processing request's `earliestBeginDate`; 0 for none.
        public var processingDelay: TimeInterval
        /// `requiresExternalPower` of the processing request (the seed: true).
        public var processingRequiresExternalPower: Bool
        /// `requiresNetworkConnectivity` of the processing request (the seed: true).
        public var processingRequiresNetwork: Bool
        /// Seconds of work the sync needs before it completes.
        public var processingWorkSeconds: TimeInterval
        /// The legacy fetch interval set at launch (iOS 7–12); 0 for `backgroundFetchIntervalMinimum`.
        public var fetchInterval: TimeInterval
        /// Whether to use `BGTaskScheduler` (and list its identifiers) at all. `false` keeps to the
        /// legacy background fetch on every version, as the many apps that never adopted
        /// `BGTaskScheduler` do: deprecated in iOS 13 but still honoured for an app that lists no
        /// task identifiers (BGT-1, BGT-9).
        public var usesTaskScheduler: Bool
        /// The continued-processing request's identifier (iOS 26, BGT-13).
        public var continuedIdentifier: String
        /// Seconds of work the continued-processing task needs; 0 (the default) submits none.
        public var continuedWorkSeconds: TimeInterval
        /// Seconds between progress reports while the task runs; 0 reports none, so the task
        /// expires after about 30 s (BGT-13).
        public var continuedProgressInterval: TimeInterval
        /// Whether progress needs the network, as an upload's does (F808756); default true.
        public var continuedProgressNeedsNetwork: Bool
        /// What `submit` does while another continued-processing task runs: `.queue` (the
        /// system's default) or `.fail` (BGT-13).
        public var continuedSubmission: TaskRequest.SubmissionStrategy

        /// Creates options.
        public init(
            refreshIdentifier: String = "com.wakeful.refresh", refreshInterval: TimeInterval = 3600,
            refreshWorkSeconds: TimeInterval = 5, schedulesProcessing: Bool = true,
            processingIdentifier: String = "com.wakeful.sync", processingDelay: TimeInterval = 0,
            processingRequiresExternalPower: Bool = true, processingRequiresNetwork: Bool = true,
            processingWorkSeconds: TimeInterval = 120, fetchInterval: TimeInterval = 3600,
            usesTaskScheduler: Bool = true, continuedIdentifier: String = "com.wakeful.export",
            continuedWorkSeconds: TimeInterval = 0, continuedProgressInterval: TimeInterval = 10,
            continuedProgressNeedsNetwork: Bool = true, continuedSubmission: TaskRequest.SubmissionStrategy = .queue
        ) {
            self.refreshIdentifier = refreshIdentifier
            self.refreshInterval = refreshInterval
            self.refreshWorkSeconds = refreshWorkSeconds
            self.schedulesProcessing = schedulesProcessing
            self.processingIdentifier = processingIdentifier
            self.processingDelay = processingDelay
            self.processingRequiresExternalPower = processingRequiresExternalPower
            self.processingRequiresNetwork = processingRequiresNetwork
            self.processingWorkSeconds = processingWorkSeconds
            self.fetchInterval = fetchInterval
            self.usesTaskScheduler = usesTaskScheduler
            self.continuedIdentifier = continuedIdentifier
            self.continuedWorkSeconds = continuedWorkSeconds
            self.continuedProgressInterval = continuedProgressInterval
            self.continuedProgressNeedsNetwork = continuedProgressNeedsNetwork
            self.continuedSubmission = continuedSubmission
        }
    }

    /// The timer that stands for the refresh's (or the fetch's) work.
    public static let refreshWork: TimerID = "ScheduledRefresh.refreshWork"
    /// The timer that stands for the sync's work.
    public static let syncWork: TimerID = "ScheduledRefresh.syncWork"
    /// The timer that stands for the continued-processing task's work.
    public static let continuedWork: TimerID = "ScheduledRefresh.continuedWork"
    /// The timer of the continued-processing task's progress reports.
    public static let continuedProgress: TimerID = "ScheduledRefresh.continuedProgress"
    /// The identifier of a legacy fetch launch.
    public static let fetchIdentifier = "fetch"

    /// The configuration.
    public var options: Options
    /// The launch the refresh timer belongs to: a refresh task's identifier or ``fetchIdentifier``.
    private var refreshing: String?
    private var syncing = false
    /// Seconds of continued-processing work done, and when the count was last brought up to date;
    /// nil while no such task runs.
    private var continued: (done: TimeInterval, at: TimeInterval)?

    /// Creates the strategy.
    public init(options: Options = Options()) {
        self.options = options
    }

    public var name: String { "ScheduledRefresh" }

    public var requirements: Requirements {
        // BGT-13: a continued-processing identifier is listed like the others but needs no mode.
        let continued = options.continuedWorkSeconds > 0 ? [options.continuedIdentifier] : []
        guard options.usesTaskScheduler else {
            return Requirements(backgroundModes: [.fetch], taskIdentifiers: continued)
        }
        let modes: [BackgroundMode] = options.schedulesProcessing ? [.fetch, .processing] : [.fetch]
        let identifiers =
            [options.refreshIdentifier] + (options.schedulesProcessing ? [options.processingIdentifier] : [])
        return Requirements(backgroundModes: modes, taskIdentifiers: identifiers + continued)
    }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .didFinishLaunching:
            // BGT-1: no fetch until an interval is set; iOS 13+ ignores it for apps with BGTask identifiers.
            return [.setMinimumBackgroundFetchInterval(options.fetchInterval)]
        case .didEnterBackground:
            return submitRefresh(context) + submitProcessing(context)
        case .didBecomeActive:
            return submitContinued()
        case .scheduledTaskLaunched(let launch):
            return launched(launch, context)
        case .timerFired(Self.refreshWork):
            return finishRefresh(context)
        case .timerFired(Self.syncWork):
            return finishSync()
        case .timerFired(Self.continuedProgress):
            return continuedProgress(context)
        case .timerFired(Self.continuedWork):
            return finishContinued(context)
        case .scheduledTaskExpiring(let identifier):
            return expiring(identifier, context)
        case .scheduledTaskSubmitFailed(let identifier, let error):
            return [
                .record(
                    Record(
                        kind: "submitFailed",
                        fields: [Field("identifier", .string(identifier)), Field("error", .string(error.rawValue))]))
            ]
        default:
            return []
        }
    }

    private mutating func launched(_ launch: ScheduledTaskLaunch, _ context: Context) -> [Command] {
        switch launch.kind {
        case .appRefresh where launch.identifier == options.refreshIdentifier, .backgroundFetch:
            refreshing = launch.kind == .backgroundFetch ? Self.fetchIdentifier : launch.identifier
            guard options.refreshWorkSeconds > 0 else { return finishRefresh(context) }
            return [.setTimer(TimerRequest(id: Self.refreshWork, interval: options.refreshWorkSeconds))]
        case .processing where launch.identifier == options.processingIdentifier:
            syncing = true
            guard options.processingWorkSeconds > 0 else { return finishSync() }
            return [.setTimer(TimerRequest(id: Self.syncWork, interval: options.processingWorkSeconds))]
        case .continuedProcessing where launch.identifier == options.continuedIdentifier:
            continued = (done: 0, at: context.now)
            return [.setTimer(TimerRequest(id: Self.continuedWork, interval: options.continuedWorkSeconds))]
                + (options.continuedProgressInterval > 0
                    ? [
                        .setTimer(
                            TimerRequest(
                                id: Self.continuedProgress, interval: options.continuedProgressInterval, repeats: true))
                    ] : [])
        default:
            return []
        }
    }

    private mutating func finishRefresh(_ context: Context) -> [Command] {
        guard let identifier = refreshing else { return [] }
        refreshing = nil
        let via = identifier == Self.fetchIdentifier ? ScheduledTaskKind.backgroundFetch : .appRefresh
        let record = Command.record(Record(kind: "refresh", fields: [Field("via", .string(via.rawValue))]))
        if via == .backgroundFetch { return [record, .completeBackgroundFetch(result: .newData)] }
        return [record, .completeScheduledTask(identifier: identifier, success: true)] + submitRefresh(context)
    }

    private mutating func finishSync() -> [Command] {
        guard syncing else { return [] }
        syncing = false
        return [
            .record(Record(kind: "sync")),
            .completeScheduledTask(identifier: options.processingIdentifier, success: true),
        ]
    }

    /// A progress tick of the continued-processing task: the work advances while it can (with the
    /// network, for an upload) and the progress made so far is reported; without a network no
    /// progress is made and none reported (F808756's airplane mode).
    private mutating func continuedProgress(_ context: Context) -> [Command] {
        guard var state = continued else { return [] }
        let advancing = !options.continuedProgressNeedsNetwork || context.network.mayBeReachable
        if advancing { state.done += context.now - state.at }
        state.at = context.now
        continued = state
        guard advancing else { return [] }
        let fraction = min(1, state.done / options.continuedWorkSeconds)
        return [.reportTaskProgress(identifier: options.continuedIdentifier, fraction: fraction)]
    }

    private mutating func finishContinued(_ context: Context) -> [Command] {
        guard continued != nil else { return [] }
        continued = nil
        return [
            .record(Record(kind: "continued")), .cancelTimer(Self.continuedProgress),
            .completeScheduledTask(identifier: options.continuedIdentifier, success: true),
        ]
    }

    /// The expiration handler: stop the work, complete unsuccessfully, and ask again for a refresh.
    private mutating func expiring(_ identifier: String, _ context: Context) -> [Command] {
        let expired = Command.record(Record(kind: "taskExpired", fields: [Field("identifier", .string(identifier))]))
        if identifier == options.continuedIdentifier, continued != nil {
            // BGT-16: no retry from here; a new request needs the app in the foreground again.
            continued = nil
            return [
                expired, .cancelTimer(Self.continuedWork), .cancelTimer(Self.continuedProgress),
                .completeScheduledTask(identifier: identifier, success: false),
            ]
        }
        if identifier == refreshing {
            refreshing = nil
            return [
                expired, .cancelTimer(Self.refreshWork), .completeScheduledTask(identifier: identifier, success: false),
            ]
                + submitRefresh(context)
        }
        if identifier == options.processingIdentifier, syncing {
            syncing = false
            return [
                expired, .cancelTimer(Self.syncWork), .completeScheduledTask(identifier: identifier, success: false),
            ]
        }
        return []
    }

    private func submitRefresh(_ context: Context) -> [Command] {
        guard options.usesTaskScheduler else { return [] }
        return [
            .submitTaskRequest(
                TaskRequest(
                    identifier: options.refreshIdentifier, kind: .appRefresh,
                    earliestBeginDate: context.now + options.refreshInterval))
        ]
    }

    /// BGT-13: submitted from the foreground, when the user starts the work.
    private func submitContinued() -> [Command] {
        guard options.continuedWorkSeconds > 0, continued == nil else { return [] }
        return [
            .submitTaskRequest(
                TaskRequest(
                    identifier: options.continuedIdentifier, kind: .continuedProcessing,
                    submissionStrategy: options.continuedSubmission))
        ]
    }

    private func submitProcessing(_ context: Context) -> [Command] {
        guard options.usesTaskScheduler, options.schedulesProcessing else { return [] }
        return [
            .submitTaskRequest(
                TaskRequest(
                    identifier: options.processingIdentifier, kind: .processing,
                    earliestBeginDate: options.processingDelay > 0 ? context.now + options.processingDelay : nil,
                    requiresExternalPower: options.processingRequiresExternalPower,
                    requiresNetworkConnectivity: options.processingRequiresNetwork))
        ]
    }
}

extension ScheduledRefresh.Options: RangeCheckedOptions {
    public var rangeViolations: [OptionRangeViolation] {
        [
            OptionRange.nonNegative("continuedProgressInterval", continuedProgressInterval, unit: "seconds"),
            OptionRange.nonNegative("continuedWorkSeconds", continuedWorkSeconds, unit: "seconds"),
            OptionRange.nonNegative("fetchInterval", fetchInterval, unit: "seconds"),
            OptionRange.nonNegative("processingDelay", processingDelay, unit: "seconds"),
            OptionRange.nonNegative("processingWorkSeconds", processingWorkSeconds, unit: "seconds"),
            OptionRange.nonNegative("refreshInterval", refreshInterval, unit: "seconds"),
            OptionRange.nonNegative("refreshWorkSeconds", refreshWorkSeconds, unit: "seconds"),
        ].compactMap { $0 }
    }
}
