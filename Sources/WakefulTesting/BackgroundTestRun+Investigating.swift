import Foundation
import Wakeful
import WakefulSimulator

/// Looking into a failure: the run's timeline as `wakeful simulate --timeline` writes it, and the
/// HTML report of `wakeful simulate --report`, made by the same code.
extension BackgroundTestRun {
    /// The timeline from `start` to `end` as JSON Lines, one entry a line, in the form
    /// `wakeful simulate --timeline` writes and `wakeful replay` reads; the `run` header comes
    /// first, whatever the stretch.
    ///
    /// ```swift
    /// print(run.timelineText(from: .minutes(4), to: .minutes(6)))
    /// ```
    ///
    /// - Parameters:
    ///   - start: The first moment, since the start of the run.
    ///   - end: The last moment; the run's current time when nil.
    public func timelineText(from start: Duration = .zero, to end: Duration? = nil) -> String {
        let (from, to) = (SimulatedTime.seconds(start), end.map(SimulatedTime.seconds) ?? device.now)
        var lines = JSONLinesBuffer()
        for entry in timeline {
            if case .run = entry.body {
                lines.append(entry)
            } else if entry.time >= from && entry.time <= to {
                lines.append(entry)
            }
        }
        return lines.text
    }

    /// Writes the run so far as the HTML report of `wakeful simulate --report`: its figures, then
    /// the swimlanes of app state, wakes, tasks, the wanted work and its gaps, drawn from the
    /// timeline up to the run's current time. One self-contained file, to open in a browser.
    ///
    /// ```swift
    /// try run.writeReport(to: FileManager.default.temporaryDirectory.appendingPathComponent("trip.html"))
    /// ```
    ///
    /// - Parameter url: The file to write; its folder must exist.
    /// - Throws: The error of writing the file.
    public func writeReport(to url: URL) throws {
        // The report's time axis is the scenario's duration: the run so far, not the hours not yet simulated.
        var scenario = device.scenario
        scenario.duration = max(device.now, 1)
        let run = RecordedRun(metrics: metrics, entries: timeline)
        try Data(HTMLReport(sections: [HTMLReport.Section(scenario: scenario, runs: [run])]).html.utf8).write(to: url)
    }
}
