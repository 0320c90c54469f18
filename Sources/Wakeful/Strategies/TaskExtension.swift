import Foundation

/// Seed 000's technique: begin a background task when the app enters the background and on every
/// region transition, never while one is already running, and end it in the expiration handler.
///
/// What it buys depends on the iOS family: the task budget is 600 s on iOS 6 (TASK-2), 180 s on
/// iOS 7–12 (TASK-3) and about 30 s from iOS 13 (TASK-6). The budget is per app (TASK-7), but each
/// system wake (a region or beacon event) grants a fresh one (TASK-9, TASK-10), which is why the
/// seed begins a task on every region transition. It needs no background mode and carries little
/// App Review risk.
///
/// Unlike the seed, it asks the system whether the app is in the background instead of keeping its
/// own flag, so it also extends after a relaunch into the background, where the seed's flag is unset.
///
/// With ``Options/endsTaskOnExpiry`` false it reproduces the seed's `self_terminate = NO`
/// experiment: the task is left open and iOS kills the app when the budget runs out (TASK-13).
///
/// What it loses under When-In-Use or with Precise Location off: nothing of its own; the beacon
/// feature it extends loses its region events and ranging (BEACON-1, AUTH-6).
public struct TaskExtension: Strategy {
    /// Configuration.
    public struct Options: Sendable, Hashable, Codable {
        /// End the task in its expiration handler (the seed's `self_terminate`). Default true.
        public var endsTaskOnExpiry: Bool
        /// Begin a task on region and beacon-region transitions too, not only on entering the background. Default true.
        public var extendsOnRegionEvents: Bool

        /// Creates options.
        public init(endsTaskOnExpiry: Bool = true, extendsOnRegionEvents: Bool = true) {
            self.endsTaskOnExpiry = endsTaskOnExpiry
            self.extendsOnRegionEvents = extendsOnRegionEvents
        }
    }

    /// The configuration.
    public var options: Options
    private var task = BackgroundTaskSlot(owner: "TaskExtension")

    /// The open task, if any.
    public var openTask: BackgroundTaskID? { task.openTask }

    /// Creates the strategy.
    public init(options: Options = Options()) {
        self.options = options
    }

    public var name: String { "TaskExtension" }
    public var requirements: Requirements { Requirements() }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .didEnterBackground:
            return task.begin()
        case .regionEntered, .regionExited, .regionStateDetermined:
            guard options.extendsOnRegionEvents, context.isInBackground else { return [] }
            return task.begin()
        case .backgroundTaskExpiring(let id):
            return options.endsTaskOnExpiry ? task.end(id) : []
        case .backgroundTaskDenied(let id):
            task.forget(id)
            return []
        default:
            return []
        }
    }
}
