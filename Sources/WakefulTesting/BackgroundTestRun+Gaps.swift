import Foundation
import Wakeful
import WakefulSimulator

/// The gaps expectations report, found and explained one way for all of them.
extension BackgroundTestRun {
    /// The longest stretch of `window` without `activity`, attributed by the simulator.
    func largestGap(in activity: Activity, _ window: ExpectationWindow) -> Gap? {
        switch activity {
        case .execution: device.largestExecutionGap(from: window.start, to: window.end)
        case .records(let kind): device.largestGap(betweenRecordsOf: kind, from: window.start, to: window.end)
        }
    }

    /// `Cause: …; ended by ….` and what the timeline shows iOS refusing in the gap, with the
    /// entries the text cites. A gap iOS caused names what stopped the app, with its rules; one
    /// the app spent running is told from its strategies' own decisions.
    func explain(_ gap: Gap, in activity: Activity, _ window: ExpectationWindow) -> (
        text: String, cited: [TimelineEntry]
    ) {
        let open = gap.endedBy == Gap.stillOpen ? "\(window.endName) (\(SimulatedTime.describe(gap.to)))" : nil
        // A gap the app was running through has nothing that ended it ("—"): the cause says it all.
        let ending = open.map { "; still open at \($0)" } ?? (gap.endedBy == "—" ? "" : "; ended by \(gap.endedBy)")
        var cause = "Cause: \(gap.cause)\(TimelineReasons.citation(gap.rules))\(ending)."
        if gap.cause == Self.runningCause,
            let story = StrategyDecisions.story(
                from: gap.from, to: gap.to, kind: activity.recordKind, openAt: open, in: timeline)
        {
            cause = "Cause: " + story
        }
        let refusals = TimelineReasons.paragraph(
            TimelineReasons.refusals(in: timeline, from: gap.from, to: gap.to, bearingOn: .running), in: "In that gap")
        return (cause + refusals.text, refusals.cited)
    }

    /// The simulator's cause of a gap in which the app never stopped executing
    /// (`RunTally.attributeGap`): the strategies' decisions say more.
    private static let runningCause = "the app was running but did not do the work"
}
