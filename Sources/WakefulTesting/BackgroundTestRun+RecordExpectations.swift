import Foundation
import Wakeful
import WakefulSimulator

/// Expectations about the records the app makes: how many, and whether they all reached the
/// server once. Like the others, each returns whether it held and, when it did not, reports at the
/// caller's line what happened instead, when, and the rules behind it.
extension BackgroundTestRun {
    /// Expects the app to have made at least `count` records of `kind` (e.g. `"location"`), within
    /// `window` or the run so far.
    ///
    /// The failure gives how many there were and when the last came, and explains the longest
    /// stretch without one as ``expectNoGap(longerThan:in:during:fileID:filePath:line:column:)``
    /// does: what stopped the app, with its rules, or what its own strategies decided.
    ///
    /// ```swift
    /// run.expectRecords("location", atLeast: 900, during: .seconds(0) ... .seconds(1000))
    /// ```
    ///
    /// - Parameters:
    ///   - kind: The record's kind, as the app's strategy or feature records it.
    ///   - count: The fewest records that pass.
    ///   - window: The stretch of simulated time since the start to look at; the whole run so far
    ///     when nil. It must not reach past the run's current time.
    ///   - fileID: The calling file, for the failure report; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    @discardableResult
    public func expectRecords(
        _ kind: String, atLeast count: Int, during window: ClosedRange<Duration>? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let window = self.window(window, for: .records, "expectRecords", at: site) else { return false }
        let made = timeline.filter { entry in
            guard window.contains(entry.time), case .command(.record(let record), _) = entry.body else { return false }
            return record.kind == kind
        }
        guard made.count < count else { return true }
        let last = made.last.map { ", the last at \(SimulatedTime.describe($0.time))" } ?? ""
        var text =
            "Expected at least \(count) \"\(kind)\" records\(window.phrase), but the app made \(made.count) by "
            + "\(SimulatedTime.describe(window.end))\(last)."
        var gaps: [Gap] = []
        var cited: [TimelineEntry] = []
        if let gap = largestGap(in: .records(kind), window) {
            let explanation = explain(gap, in: .records(kind), window)
            text +=
                "\nThe longest stretch without one lasted \(SimulatedTime.describe(gap.seconds)): from "
                + "\(SimulatedTime.describe(gap.from)) to \(SimulatedTime.describe(gap.to)).\n" + explanation.text
            (gaps, cited) = ([gap], explanation.cited)
        }
        site.report(.records, over: window.range, text, gaps: gaps, entries: cited)
        return false
    }

