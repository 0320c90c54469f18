import Foundation

/// The debug launch of a pending scheduled task: what Xcode's
/// `e -l objc -- (void)[[BGTaskScheduler sharedScheduler] _simulateLaunchForTaskWithIdentifier:@"ID"]`
/// does, asked from the app itself (BGT-10), and when it must be refused.
///
/// iOS launches only a request that is pending: "No task request with identifier … has been
/// scheduled" otherwise, and asking again for the same one fails (BGT-17). The selector is private:
/// an app that ships it is rejected (REVIEW-5), so the adapter that calls it exists in DEBUG builds
/// only. The decision
/// lives here, where Linux tests it; `WakefulApp.simulateTaskLaunch(_:)` (DEBUG builds only) and
/// `SimulatedDevice.simulateTaskLaunch(_:)` carry it out, and both note it in the timeline, so the
/// launch that follows reads as ``TaskLaunchReason/simulated`` in the ``TaskHistory``.
///
/// ```swift
/// switch DebugTaskLaunch.check("com.example.refresh", pending: pending) {
/// case .launch: …              // call the selector
/// case .refused(let why): print(why.message)
/// }
/// ```
public enum DebugTaskLaunch: Sendable, Hashable {
    /// Launch the pending request now.
    case launch
    /// Do nothing, for this reason.
    case refused(Refusal)

    /// Why a debug launch is refused.
    public enum Refusal: Sendable, Hashable {
        /// No request of the identifier is pending (BGT-17); the identifiers that are.
        case notPending(identifier: String, pending: [String])
        /// This iOS's `BGTaskScheduler` does not answer the private selector (BGT-10).
        case unavailable
        /// The app has no process that could call it (the simulator's app not running or suspended).
        case appNotRunning

        /// The sentence a developer reads, in iOS's words where iOS has some.
        public var message: String {
            switch self {
            case .notPending(let identifier, let pending):
                "No task request with identifier \(identifier) has been scheduled (BGT-17); pending: "
                    + (pending.isEmpty ? "none" : pending.joined(separator: ", "))
            case .unavailable:
                "this iOS's BGTaskScheduler has no _simulateLaunchForTaskWithIdentifier: (BGT-10): launch from Xcode's debugger"
            case .appNotRunning:
                "the app is not running, so nothing can ask for the debug launch (BGT-10)"
            }
        }

        /// A word for the timeline: `notPending`, `unavailable`, `appNotRunning`.
        public var name: String {
            switch self {
            case .notPending: "notPending"
            case .unavailable: "unavailable"
            case .appNotRunning: "appNotRunning"
            }
        }
    }

    /// The timeline decision written just before a debug launch is asked for.
    public static let decisionName = "taskLaunchSimulated"
    /// The timeline decision written when one is refused.
    public static let refusalName = "taskLaunchNotSimulated"
    /// The rules every debug launch names.
    public static let rules = ["BGT-10", "BGT-17"]

    /// Whether `identifier` may be launched now, given the requests iOS lists as pending.
    public static func check(_ identifier: String, pending: [TaskRequest]) -> DebugTaskLaunch {
        guard pending.contains(where: { $0.identifier == identifier }) else {
            return .refused(.notPending(identifier: identifier, pending: pending.map(\.identifier)))
        }
        return .launch
    }

    /// The timeline entry that records this decision for `identifier` at `time`.
    public func entry(for identifier: String, at time: TimeInterval) -> TimelineEntry {
        switch self {
        case .launch:
            TimelineEntry(
                time: time,
                body: .decision(
                    SystemDecision(
                        name: Self.decisionName, rules: Self.rules,
                        fields: [Field("identifier", .string(identifier))])))
        case .refused(let refusal):
            TimelineEntry(
                time: time,
                body: .decision(
                    SystemDecision(
                        name: Self.refusalName, rules: Self.rules,
                        fields: [Field("identifier", .string(identifier)), Field("why", .string(refusal.name))])))
        }
    }
}
