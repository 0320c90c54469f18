import Foundation
import Wakeful
import WakefulSimulator

/// What a test asserts about a run so far. Each expectation returns whether it held and, when it
/// did not, reports a failure at the caller's line with what happened, when, and the iOS rules
/// behind it.
extension BackgroundTestRun {
    /// Expects every background task, scheduled task and completion handler iOS gave the app to
    /// have been ended in time: no kill for a task left open (TASK-13), a `BGTask` or fetch not
    /// completed (BGT-4, BGT-2), a push or URL-session handler not completed (PUSH-6, URLS-7), or
    /// too many tasks at once (TASK-15).
    ///
    /// - Parameters:
    ///   - window: Only kills in this stretch of simulated time since the start count; the whole
    ///     run so far when nil. It must not reach past the run's current time.
    ///   - fileID: The calling file, for the failure report; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    @discardableResult
    public func expectBackgroundTasksAlwaysEnded(
        during window: ClosedRange<Duration>? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard
            let window = self.window(
                window, for: .backgroundTasksAlwaysEnded, "expectBackgroundTasksAlwaysEnded", at: site)
        else { return false }
        let metrics = metrics
        let kills = metrics.terminations.filter { Self.unendedWork[$0.reason] != nil && window.contains($0.at) }
        guard !kills.isEmpty else { return true }
        var lines = kills.map { kill in
            "- at \(SimulatedTime.describe(kill.at)): \(Self.unendedWork[kill.reason]!) \(Self.citation(kill))"
        }
        if !metrics.tasksLeftOpen.isEmpty {
            lines.append(
                "Tasks left open: \(metrics.tasksLeftOpen.joined(separator: ", ")). End each task in its expiration handler."
            )
        }
        site.report(
            .backgroundTasksAlwaysEnded, over: window.range,
            "Expected every background task to be ended\(window.phrase), but iOS killed the app \(Self.times(kills.count)) for work left open:\n"
                + lines.joined(separator: "\n"),
            rules: kills.flatMap(\.rules))
        return false
    }

    /// Expects no stretch of `activity` to be missing for longer than `limit`, up to now or within
    /// `window`.
    ///
    /// The failure names the gap's start and end, what stopped the app (with its rules), what
    /// brought it back or that it is still open, and what the timeline shows iOS refusing or
    /// holding back in it (a push not delivered, a wake suppressed), with their rules. Give a
    /// window to leave out stretches where nothing is expected, such as the quiet hours after a ride:
    ///
    /// ```swift
    /// run.expectNoGap(longerThan: .seconds(5), in: .records("location"), during: .seconds(0) ... .seconds(1000))
    /// ```
    ///
    /// - Parameters:
    ///   - limit: The longest acceptable stretch.
    ///   - activity: ``Activity/execution`` (the default) or ``Activity/records(_:)`` of a kind.
    ///   - window: The stretch of simulated time since the start to look at; the whole run so far
    ///     when nil. It must not reach past the run's current time.
    ///   - fileID: The calling file, for the failure report; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    @discardableResult
    public func expectNoGap(
        longerThan limit: Duration, in activity: Activity = .execution, during window: ClosedRange<Duration>? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let window = self.window(window, for: .noGap, "expectNoGap", at: site) else { return false }
        let seconds = SimulatedTime.seconds(limit)
        guard let gap = largestGap(in: activity, window), gap.seconds > seconds else { return true }
        let explanation = explain(gap, in: activity, window)
        site.report(
            .noGap, over: window.range,
            "Expected no gap in \(activity.name) longer than \(SimulatedTime.describe(seconds))\(window.phrase), but one lasted "
                + "\(SimulatedTime.describe(gap.seconds)): from \(SimulatedTime.describe(gap.from)) to \(SimulatedTime.describe(gap.to)).\n"
                + explanation.text,
            gaps: [gap], entries: explanation.cited)
        return false
    }

