import Foundation
import Wakeful

/// The run's gaps so far, attributed like the success measures' (`Gap.cause` names what stopped
/// the app, with its rules, and `Gap.endedBy` what brought it back).
///
/// Each takes a window, `from` to `to` (now by default, and never later than now), so a test can
/// ask about the stretch it cares about (a ride, not the quiet hours after it). A gap that nothing
/// had ended by the window's end has `endedBy` ``Gap/stillOpen``.
extension SimulatedDevice {
    /// The longest stretch of the window without a record of `kind`.
    ///
    /// The stretch before the first record and the one after the last count too, so an app that
    /// never records has one gap: the whole window. The app coming back without recording does not
    /// end a gap in its records.
    public func largestGap(betweenRecordsOf kind: String, from start: TimeInterval = 0, to end: TimeInterval? = nil)
        -> Gap?
    {
        let end = min(end ?? now, now)
        guard end > start else { return nil }
        let times = Array(tally.recordLog.lazy.filter { $0.kind == kind }.map(\.time))
        guard var gap = tally.largestGap(in: times, from: start, to: end, scenarioEnd: now) else { return nil }
        if gap.to >= end && !times.contains(end) { gap.endedBy = Gap.stillOpen }
        return gap
    }

    /// The longest stretch of the window in which the app, once it first ran, did not execute
    /// (suspended or not running); the whole window when it had never run by the window's end;
    /// nil when it never stopped.
    public func largestExecutionGap(from start: TimeInterval = 0, to end: TimeInterval? = nil) -> Gap? {
        let end = min(end ?? now, now)
        guard end > start else { return nil }
        guard tally.stateChanges.contains(where: { $0.to.isExecuting && $0.time <= end }) else {
            return Gap(from: start, to: end, cause: "the app never ran", endedBy: Gap.stillOpen, rules: [])
        }
        var best: (from: TimeInterval, to: TimeInterval)?
        var stoppedAt: TimeInterval?
        var hasRun = false
        func consider(_ from: TimeInterval, _ to: TimeInterval) {
            let from = max(from, start)
            if to - from > (best.map { $0.to - $0.from } ?? 0) { best = (from, to) }
        }
        for change in tally.stateChanges where change.time <= end {
            if change.to.isExecuting {
                if let stop = stoppedAt { consider(stop, change.time) }
                stoppedAt = nil
                hasRun = true
            } else if hasRun, stoppedAt == nil {
                stoppedAt = change.time
            }
        }
        let openFrom = stoppedAt.map { max($0, start) }
        if let stop = stoppedAt { consider(stop, end) }
        guard let best else { return nil }
        var gap = tally.attributeGap(from: best.from, to: best.to, end: now)
        if best.to == end, best.from == openFrom { gap.endedBy = Gap.stillOpen }
        return gap
    }
}

extension Gap {
    /// The ``endedBy`` of a gap still going at the end of the stretch examined: nothing ended it.
    public static let stillOpen = "still open"
}
