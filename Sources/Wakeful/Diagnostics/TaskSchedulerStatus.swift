import Foundation

/// The task scheduler as the app can see it at one moment: the requests iOS says are pending
/// (`BGTaskScheduler.getPendingTaskRequests`), the ledger of submissions and launches
/// (``TaskHistory``), and how long ago a task last ran.
///
/// `WakefulApp.taskSchedulerStatus()` makes one on a device, `SimulatedDevice.taskSchedulerStatus`
/// in the simulator, from the same two inputs, so a test can assert on what a phone would show.
///
/// ```swift
/// let status = await wakeful.taskSchedulerStatus()
/// status.pending.map(\.request.identifier)   // ["com.example.refresh"]
/// status.sinceLastRun                          // 5400: an hour and a half since a task ran
/// print(status.lines.joined(separator: "\n"))
/// ```
public struct TaskSchedulerStatus: Sendable, Hashable {
    /// A request iOS lists as pending, with when the ledger saw it submitted.
    public struct Pending: Sendable, Hashable {
        /// The request as iOS holds it.
        public var request: TaskRequest
        /// When it was submitted, if the ledger has the submission.
        public var submittedAt: TimeInterval?

        /// Creates a pending request.
        public init(request: TaskRequest, submittedAt: TimeInterval? = nil) {
            self.request = request
            self.submittedAt = submittedAt
        }
    }

    /// The moment of the snapshot.
    public var at: TimeInterval
    /// What iOS lists as pending, in its order.
    public var pending: [Pending]
    /// The ledger.
    public var history: TaskHistory

    /// A snapshot at `at`: `pendingRequests` as iOS listed them, the ledger's submission times
    /// added where it has them.
    public init(at: TimeInterval, pendingRequests: [TaskRequest], history: TaskHistory) {
        self.at = at
        self.history = history
        self.pending = pendingRequests.map { request in
            let submission = history.submissions.last {
                $0.request.identifier == request.identifier && $0.fate == .pending
            }
            return Pending(request: request, submittedAt: submission?.at)
        }
    }

    /// Seconds since any task last launched; nil when none ever did (as far as the ledger goes).
    public var sinceLastRun: TimeInterval? { history.sinceLastRun(at: at) }

    /// Whether iOS lists a request of `identifier` as pending.
    public func isPending(_ identifier: String) -> Bool {
        pending.contains { $0.request.identifier == identifier }
    }

    /// Requests the ledger saw accepted and not yet launched that iOS does not list: dropped by the
    /// system, a submission lost with a reinstall, or one the ledger missed ending.
    public var notListed: [TaskHistory.Submission] {
        history.believedPending.filter { !isPending($0.request.identifier) }
    }

    /// The status in a few lines, for a debug screen or a log: pending requests, each
    /// identifier's last launch and how it ended, refusals, and the time since the last run.
    public var lines: [String] {
        var lines: [String] = []
        if pending.isEmpty {
            lines.append("pending: none")
        }
        for item in pending {
            let since = item.submittedAt.map { ", submitted \(Self.ago(at - $0)) ago" } ?? ""
            let earliest = item.request.earliestBeginDate.map { ", not before \(Self.ago($0 - at)) from now" } ?? ""
            lines.append("pending: \(item.request.identifier) (\(item.request.kind.rawValue)\(since)\(earliest))")
        }
        for submission in notListed {
            lines.append(
                "not listed by iOS: \(submission.request.identifier), submitted \(Self.ago(at - submission.at)) ago")
        }
        let identifiers = history.launches.reduce(into: [String]()) { names, launch in
            if !names.contains(launch.identifier) { names.append(launch.identifier) }
        }
        for identifier in identifiers {
            guard let launch = history.lastLaunch(of: identifier) else { continue }
            let runs = history.launches.filter { $0.identifier == identifier }.count
            var text = "last run: \(identifier) \(Self.ago(at - launch.at)) ago (\(launch.reason.rawValue)"
            if let duration = launch.duration { text += ", ran \(Self.ago(duration))" }
            if launch.expiredAt != nil { text += ", expired" }
            text += ", \(launch.outcome.rawValue)); \(runs) run\(runs == 1 ? "" : "s") kept"
            lines.append(text)
        }
        for submission in history.submissions.suffix(5) {
            if let error = submission.error {
                lines.append(
                    "refused: \(submission.request.identifier) \(Self.ago(at - submission.at)) ago: \(error.rawValue)")
            }
        }
        lines.append("since last run: \(sinceLastRun.map(Self.ago) ?? "never ran")")
        return lines
    }

    /// `45 s`, `12 min`, `3 h 05 min`, `2 d 4 h`.
    static func ago(_ seconds: TimeInterval) -> String {
        let s = Int(max(0, seconds).rounded())
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60) min" }
        if s < 86_400 {
            let minutes = (s % 3600) / 60
            return "\(s / 3600) h " + (minutes < 10 ? "0" : "") + "\(minutes) min"
        }
        return "\(s / 86_400) d \((s % 86_400) / 3600) h"
    }
}
