import Foundation
import Wakeful
import WakefulSimulator

/// Expectations about the app's lifecycle: relaunches, wakes by source and the app's state at a
/// moment. Like the others, each returns whether it held and, when it did not, reports at the
/// caller's line what happened instead, when, and the rules behind it.
extension BackgroundTestRun {
    /// Expects iOS to have relaunched the app in the background (a launch it did not get from the
    /// user) at least `count` times, within `window` or the run so far.
    ///
    /// Only a terminated app is relaunched, and only by a source that may: a geofence or a
    /// significant change (LOC-16), a push (PUSH-1), a scheduled task, a background session's
    /// transfers; after a force-quit most of them stop until the user opens the app (TERM-1).
    ///
    /// ```swift
    /// run.forceQuit()
    /// run.exitRegion("home")
    /// run.advance(by: .minutes(5))
    /// run.expectRelaunched()
    /// ```
    ///
    /// - Parameters:
    ///   - count: The fewest relaunches that pass.
    ///   - window: The stretch of simulated time since the start to look at; the whole run so far
    ///     when nil. It must not reach past the run's current time.
    ///   - fileID: The calling file, for the failure report; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    @discardableResult
    public func expectRelaunched(
        atLeast count: Int = 1, during window: ClosedRange<Duration>? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let window = self.window(window, for: .relaunched, "expectRelaunched", at: site) else { return false }
        let relaunches = stateChanges.filter {
            window.contains($0.time) && $0.change.from == .notRunning && !$0.change.to.isForeground
        }
        guard relaunches.count < count else { return true }
        let kills = metrics.terminations.filter { $0.at <= window.end }
        var text =
            "Expected iOS to relaunch the app \(Self.atLeast(count))\(window.phrase), but it "
            + (relaunches.isEmpty
                ? "did not by \(SimulatedTime.describe(window.end))"
                : "relaunched it \(Self.times(relaunches.count)) by \(SimulatedTime.describe(window.end)), at "
                    + relaunches.map { "\(SimulatedTime.describe($0.time)) (\($0.change.cause))" }.joined(
                        separator: ", "))
        if kills.isEmpty {
            text += ": the app was never terminated, and only a terminated app is relaunched."
        } else {
            text +=
                ".\nThe app was terminated:\n"
                + kills.suffix(5).map {
                    "- at \(SimulatedTime.describe($0.at)): \($0.reason.rawValue) \(Self.citation($0))"
                }
                .joined(separator: "\n")
        }
        let refusals = TimelineReasons.paragraph(
            TimelineReasons.refusals(in: timeline, from: window.start, to: window.end, bearingOn: .wakes(nil)),
            in: "Meanwhile")
        site.report(
            .relaunched, over: window.range, text + refusals.text, entries: refusals.cited,
            rules: kills.suffix(5).flatMap(\.rules))
        return false
    }

    /// Expects `source` to have woken or relaunched the app at least `count` times, within
    /// `window` or the run so far.
    ///
    /// A wake resumes a suspended app, a relaunch starts a terminated one; an app that is running
    /// hears the event without either. The failure names the wakes other sources gave and what the
    /// timeline shows iOS refusing, with the rules (a force-quit, When-In-Use, Low Power Mode).
    ///
    /// ```swift
    /// run.expectWoken(by: .significantChange, atLeast: 2)
    /// ```
    ///
    /// - Parameters:
    ///   - source: What must have woken the app, e.g. `.region` or `.push`.
    ///   - count: The fewest wakes that pass.
    ///   - window: The stretch of simulated time since the start to look at; the whole run so far
    ///     when nil. It must not reach past the run's current time.
    ///   - fileID: The calling file, for the failure report; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    @discardableResult
    public func expectWoken(
        by source: WakeSource, atLeast count: Int = 1, during window: ClosedRange<Duration>? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let window = self.window(window, for: .woken, "expectWoken", at: site) else { return false }
        let wakes = stateChanges.compactMap { state -> (time: TimeInterval, source: WakeSource)? in
            guard window.contains(state.time), let woken = Self.wakeSource(state.change) else { return nil }
            return (state.time, woken)
        }
        let own = wakes.filter { $0.source == source }
        guard own.count < count else { return true }
        let others = Dictionary(grouping: wakes.filter { $0.source != source }, by: \.source).sorted { $0.key < $1.key }
        var text =
            "Expected \(Self.atLeast(count, "wake")) by \(source.phrase) (\(source.rawValue))\(window.phrase), but "
            + (own.isEmpty
                ? "there was none"
                : "there \(own.count == 1 ? "was" : "were") \(own.count), at "
                    + own.map { SimulatedTime.describe($0.time) }.joined(separator: ", "))
            + " by \(SimulatedTime.describe(window.end)). "
            + (others.isEmpty
                ? "Nothing else woke the app either."
                : "Other wakes: " + others.map { "\($0.key.rawValue) \($0.value.count)" }.joined(separator: ", ") + ".")
        if !stateChanges.contains(where: { window.contains($0.time) && !$0.change.to.isExecuting })
            && state(at: window.start)?.change.to.isExecuting ?? false
        {
            text += " The app was running throughout, so nothing needed to wake it."
        }
        let refusals = TimelineReasons.paragraph(
            TimelineReasons.refusals(in: timeline, from: window.start, to: window.end, bearingOn: .wakes(source)),
            in: "Meanwhile")
        site.report(.woken, over: window.range, text + refusals.text, entries: refusals.cited)
        return false
    }

