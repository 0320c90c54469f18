import Foundation
import Wakeful

/// The task scheduler at the end of a run, as a phone's "did my task ever run?" screen shows it:
/// the requests `getPendingTaskRequests` lists (SIM-2), how many fetches and tasks launched, and how
/// long before the end the last one did.
public struct ScheduledTasksSummary: Sendable, Hashable, Codable {
    /// A request pending at the end.
    public struct Pending: Sendable, Hashable, Codable {
        /// The request's identifier.
        public var identifier: String
        /// Its kind: `appRefresh`, `processing` or `continuedProcessing`.
        public var kind: String
        /// When it was submitted (simulated seconds); nil for a continued-processing request queued
        /// behind a running one.
        public var submittedAt: TimeInterval?
    }

    /// The latest launch.
    public struct LastLaunch: Sendable, Hashable, Codable {
        /// The task's identifier (`fetch` for a legacy fetch).
        public var identifier: String
        /// When it launched (simulated seconds).
        public var at: TimeInterval
    }

    /// What iOS lists as pending at the end, in submission order.
    public var pending: [Pending]
    /// Fetches and tasks launched during the run.
    public var launches: Int
    /// The latest of them; nil when none launched.
    public var lastLaunch: LastLaunch?
    /// The end of the run (simulated seconds).
    public var end: TimeInterval

    /// Seconds from the last launch to the end; nil when nothing launched.
    public var sinceLastRun: TimeInterval? { lastLaunch.map { end - $0.at } }

    /// One line: `pending com.wakeful.refresh (appRefresh, submitted 9 h 55 min before the end);
    /// 3 launches, the last com.wakeful.refresh 9 h 55 min before the end`.
    public var text: String {
        let pendingText =
            pending.isEmpty
            ? "nothing pending"
            : "pending "
                + pending.map { item in
                    let since = item.submittedAt.map { ", submitted \(Format.duration(end - $0)) before the end" } ?? ""
                    return "\(item.identifier) (\(item.kind)\(since))"
                }
                .joined(separator: ", ")
        guard let lastLaunch else { return pendingText + "; no task ever ran" }
        let count = launches == 1 ? "1 launch" : "\(launches) launches"
        return pendingText
            + "; \(count), the last \(lastLaunch.identifier) \(Format.duration(end - lastLaunch.at)) before the end"
    }
}
