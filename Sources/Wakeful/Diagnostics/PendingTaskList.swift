import Foundation

/// What `BGTaskScheduler.getPendingTaskRequests` answered, as a timeline entry: a device notes it at
/// each launch, so an exported timeline says which requests iOS still held when each process
/// started, without the phone at hand.
///
/// A `taskRequestsPending` decision with the count and the requests in iOS's order; the simulator
/// writes none (its pending list is ``TaskSchedulerStatus``'s input and `SimulatedDevice`'s query),
/// so simulated timelines stay as they were.
///
/// ```swift
/// let entry = PendingTaskList.entry([refresh], at: now)
/// // {"t":…,"kind":"decision","decision":"taskRequestsPending","rules":[],"count":1,"pending":"com.example.refresh (appRefresh)"}
/// ```
public enum PendingTaskList {
    /// The decision's name.
    public static let decisionName = "taskRequestsPending"

    /// The entry for `pending`, in iOS's order, at `time`.
    public static func entry(_ pending: [TaskRequest], at time: TimeInterval) -> TimelineEntry {
        let listed = pending.map { "\($0.identifier) (\($0.kind.rawValue))" }
        return TimelineEntry(
            time: time,
            body: .decision(
                SystemDecision(
                    name: decisionName, rules: [],
                    fields: [
                        Field("count", .int(pending.count)),
                        Field("pending", .string(listed.isEmpty ? "none" : listed.joined(separator: ", "))),
                    ])))
    }
}
