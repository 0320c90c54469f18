import Foundation
import Wakeful
import WakefulSimulator

/// Where a test called an expectation: failures are reported there, not inside this library.
struct CallSite {
    var fileID: String
    var filePath: StaticString
    var line: UInt
    var column: UInt

    /// Reports a failure at this call site, or hands it to ``ExpectationFailure/collect(_:)``.
    ///
    /// The rules are those of the gaps and the entries, with `rules` added, in reading order.
    func report(
        _ kind: ExpectationFailure.Kind, over window: ClosedRange<TimeInterval>, _ message: String,
        gaps: [Gap] = [], entries: [TimelineEntry] = [], rules: [String] = []
    ) {
        let cited = entries.flatMap { entry -> [String] in
            switch entry.body {
            case .decision(let decision): decision.rules
            case .state(let change): change.rules
            default: []
            }
        }
        let failure = ExpectationFailure(
            kind: kind, window: .seconds(window.lowerBound) ... .seconds(window.upperBound), gaps: gaps,
            rules: RuleIDs.sorted(gaps.flatMap(\.rules) + cited + rules), entries: entries, message: message,
            fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
        FailureReporter.report(failure, at: self)
    }

    /// Reports a driving call that could not be carried out at simulated time `time`.
    func report(driving message: String, at time: TimeInterval) {
        report(.driving, over: time...time, message)
    }
}