    /// Expects the app to have been in `expected` state at `instant` (after everything that
    /// happened at that instant), or now.
    ///
    /// ```swift
    /// run.pressHome()
    /// run.advance(by: .seconds(10))
    /// run.expectAppState(.suspended)  // STATE-4: a few seconds after leaving the foreground
    /// ```
    ///
    /// - Parameters:
    ///   - expected: The state, e.g. `.suspended` or `.background`.
    ///   - instant: The moment since the start of the run; the run's current time when nil. It
    ///     must not be past the run's current time.
    ///   - fileID: The calling file, for the failure report; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    @discardableResult
    public func expectAppState(
        _ expected: AppState, at instant: Duration? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let window = self.window(instant.map { $0...$0 }, for: .appState, "expectAppState", at: site) else {
            return false
        }
        let at = window.end
        let current = state(at: at)
        let actual = current?.change.to ?? .notRunning
        guard actual != expected else { return true }
        let since =
            current.map {
                ", since \(SimulatedTime.describe($0.time)): \($0.change.cause)\(TimelineReasons.citation($0.change.rules))"
            } ?? ": the app had not been launched"
        let before = stateChanges.lastIndex { $0.time <= at && $0.change.to == expected }
        let last =
            before.map { index in
                let end = stateChanges[(index + 1)...].first { $0.change.to != expected }?.time ?? at
                return " It was last \(expected.rawValue) from \(SimulatedTime.describe(stateChanges[index].time)) "
                    + "to \(SimulatedTime.describe(end))."
            } ?? " It had not been \(expected.rawValue) by then."
        site.report(
            .appState, over: window.range,
            "Expected the app to be \(expected.rawValue) at \(SimulatedTime.describe(at)), but it was \(actual.rawValue)"
                + since + "." + last,
            rules: current?.change.rules ?? [])
        return false
    }

    // MARK: The timeline's state changes

    /// The app's state changes so far, in order.
    private var stateChanges: [(time: TimeInterval, change: StateChange)] {
        timeline.compactMap { entry in
            guard case .state(let change) = entry.body else { return nil }
            return (entry.time, change)
        }
    }

    /// The last state change at or before `time`: the state the app was in then.
    private func state(at time: TimeInterval) -> (time: TimeInterval, change: StateChange)? {
        stateChanges.last { $0.time <= time }
    }

    /// The source of a wake (`regionWake`) or relaunch (`pushRelaunch`), as the device names them.
    private static func wakeSource(_ change: StateChange) -> WakeSource? {
        for suffix in ["Wake", "Relaunch"] where change.cause.hasSuffix(suffix) {
            if let source = WakeSource(rawValue: String(change.cause.dropLast(suffix.count))) { return source }
        }
        return nil
    }

    /// `at least once`, `at least 3 times`; `at least one wake`, `at least 2 wakes`.
    private static func atLeast(_ count: Int, _ noun: String? = nil) -> String {
        guard let noun else { return "at least \(times(count))" }
        return count == 1 ? "at least one \(noun)" : "at least \(count) \(noun)s"
    }
}
