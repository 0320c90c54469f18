import Foundation
import Wakeful

// Jobs: job deadline coverage.

extension RunTally {
    /// Notes a run that completed, when its result reached the app.
    mutating func noteJobCompleted(_ job: String, at time: TimeInterval) {
        jobCompletions.append((job, time))
    }

    /// Notes a `wakeful.jobMissed` record: the scheduler's own reason for a missed deadline.
    mutating func noteJobMissed(_ record: Record) {
        guard case .string(let job)? = record.fields["job"], let dueAt = record.fields["dueAt"]?.number else { return }
        let reason: String = if case .string(let text)? = record.fields["reason"] { text } else { "no reason given" }
        jobMisses.append((job, dueAt, reason))
    }

    /// Scores ``SuccessMeasure/jobs(_:)``: each due occurrence of a job (from the first time the
    /// app ran, then an interval after each completion) counts on time when a completion falls
    /// within its deadline (its interval when it has none); while none comes, one more occurrence
    /// is missed every interval. An occurrence still open at the end is not counted. The largest gap is the longest miss, with the scheduler's reason when it
    /// reported one, else the cause the timeline gives.
    func jobsResult(_ jobs: [Job], measure: String, duration: TimeInterval) -> SuccessResult {
        let start = stateChanges.first { $0.to.isExecuting }?.time ?? 0
        var onTime = 0
        var due = 0
        var worst: (job: String, from: TimeInterval, to: TimeInterval, completed: Bool)?
        for job in jobs {
            // a one-shot without a deadline is never late
            guard let window = job.deadline ?? job.interval else { continue }
            let completions = jobCompletions.filter { $0.job == job.id }.map(\.at)
            var dueAt = start
            while dueAt < duration {
                let done = completions.first { $0 >= dueAt }
                if let done, done <= dueAt + window {
                    onTime += 1
                    due += 1
                } else if dueAt + window <= duration {
                    // Every occurrence that would have fallen due, one per interval, and closed before the completion is missed too.
                    let to = done ?? duration
                    due += job.interval.map { 1 + Int(((min(to, duration) - dueAt - window) / $0).rounded(.down)) } ?? 1
                    if to - dueAt > (worst.map { $0.to - $0.from } ?? -1) { worst = (job.id, dueAt, to, done != nil) }
                } else {
                    break
                }
                guard let done, let interval = job.interval else { break }
                dueAt = done + interval
            }
        }
        let score = due == 0 ? 1 : Double(onTime) / Double(due)
        let summary =
            due == 0 ? "no job fell due" : "\(onTime) of \(due) due runs on time (\(Int((score * 100).rounded())) %)"
        let gap = worst.map { worst -> Gap in
            var gap = attributeGap(from: worst.from, to: worst.to, end: duration)
            let reported = jobMisses.filter { $0.job == worst.job }.min {
                abs($0.dueAt - worst.from) < abs($1.dueAt - worst.from)
            }
            gap.cause = "\(worst.job): \(reported?.reason ?? gap.cause)"
            if worst.completed { gap.endedBy = "\(worst.job) completed" }
            return gap
        }
        return SuccessResult(measure: measure, score: score, summary: summary, largestGap: gap)
    }
}
