import Foundation
import Wakeful

/// The run's gaps so far, attributed like the success measures' (`Gap.cause` names what stopped
/// the app, with its rules, and `Gap.endedBy` what brought it back).
extension SimulatedDevice {
    /// The longest stretch from `start` to now without a record of `kind`.
    ///
    /// The stretch before the first record and the one after the last count too, so an app that
    /// never records has one gap: the whole window.
    public func largestGap(betweenRecordsOf kind: String, from start: TimeInterval = 0) -> Gap? {
        let times = tally.recordLog.lazy.filter { $0.kind == kind }.map(\.time)
        return tally.largestGap(in: Array(times), from: start, to: now, scenarioEnd: now)
    }

    /// The longest stretch in which the app, once it first ran, did not execute (suspended or not
    /// running), up to now; the whole run when it never ran; nil when it never stopped.
    public func largestExecutionGap() -> Gap? {
        guard tally.stateChanges.contains(where: \.to.isExecuting) else {
            return now > 0 ? Gap(from: 0, to: now, cause: "the app never ran", endedBy: "end of scenario", rules: []) : nil
        }
        var best: (from: TimeInterval, to: TimeInterval)?
        var stoppedAt: TimeInterval?
        var hasRun = false
        func consider(_ from: TimeInterval, _ to: TimeInterval) {
            if to - from > (best.map { $0.to - $0.from } ?? 0) { best = (from, to) }
        }
        for change in tally.stateChanges {
            if change.to.isExecuting {
                if let stop = stoppedAt { consider(stop, change.time) }
                stoppedAt = nil
                hasRun = true
            } else if hasRun, stoppedAt == nil {
                stoppedAt = change.time
            }
        }
        if let stop = stoppedAt { consider(stop, now) }
        return best.map { tally.attributeGap(from: $0.from, to: $0.to, end: now) }
    }
}