    /// Expects the server to hold every record the app committed to its outbox exactly once:
    /// none still pending on the phone, quarantined, dropped by retention or lost, none stored twice.
    ///
    /// Uploads take simulated time and a wake: advance the run far enough first. A record made in
    /// the last `settlingTime` is on its way, not pending: the uploader sends a batch that is not
    /// full at most every 30 s (`Uploader.Configuration.minimumInterval`), so by default a minute
    /// lets a record made while the app runs reach the server. A run in which the app committed no
    /// records of its own fails too: it would check nothing. When records are still on the phone,
    /// the failure says when the network was off.
    ///
    /// ```swift
    /// run.expectEveryRecordUploadedExactlyOnce(settlingTime: .minutes(5))
    /// ```
    ///
    /// - Parameters:
    ///   - settlingTime: How long before now a record may have been made and not yet be on the
    ///     server without counting as pending; `.zero` counts every one.
    ///   - fileID: The calling file, for the failure report; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    @discardableResult
    public func expectEveryRecordUploadedExactlyOnce(
        settlingTime: Duration = .minutes(1),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let whole = 0...device.now
        guard let outbox = metrics.outbox else {
            site.report(
                .everyRecordUploadedExactlyOnce, over: whole,
                "Expected every record to be uploaded exactly once, but the app keeps no outbox. "
                    + "Give the scenario's app one: `app.outbox = OutboxSpec()`.")
            return false
        }
        guard outbox.collected > 0 else {
            site.report(
                .everyRecordUploadedExactlyOnce, over: whole,
                "Expected every record to be uploaded exactly once, but the app committed no records of its own by "
                    + "\(SimulatedTime.describe(device.now)) (\(outbox.timelineRecords) timeline entries): there is nothing to check. "
                    + "Advance the run until the app records something.")
            return false
        }
        let ledger = device.outboxLedger
        let stored = Set(device.ingest.records.map(\.uuid))
        let settledBy = device.now - SimulatedTime.seconds(settlingTime)
        let missing = ledger.records.filter { !stored.contains($0.uuid) && !ledger.dropped.contains($0.seq) }
        // Made within the settling time: on their way to the server, not pending.
        let settling = missing.count { $0.recordedAt > settledBy }
        let pending = max(0, outbox.pending - settling)
        let notStored = pending + outbox.quarantined + outbox.lostByRetention + outbox.silentlyLost
        guard notStored > 0 || outbox.duplicatesStored > 0 else { return true }
        var parts: [String] = []
        if pending > 0 { parts.append("\(pending) still pending on the phone") }
        if outbox.quarantined > 0 { parts.append("\(outbox.quarantined) quarantined (rejected by the server)") }
        if outbox.lostByRetention > 0 { parts.append("\(outbox.lostByRetention) dropped by the retention limits") }
        if outbox.silentlyLost > 0 { parts.append("\(outbox.silentlyLost) lost without a trace") }
        if outbox.duplicatesStored > 0 { parts.append("\(outbox.duplicatesStored) stored twice under different ids") }
        // The app's own records first: they are what the test is about; timeline entries after.
        let overdue = missing.filter { $0.recordedAt <= settledBy }.sorted {
            ($0.kind == OutboxRecord.timelineKind ? 1 : 0) < ($1.kind == OutboxRecord.timelineKind ? 1 : 0)
        }
        let examples = overdue.prefix(3).map {
            "\($0.kind) #\($0.seq) recorded at \(SimulatedTime.describe($0.recordedAt))"
        }
        let attempts = outbox.uploads.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        let offline = pending > 0 ? networkOff() : nil
        let refusals = TimelineReasons.paragraph(
            TimelineReasons.refusals(in: timeline, from: 0, to: device.now, bearingOn: .uploads), in: "In the run")
        site.report(
            .everyRecordUploadedExactlyOnce, over: whole,
            "Expected every record to be uploaded exactly once by \(SimulatedTime.describe(device.now)), but of "
                + "\(outbox.collected + outbox.timelineRecords) committed, \(parts.joined(separator: ", ")).\n"
                + (examples.isEmpty
                    ? ""
                    : "Not on the server: \(examples.joined(separator: "; "))\(overdue.count > 3 ? " and \(overdue.count - 3) more" : "").\n")
                + "Upload attempts: \(attempts.isEmpty ? "none" : attempts.joined(separator: ", "))"
                + (device.scenario.app.outbox?.upload == nil
                    ? " (the app's outbox does not upload: its `upload` is nil)." : ".")
                + (offline.map { "\n" + $0.text } ?? "")
                + (settling > 0
                    ? "\nNot counted: \(settling) made in the last \(SimulatedTime.describe(SimulatedTime.seconds(settlingTime))), still settling."
                    : "") + refusals.text,
            entries: refusals.cited, rules: offline?.rules ?? [])
        return false
    }

    /// When the phone had no network so far, per the scenario's `world.network` and the test's
    /// `setNetwork` calls: `The network was off from 5 s to the end of the run (5 min 00 s): …`;
    /// nil when it always had one.
    private func networkOff() -> (text: String, rules: [String])? {
        let segments = device.scenario.world.network.segments
        var stretches: [(from: TimeInterval, to: TimeInterval)] = []
        for (index, segment) in segments.enumerated() where segment.kind == .none && segment.at < device.now {
            let end = min(index + 1 < segments.count ? segments[index + 1].at : .infinity, device.now)
            if let last = stretches.last, last.to == segment.at {
                stretches[stretches.count - 1].to = end
            } else {
                stretches.append((segment.at, end))
            }
        }
        guard !stretches.isEmpty else { return nil }
        let spans = stretches.map { stretch in
            "from \(SimulatedTime.describe(stretch.from)) to "
                + (stretch.to >= device.now
                    ? "the end of the run (\(SimulatedTime.describe(device.now)))" : SimulatedTime.describe(stretch.to))
        }
        // URLS-1: a background session's upload waits for the network; URLS-8: an in-process one fails.
        let background = device.scenario.app.outbox?.upload?.background ?? true
        return (
            "The network was off \(spans.joined(separator: ", ")): "
                + (background ? "uploads wait for it [URLS-1]." : "uploads fail without it [URLS-8]."),
            background ? ["URLS-1"] : ["URLS-8"]
        )
    }
}
