import Foundation

/// Seed 004's chain: when a background task is about to expire, begin another one from its
/// expiration handler and end the old one, hoping for a fresh budget each time.
///
/// Modelled honestly as the anti-pattern it is. The budget belongs to the app and is shared by all
/// of its open tasks (TASK-7): a task begun as time runs out gets the same, nearly spent allowance,
/// so the chain buys nothing. The new task is still open when the time is up, which gets the app
/// killed (TASK-13, `0x8badf00d` before iOS 13, `0x2182bad2` from 13) instead of merely suspended;
/// and a killed app is not relaunched for anything but the events its monitoring still catches.
/// The seed's author saw it "only last 10 minutes" on an iOS with a 600 s budget (TASK-2, CONF-1a).
/// No background mode; App Review does not see it, the battery and the crash logs do.
///
/// Option (scenario files: `{"strategy": "TaskChaining", "options": {"chainsOnExpiry": false}}`):
/// - `chainsOnExpiry` (default `true`): begin the next task from the expiration handler. With
///   `false` the strategy only begins one task on entering the background and ends it on expiry,
///   a baseline to compare the chain with; it then carries no App Review finding.
///
/// What it loses under When-In-Use or with Precise Location off: nothing of its own, as it uses
/// no location service (``Requirements/locationCapabilities`` is empty); the app's features may.
public struct TaskChaining: Strategy {
    /// Configuration.
    public struct Options: Sendable, Hashable, Codable {
        /// Begin the next task from the expiration handler (the chain). With false it is plain
        /// ``TaskExtension`` without the region trigger, for comparison.
        public var chainsOnExpiry: Bool

        /// Creates options.
        public init(chainsOnExpiry: Bool = true) {
            self.chainsOnExpiry = chainsOnExpiry
        }
    }

    /// The configuration.
    public var options: Options
    /// Tasks this strategy holds open, oldest first.
    public private(set) var openTasks: [BackgroundTaskID] = []
    private var serial = 0

    /// Creates the strategy.
    public init(options: Options = Options()) {
        self.options = options
    }

    public var name: String { "TaskChaining" }
    /// Without the chain there is nothing for App Review to find: it is a plain background task.
    public var requirements: Requirements {
        guard options.chainsOnExpiry else { return Requirements() }
        return Requirements(reviewFindings: [
            ReviewFinding(
                subject: "task chaining", level: .medium, guideline: "2.5.4, 2.4.2",
                rules: ["TASK-7", "TASK-13", "REVIEW-1", "REVIEW-5"],
                note:
                    "chained background tasks are a grey area; they keep nothing alive and end in crash reports the reviewer can see"
            )
        ])
    }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .didEnterBackground where openTasks.isEmpty:
            return [begin()]
        case .backgroundTaskExpiring(let id) where openTasks.contains(id):
            // The chain: the next task first, so that the app is never without one, then the old.
            let next: [Command] = options.chainsOnExpiry ? [begin()] : []
            openTasks.removeAll { $0 == id }
            return next + [.endBackgroundTask(id)]
        case .backgroundTaskDenied(let id):
            openTasks.removeAll { $0 == id }
            return []
        default:
            return []
        }
    }

    private mutating func begin() -> Command {
        serial += 1
        let id = BackgroundTaskID(owner: name, serial: serial)
        openTasks.append(id)
        return .beginBackgroundTask(id)
    }
}
