import Foundation
import Wakeful

/// The task scheduler, which belongs to the system and outlives the app's process: pending
/// `BGTaskScheduler` requests, the legacy fetch interval, what the system learnt of the app's
/// usage, the draws behind rate limiting and the day's budget (BGT-1 to BGT-13), and the rules
/// that change them. Its functions read the device through ``SchedulerConditions`` and return
/// ``DeviceEffect``s; launching a task, which wakes the app, is the device's.
///
/// Running tasks die with the process and live in ``AppProcess/scheduledTasks``.
struct TaskScheduler {
    /// Requests submitted and not yet launched (BGT-7), in submission order.
    var pending: [PendingTaskRequest] = []
    /// Continued-processing requests waiting for the one that runs (BGT-13, `.queue`).
    var queuedContinued: [TaskRequest] = []
    /// `setMinimumBackgroundFetchInterval`, at least the 15 min of BGT-3; nil is "never" (BGT-1).
    var fetchInterval: TimeInterval?
    /// The last fetch, or when the interval was first set: the next fetch counts from here.
    var fetchBase: TimeInterval = 0
    /// The generation of the fetch's planned launch; stale agenda entries carry older ones.
    var fetchGeneration = 0
    /// The fetch's jitter, as a fraction of ``SchedulerRules/refreshJitter``, drawn once per cycle.
    var fetchJitter = 0.0
    /// The fetch's budget gap, an exponential draw of mean 1, drawn once per cycle (stream 71).
    var fetchGap = 1.0
    /// What the last decision about the fetch said, so that an unchanged plan is not repeated.
    var fetchSummary = ""
    /// The last refresh or fetch launch, for rate limiting (BGT-3) and the day's budget (factor 6).
    var lastRefreshLaunch = -TimeInterval.infinity
    /// Every launch of the run, counted, and the latest: the run's summary.
    var launches = LaunchCount()
    /// Hands out generations for planned launches and running tasks.
    var generation = 0
    /// When the user last had the app on screen; nil for never (BGT-5, BGT-11 factor 3).
    var lastUse: TimeInterval?
    /// The time between the use before the latest session and that session's start; nil while the
    /// app was used once or never. Daily use (factor 3) reads it.
    var useGap: TimeInterval?
    /// Whether the app is on screen in a session the user started.
    var inSession = false
    /// Hours of day at which the user usually opens the app: the history plus the scenario's opens.
    var typicalHours: [Double]
    /// `BGTaskSchedulerPermittedIdentifiers` (BGT-9).
    let permitted: [String]
    /// Stream 20: the scheduler's jitter and CONF-10's early expiry.
    var random: SeededGenerator
    /// Stream 71: the budget gaps between refresh or fetch launches (BGT-11 factor 6).
    var gapRandom: SeededGenerator
    /// This run's draw of the budget rate, a fraction of its log range (stream 70, BGT-11 factor 6).
    let budgetDraw: Double

    /// - Parameters:
    ///   - random: Stream 20.
    ///   - budgetRandom: Stream 70, one draw per run: the budget rate.
    ///   - gapRandom: Stream 71: the budget gaps.
    init(
        scenario: Scenario, strategies: [any Strategy], random: SeededGenerator, budgetRandom: SeededGenerator,
        gapRandom: SeededGenerator
    ) {
        permitted =
            scenario.app.permittedTaskIdentifiers
            ?? Requirements.combined(strategies.map(\.requirements)).taskIdentifiers
        lastUse = scenario.app.usage.usedDaysAgo.map { -$0 * 86_400 }
        typicalHours = scenario.app.usage.typicalOpenHours
        self.random = random
        var budgetRandom = budgetRandom
        budgetDraw = budgetRandom.nextDouble()
        self.gapRandom = gapRandom
    }

    mutating func nextGeneration() -> Int {
        generation += 1
        return generation
    }

    /// Seconds since the app was last used, at `time`; infinite for never.
    func sinceUse(at time: TimeInterval) -> TimeInterval {
        if inSession { return 0 }
        guard let lastUse else { return .infinity }
        return max(0, time - lastUse)
    }
}

/// How many fetches and tasks the scheduler launched, and the latest.
struct LaunchCount {
    private(set) var count = 0
    private(set) var last: (identifier: String, at: TimeInterval)?

    mutating func note(_ identifier: String, at time: TimeInterval) {
        count += 1
        last = (identifier, time)
    }
}

/// A submitted request waiting for its launch.
struct PendingTaskRequest {
    var request: TaskRequest
    var submittedAt: TimeInterval
    /// Jitter as a fraction of the kind's jitter, drawn at submission so that re-planning keeps it.
    var jitter: Double
    /// The budget gap, an exponential draw of mean 1 (stream 71), drawn at submission likewise.
    var gap = 1.0
    /// The generation of its planned launch; 0 when none is planned.
    var generation = 0
    /// What the last decision about it said, so that an unchanged plan is not repeated.
    var summary = ""
}

/// A launched fetch or BGTask, until it completes or its time is up.
struct RunningScheduledTask {
    var identifier: String
    var kind: ScheduledTaskKind
    var launchedAt: TimeInterval
    /// Identifies this run's expiry entries; progress (BGT-13) replaces it.
    var generation: Int
    /// When the time is up; the expiration handler runs just before (none for a fetch).
    var deadline: TimeInterval
    /// Whether the app's in-process requests may use cellular data while it runs (BGT-15).
    var cellularAllowed = true
}
