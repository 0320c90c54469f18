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
/// than 60 s is killed when the CPU monitor stays on (CONF-6, BGT-6). iOS 26 adds nothing for it.
///
/// Cost: one short wake per refresh and a few minutes of CPU while charging; low App Review risk
/// (the `fetch` and `processing` modes are meant for exactly this; REVIEW-1).
///
/// Records: `refresh` (with `via`: `appRefresh` or `backgroundFetch`), `sync`, `submitFailed`
/// (with `identifier` and `error`) and `taskExpired` (with `identifier`).
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

        /// Creates options.
        public init(
            refreshIdentifier: String = "com.wakeful.refresh", refreshInterval: TimeInterval = 3600,
            refreshWorkSeconds: TimeInterval = 5, schedulesProcessing: Bool = true,
            processingIdentifier: String = "com.wakeful.sync", processingDelay: TimeInterval = 0,
            processingRequiresExternalPower: Bool = true, processingRequiresNetwork: Bool = true,
            processingWorkSeconds: TimeInterval = 120, fetchInterval: TimeInterval = 3600,
            usesTaskScheduler: Bool = true
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
        }
    }

    /// The timer that stands for the refresh's (or the fetch's) work.
    public static let refreshWork: TimerID = "ScheduledRefresh.refreshWork"
    /// The timer that stands for the sync's work.
    public static let syncWork: TimerID = "ScheduledRefresh.syncWork"
    /// The identifier of a legacy fetch launch.
    public static let fetchIdentifier = "fetch"

    /// The configuration.
    public var options: Options
    /// The launch the refresh timer belongs to: a refresh task's identifier or ``fetchIdentifier``.
    private var refreshing: String?
    private var syncing = false

    /// Creates the strategy.
    public init(options: Options = Options()) {
        self.options = options
    }

    public var name: String { "ScheduledRefresh" }

    public var requirements: Requirements {
        guard options.usesTaskScheduler else { return Requirements(backgroundModes: [.fetch], taskIdentifiers: []) }
        let modes: [BackgroundMode] = options.schedulesProcessing ? [.fetch, .processing] : [.fetch]
        let identifiers =
            [options.refreshIdentifier] + (options.schedulesProcessing ? [options.processingIdentifier] : [])
        return Requirements(backgroundModes: modes, taskIdentifiers: identifiers)
    }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .didFinishLaunching:
            // BGT-1: no fetch until an interval is set; iOS 13+ ignores it for apps with BGTask identifiers.
            return [.setMinimumBackgroundFetchInterval(options.fetchInterval)]
        case .didEnterBackground:
            return submitRefresh(context) + submitProcessing(context)
        case .scheduledTaskLaunched(let launch):
            return launched(launch, context)
        case .timerFired(Self.refreshWork):
            return finishRefresh(context)
        case .timerFired(Self.syncWork):
            return finishSync()
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

    /// The expiration handler: stop the work, complete unsuccessfully, and ask again for a refresh.
    private mutating func expiring(_ identifier: String, _ context: Context) -> [Command] {
        let expired = Command.record(Record(kind: "taskExpired", fields: [Field("identifier", .string(identifier))]))
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
            OptionRange.nonNegative("fetchInterval", fetchInterval, unit: "seconds"),
            OptionRange.nonNegative("processingDelay", processingDelay, unit: "seconds"),
            OptionRange.nonNegative("processingWorkSeconds", processingWorkSeconds, unit: "seconds"),
            OptionRange.nonNegative("refreshInterval", refreshInterval, unit: "seconds"),
            OptionRange.nonNegative("refreshWorkSeconds", refreshWorkSeconds, unit: "seconds"),
        ].compactMap { $0 }
    }
}
