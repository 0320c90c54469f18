import Foundation

/// The bookkeeping of a strategy that keeps at most one background task open at a time: the seed
/// 000 guard ("never restart a running task"), successive task IDs, and forgetting the task once it
/// is ended or denied.
///
/// ```swift
/// var slot = BackgroundTaskSlot(owner: "MyStrategy")
/// slot.begin()        // [.beginBackgroundTask(MyStrategy#1)]
/// slot.begin()        // [] — one is already open
/// slot.end(slot.openTask!)  // [.endBackgroundTask(MyStrategy#1)]
/// ```
public struct BackgroundTaskSlot: Sendable, Hashable {
    /// The owner written into task IDs, usually the strategy's name.
    public let owner: String
    /// The open task, if any.
    public private(set) var openTask: BackgroundTaskID?
    private var serial = 0

    /// Creates an empty slot.
    public init(owner: String) {
        self.owner = owner
    }

    /// Whether `id` is the open task.
    public func holds(_ id: BackgroundTaskID) -> Bool { openTask == id }

    /// Begins a task unless one is already open.
    public mutating func begin() -> [Command] {
        guard openTask == nil else { return [] }
        serial += 1
        let id = BackgroundTaskID(owner: owner, serial: serial)
        openTask = id
        return [.beginBackgroundTask(id)]
    }

    /// Ends `id` if it is the open task.
    public mutating func end(_ id: BackgroundTaskID) -> [Command] {
        guard holds(id) else { return [] }
        openTask = nil
        return [.endBackgroundTask(id)]
    }

    /// Ends the open task, if any.
    public mutating func endOpen() -> [Command] {
        openTask.map { end($0) } ?? []
    }

    /// Ends the open task, if any, and begins a new one: what timer-driven strategies do.
    public mutating func restart() -> [Command] {
        endOpen() + begin()
    }

    /// The slot's part of the system's task events: ends its task when the expiration handler runs
    /// (TASK-12), forgets it when the system refused it (TASK-16). Nil for any other event, or for an
    /// event about someone else's task, so a strategy can try the slot first and then its own cases.
    public mutating func answer(_ event: Event) -> [Command]? {
        switch event {
        case .backgroundTaskExpiring(let id) where holds(id):
            return end(id)
        case .backgroundTaskDenied(let id) where holds(id):
            forget(id)
            return []
        default:
            return nil
        }
    }

    /// Forgets `id` without ending it: the system refused it (TASK-16).
    public mutating func forget(_ id: BackgroundTaskID) {
        if holds(id) { openTask = nil }
    }
}
