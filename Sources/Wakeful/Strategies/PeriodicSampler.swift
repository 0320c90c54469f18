import Foundation

/// Seed 003's sensor monitor: a one-second countdown decides when to read the sensors and when to
/// send the readings, and a 30-second timer restarts a background task so the app stays awake.
///
/// The read and send periods need not be multiples of 30 s. What actually happens depends on the
/// family: the timers run only while the app executes, the task budget is per app (TASK-7), and
/// restarting tasks does not refresh it, so the sampler keeps time for 180 s on iOS 7–12 (TASK-3)
/// and about 30 s from iOS 13 (TASK-6), then the app is suspended and nothing is read until the
/// next wake. Other wake sources (a location keep-alive, region events, transfers) act as extra
/// triggers, as the seed notes. No background mode of its own; App Review risk is low.
///
/// Records: `read` at each reading and `send` at each send, each with `due` (when it was due) and
/// `late` (seconds late).
///
/// What it loses under When-In-Use or with Precise Location off: nothing of its own, as it uses
/// no location service (``Requirements/locationCapabilities`` is empty); the app's features may.
public struct PeriodicSampler: Strategy {
    /// Configuration; defaults are the seed's sensor monitor.
    public struct Options: Sendable, Hashable, Codable {
        /// Seconds between readings.
        public var readPeriod: TimeInterval
        /// Seconds between sends.
        public var sendPeriod: TimeInterval
        /// Seconds between task restarts.
        public var taskRestartInterval: TimeInterval

        /// Creates options.
        public init(
            readPeriod: TimeInterval = 45, sendPeriod: TimeInterval = 300, taskRestartInterval: TimeInterval = 30
        ) {
            self.readPeriod = readPeriod
            self.sendPeriod = sendPeriod
            self.taskRestartInterval = taskRestartInterval
        }
    }

    /// The one-second countdown timer.
    public static let countdown: TimerID = "PeriodicSampler.countdown"
    /// The task-restart timer.
    public static let restart: TimerID = "PeriodicSampler.restart"

    /// The configuration.
    public var options: Options
    private var task = BackgroundTaskSlot(owner: "PeriodicSampler")
    private var nextRead: TimeInterval?
    private var nextSend: TimeInterval?

    /// Creates the strategy.
    public init(options: Options = Options()) {
        self.options = options
    }

    public var name: String { "PeriodicSampler" }
    public var requirements: Requirements { Requirements() }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        if let answer = task.answer(event) { return answer }
        switch event {
        case .didFinishLaunching:
            nextRead = context.now
            nextSend = context.now + options.sendPeriod
            return [.setTimer(TimerRequest(id: Self.countdown, interval: 1, repeats: true))] + sample(context)
        case .didEnterBackground:
            return task.begin() + [
                .setTimer(TimerRequest(id: Self.restart, interval: options.taskRestartInterval, repeats: true))
            ]
        case .didBecomeActive:
            return [.cancelTimer(Self.restart)] + task.endOpen()
        case .timerFired(Self.countdown):
            return sample(context)
        case .timerFired(Self.restart) where context.isInBackground:
            return task.restart()
        default:
            return []
        }
    }

    /// Reads and sends whatever is due; after a suspension, one late reading replaces the missed ones.
    private mutating func sample(_ context: Context) -> [Command] {
        var commands: [Command] = []
        if let due = nextRead, context.now >= due {
            commands.append(Self.record("read", due: due, context))
            nextRead = Self.next(after: due, period: options.readPeriod, now: context.now)
        }
        if let due = nextSend, context.now >= due {
            commands.append(Self.record("send", due: due, context))
            nextSend = Self.next(after: due, period: options.sendPeriod, now: context.now)
        }
        return commands
    }

    private static func next(after due: TimeInterval, period: TimeInterval, now: TimeInterval) -> TimeInterval {
        due + period * max(1, ((now - due) / period).rounded(.down) + 1)
    }

    private static func record(_ kind: String, due: TimeInterval, _ context: Context) -> Command {
        .record(
            Record(
                kind: kind,
                fields: [
                    Field("due", .double(due)), Field("late", .double(context.now - due)),
                    Field("appState", .string(context.appState.rawValue)),
                ]))
    }
}

extension PeriodicSampler.Options: RangeCheckedOptions {
    public var rangeViolations: [OptionRangeViolation] {
        [
            OptionRange.positive("readPeriod", readPeriod, unit: "seconds"),
            OptionRange.positive("sendPeriod", sendPeriod, unit: "seconds"),
            OptionRange.positive("taskRestartInterval", taskRestartInterval, unit: "seconds"),
        ].compactMap { $0 }
    }
}
