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

    /// The upper bound of `ClosedRange.since(_:)`: whatever time the run has reached when
    /// the expectation looks. No run gets near it (it is 292 billion years).
    static let runsTime = Duration.seconds(Int64.max)
}

extension ClosedRange where Bound == Duration {
    /// From `mark` to the run's time when the expectation looks: a window relative to a moment of
    /// the test rather than to the start of the run.
    ///
    /// ```swift
    /// let unplugged = run.now
    /// run.unplug()
    /// run.advance(by: .hours(2))
    /// run.expectNoTermination(during: .since(unplugged))
    /// ```
    public static func since(_ mark: Duration) -> ClosedRange<Duration> { mark...ExpectationWindow.runsTime }
}

extension BackgroundTestRun {
    /// The window `during` names, or the run so far. A window that reaches past the run's current
    /// time would check a future that has not happened: it is reported, and the result is nil.
    func window(
        _ during: ClosedRange<Duration>?, for kind: ExpectationFailure.Kind, _ call: String, at site: CallSite
    ) -> ExpectationWindow? {
        guard let during else { return ExpectationWindow(start: 0, end: device.now, isExplicit: false) }
        let start = max(0, SimulatedTime.seconds(during.lowerBound))
        let end =
            during.upperBound == ExpectationWindow.runsTime ? device.now : SimulatedTime.seconds(during.upperBound)
        guard end <= device.now + 1e-9, start <= end else {
            site.report(
                kind, over: start...max(start, end),
                "\(call) looks at \(SimulatedTime.describe(start)) to \(SimulatedTime.describe(max(start, end))), but the run has only reached "
                    + "\(SimulatedTime.describe(device.now)). Advance the run to the window's end first.")
            return nil
        }
        return ExpectationWindow(start: start, end: min(end, device.now), isExplicit: true)
    }
}
