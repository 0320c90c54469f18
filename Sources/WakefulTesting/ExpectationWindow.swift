import Foundation
import Wakeful
import WakefulSimulator

/// The stretch of simulated time an expectation looks at: its `during:` window, or the whole run
/// so far.
struct ExpectationWindow {
    /// Simulated seconds from the start of the run.
    var start: TimeInterval
    var end: TimeInterval
    /// Whether the test gave a `during:` window.
    var isExplicit: Bool

    var range: ClosedRange<TimeInterval> { start...end }

    func contains(_ time: TimeInterval) -> Bool { time >= start && time <= end }

    /// ` between 5 min 00 s and 20 min 00 s`, or nothing for the whole run: after the expectation's words.
    var phrase: String {
        isExplicit ? " between \(SimulatedTime.describe(start)) and \(SimulatedTime.describe(end))" : ""
    }

    /// What a gap still going at `end` reached.
    var endName: String { isExplicit ? "the end of the window" : "the end of the run" }
}

extension BackgroundTestRun {
    /// The window `during` names, or the run so far. A window that reaches past the run's current
    /// time would check a future that has not happened: it is reported, and the result is nil.
    func window(
        _ during: ClosedRange<Duration>?, for kind: ExpectationFailure.Kind, _ call: String, at site: CallSite
    ) -> ExpectationWindow? {
        guard let during else { return ExpectationWindow(start: 0, end: time, isExplicit: false) }
        let (start, end) = (max(0, SimulatedTime.seconds(during.lowerBound)), SimulatedTime.seconds(during.upperBound))
        guard end <= time + 1e-9 else {
            site.report(
                kind, over: start...end,
                "\(call) looks at \(SimulatedTime.describe(start)) to \(SimulatedTime.describe(end)), but the run has only reached "
                    + "\(SimulatedTime.describe(time)). Advance the run to the window's end first.")
            return nil
        }
        return ExpectationWindow(start: start, end: min(end, time), isExplicit: true)
    }
}