    /// Expects the app's trigger (its `beaconTrigger` feature) to have fired with the user at most
    /// `metres` from `place`.
    ///
    /// - Parameters:
    ///   - metres: The largest acceptable true distance when it fired.
    ///   - place: Where the distance is measured from; the trigger's own beacon by default.
    ///   - fileID: The calling file, for the failure report; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    @discardableResult
    public func expectTriggered(
        within metres: Double, of place: Place = .triggerBeacon,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let metrics = metrics
        guard let target = place.location(in: device.scenario) else {
            site.report(
                .triggered, over: 0...device.now,
                "Expected a trigger near \(place.name), but the scenario has no such place."
            )
            return false
        }
        guard let at = metrics.triggerAtSeconds else {
            let why = notTriggered(metrics)
            site.report(
                .triggered, over: 0...device.now,
                "Expected a trigger within \(Self.metres(metres)) of \(place.name), but it \(why.text).",
                gaps: why.gap.map { [$0] } ?? [], entries: why.cited, rules: metrics.finalStop?.rules ?? [])
            return false
        }
        let distance = device.trajectory.position(at: at).distance(to: target)
        guard distance > metres else { return true }
        let estimated = metrics.triggerEstimatedMeters.map { ", estimated \(Self.metres($0))" } ?? ""
        let keptBy =
            metrics.triggerKeptRunningBy.map { "; the app was running for: \($0.joined(separator: ", "))" } ?? ""
        site.report(
            .triggered, over: 0...device.now,
            "Expected a trigger within \(Self.metres(metres)) of \(place.name), but it fired at \(SimulatedTime.describe(at)) "
                + "\(Self.metres(distance)) away\(estimated)\(keptBy).")
        return false
    }

    /// Expects iOS not to have terminated the app so far, or within `window`. Terminations the test
    /// itself caused (``forceQuit(fileID:filePath:line:column:)``, ``reboot(fileID:filePath:line:column:)``)
    /// do not count unless `includingUserActions` is true.
    ///
    /// - Parameters:
    ///   - includingUserActions: Whether the test's own force-quits and reboots count.
    ///   - window: Only terminations in this stretch of simulated time since the start count; the
    ///     whole run so far when nil. It must not reach past the run's current time.
    ///   - fileID: The calling file, for the failure report; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    @discardableResult
    public func expectNoTermination(
        includingUserActions: Bool = false, during window: ClosedRange<Duration>? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let window = self.window(window, for: .noTermination, "expectNoTermination", at: site) else {
            return false
        }
        let byUser: Set<TerminationReason> = [.userForceQuit, .reboot]
        let kills = metrics.terminations.filter {
            (includingUserActions || !byUser.contains($0.reason)) && window.contains($0.at)
        }
        guard !kills.isEmpty else { return true }
        let lines = kills.map { "- at \(SimulatedTime.describe($0.at)): \($0.reason.rawValue) \(Self.citation($0))" }
        site.report(
            .noTermination, over: window.range,
            "Expected no termination\(window.phrase), but the app was terminated \(Self.times(kills.count)):\n"
                + lines.joined(separator: "\n"),
            rules: kills.flatMap(\.rules))
        return false
    }

    // MARK: Wording

    /// Why a trigger never fired: the app's last stop, the stretch it lost and what the timeline
    /// shows iOS refusing since; or "no trigger".
    private func notTriggered(_ metrics: RunMetrics) -> (text: String, gap: Gap?, cited: [TimelineEntry]) {
        guard metrics.triggered != nil else {
            return ("cannot fire: the scenario's app has no `beaconTrigger` feature", nil, [])
        }
        var text = "had not fired by \(SimulatedTime.describe(device.now))"
        guard let stop = metrics.finalStop else { return (text, nil, []) }
        let distance = stop.distanceMeters.map { ", \(Self.metres($0)) from the beacon" } ?? ""
        text +=
            ": the app stopped executing at \(SimulatedTime.describe(stop.at))\(distance) (\(stop.cause) [\(stop.rules.joined(separator: ", "))])"
        let gap = metrics.success?.largestGap
        if let gap { text += " and did not run again: \(gap.cause)" }
        let refusals = TimelineReasons.paragraph(
            TimelineReasons.refusals(in: timeline, from: stop.at, to: device.now, bearingOn: .running), in: "Since then"
        )
        return (text + refusals.text, gap, refusals.cited)
    }

    /// What each kill for unended work means.
    private static let unendedWork: [TerminationReason: String] = [
        .taskAssertionTimeout: "a background task was still open when its time ran out",
        .tooManyTasks: "too many background tasks were open at once",
        .scheduledTaskTimeout: "a BGTask was not completed before its time ran out",
        .backgroundFetchTimeout: "a background fetch's completion handler was not called within 30 s",
        .pushHandlerTimeout: "a silent push's completion handler was not called within 30 s",
        .urlSessionHandlerTimeout: "handleEventsForBackgroundURLSession's completion handler was not called in time",
    ]

    static func citation(_ kill: Termination) -> String {
        "[\(kill.rules.joined(separator: ", "))\(kill.code.map { ", code \($0)" } ?? "")]"
    }

    static func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }

    static func metres(_ value: Double) -> String {
        value < 10 ? String(format: "%.1f m", value) : String(format: "%.0f m", value)
    }
}
