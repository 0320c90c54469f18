import Foundation
import WakefulCharts
import Wakeful

/// A device's page: its facts and setup, the time filters, the swimlane chart, a legend and the
/// gap table, all drawn from one ``DeviceActivity``.
struct DevicePage {
    let device: DeviceSummary
    /// What the device registered with, when the storage says.
    let versions: RegisteredVersions?
    /// The device's earliest and latest records, shown when their clock was off.
    let extremes: [StoredRecord]
    let request: DashboardWindowRequest
    let window: DashboardWindow
    let activity: DeviceActivity
    /// Whether the window held more records than the page reads.
    let truncated: Bool
    /// The device's configurations, when the storage keeps them.
    var configurations: DeviceConfigurationView? = nil
    /// The device's timeline exports, newest first.
    var exports: [TimelineExportSummary] = []

    /// The most gaps the table lists.
    static let maximumGaps = 15
    /// The most configurations the history lists.
    static let maximumConfigurations = 20

    func html() -> String {
        let id = device.id.uuidString
        let gaps = activity.gaps
        let listed = Array(gaps.prefix(Self.maximumGaps))
        var body = """
            <p class="sub"><a href="/dashboard">All devices</a></p>
            <h1>Device <span class="mono">\(id)</span></h1>
            <div class="facts"><span>Install <b class="mono">\(device.installID.uuidString)</b></span>\
            <span>Bundle <b>\(HTML.escape(device.bundleID))</b></span>\
            <span>App version <b>\(HTML.escape(versions?.appVersion ?? "—"))</b></span>\
            <span>iOS <b>\(HTML.escape(versions?.osVersion ?? "—"))</b> (registered)</span>\
            <span>Registered <b>\(DashboardFormat.time(device.createdAt))</b></span>\
            <span>Last seen <b>\(DashboardFormat.time(device.lastSeen))</b></span>\
            <span>Records <b>\(device.recordCount)</b></span>\
            <span>Upload lag <b>\(DashboardFormat.lag(device.lagMedian))</b> median, <b>\(DashboardFormat.lag(device.lagMax))</b> max</span>\
            <span>\(device.revokedAt.map { #"<b class="revoked">revoked \#(DashboardFormat.time($0))</b>"# } ?? "active")</span></div>
            \(Self.setup(activity.header))
            \(filters(id: id))
            <p class="sub">\(DashboardFormat.time(window.start)) – \(DashboardFormat.time(window.end)) UTC (\(DashboardFormat.duration(window.duration))) · \
            \(activity.activityTimes.count) records: \(activity.recordTimes.count) data records and \(activity.timelineEntries) timeline entries · \
            presets end at the device's newest record whose clock agrees with its receipt</p>
            """
        if activity.lifeStart > window.start {
            body +=
                #"<p class="note" role="status">The device was first seen \#(DashboardFormat.time(activity.lifeStart)) (its registration or its first record): nothing is drawn before, and that time is not a gap.</p>"#
        }
        body += clockNotes()
        if truncated {
            body +=
                #"<p class="note" role="status">This window holds more records than one page reads; the chart shows the earliest of them. Choose a shorter window.</p>"#
        }
        if activity.unreadableEntries > 0 {
            body +=
                #"<p class="note" role="status">\#(activity.unreadableEntries) timeline entries are in a form this server does not read (a newer app version?); they count as activity but are not drawn.</p>"#
        }
        if activity.activityTimes.isEmpty {
            body += #"<p class="note" role="status">No records in this window.</p>"#
        }
        body += """
            <div class="panel">\(SwimlaneChart(activity: activity, gaps: listed, window: window).svg())\(Self.legend)</div>
            \(configurations.map(ConfigurationPanel.init).map { $0.html(deviceID: id) } ?? "")
            <h2 id="gaps">Gaps</h2>
            <p class="sub">Stretches of at least \(DashboardFormat.duration(DashboardGap.minimum(for: window))) with no record at all, longest first, \
            each in the state the app-state lane draws over it, with the cause the device's own timeline gives. \
            Rule IDs refer to the iOS background policy reference.</p>
            \(Self.gapTable(listed, total: gaps.count))
            \(TimelineExportPage.section(deviceID: device.id, exports: exports))
            <p class="sub">The same data as JSON: <code>GET /v1/devices/\(id)/timeline</code> and <code>/records</code> with the admin token.</p>
            """
        return DashboardPages.page(title: "Device \(id.prefix(8))", signedIn: true, body: body)
    }

    /// The app's setup from its newest `run` header (``TimelineHeader``), written when its agent
    /// started; an export's page shows its first.
    static func setup(_ header: TimelineHeader?) -> String {
        guard let header else {
            return
                #"<div class="facts"><span>Setup <b>—</b> (no run header in the timeline read: the app writes one with <code>Agent.recordHeader</code> when its agent starts)</span></div>"#
        }
        var facts: [(String, String)] = []
        if let device = header.device { facts.append(("Model", device)) }
        if let ios = header.ios { facts.append(("iOS", ios + " (run header)")) }
        facts.append(("Setup", header.setup ?? "—"))
        if !header.strategies.isEmpty { facts.append(("Strategies", header.strategies.joined(separator: ", "))) }
        if let modes = header.backgroundModes {
            facts.append(("Background modes", modes.isEmpty ? "none" : modes.joined(separator: ", ")))
        }
        if let authorization = header.locationAuthorization { facts.append(("Location", authorization)) }
        if let scenario = header.scenario { facts.append(("Scenario", scenario)) }
        let spans = facts.map { "<span>\(HTML.escape($0.0)) <b>\(HTML.escape($0.1))</b></span>" }.joined()
        return #"<div class="facts">\#(spans)</div>"#
    }

    /// Records whose device clock was far from their receipt: flagged, never drawn.
    private func clockNotes() -> String {
        var notes: [String] = []
        if activity.clockFlags.count > 0, let offset = activity.clockFlags.worstOffset,
            let recorded = activity.clockFlags.worstRecordedAt
        {
            notes.append(
                "\(activity.clockFlags.count) record\(activity.clockFlags.count == 1 ? "" : "s") of this window flagged: device clock off, up to \(DeviceClock.describe(offset)) (recorded \(DashboardFormat.time(recorded)))"
            )
        }
        for stored in extremes {
            guard let offset = DeviceClock.offset(recordedAt: stored.record.recordedAt, receivedAt: stored.receivedAt)
            else { continue }
            notes.append(
                "a record dated \(DashboardFormat.time(stored.record.recordedAt)), stored \(DashboardFormat.time(stored.receivedAt)): device clock \(DeviceClock.describe(offset))"
            )
        }
        guard !notes.isEmpty else { return "" }
        return
            #"<p class="note flag" role="status">Device clock off: \#(notes.map { HTML.escape($0) }.joined(separator: "; ")). Such records are not drawn, and windows are placed by the records whose clock agrees with their receipt.</p>"#
    }

    private func filters(id: String) -> String {
        var links = ""
        for preset in DashboardPreset.allCases {
            let current = request == .preset(preset) ? #" aria-current="page""# : ""
            links += #"<a href="/dashboard/devices/\#(id)?preset=\#(preset.rawValue)"\#(current)>\#(preset.label)</a>"#
        }
        return """
            <nav class="filters" aria-label="Time window"><span>Window:</span>\(links)\
            <form method="get" action="/dashboard/devices/\(id)">\
            <label for="from">from</label><input id="from" name="from" value="\(DashboardFormat.parameter(window.start))">\
            <label for="to">to</label><input id="to" name="to" value="\(DashboardFormat.parameter(window.end))">\
            <button type="submit">Show</button></form></nav>
            """
    }

    /// The gap table: the gaps listed, and how many shorter ones are not.
    static func gapTable(_ listed: [DashboardGap], total: Int) -> String {
        guard !listed.isEmpty else { return #"<p>No gaps in this window.</p>"# }
        var rows = ""
        for (rank, gap) in listed.enumerated() {
            rows += """
                <tr><td class="num">\(rank + 1)</td><td>\(DashboardFormat.time(gap.start))</td><td>\(DashboardFormat.time(gap.end))</td>\
                <td class="num">\(DashboardFormat.duration(gap.duration))</td><td>\(gap.state?.rawValue ?? "unknown")</td><td>\(HTML.escape(gap.cause))</td>\
                <td>\(HTML.escape(gap.endedBy))</td><td class="rules">\(HTML.escape(gap.rules.joined(separator: ", ")))</td></tr>

                """
        }
        let more = total > listed.count ? #"<p class="sub">\#(total - listed.count) shorter gaps not listed.</p>"# : ""
        return """
            <table><thead><tr><th scope="col" class="num">#</th><th scope="col">From</th><th scope="col">To</th>\
            <th scope="col" class="num">Length</th><th scope="col">State</th><th scope="col">Cause</th><th scope="col">Ended by</th><th scope="col">Rules</th></tr></thead>
            <tbody>\(rows)</tbody></table>\(more)
            """
    }

    /// What the chart's marks mean.
    static let legend = """
        <div class="legend" aria-label="Legend">\
        <span><span class="sw sw-foreground"></span>foreground</span><span><span class="sw sw-background"></span>background</span>\
        <span><span class="sw sw-suspended"></span>suspended (inferred)</span><span><span class="sw sw-not-running"></span>not running</span>\
        <span><span class="sw dot"></span>wake (resumed the app)</span><span><span class="sw ring"></span>wake delivered while running</span>\
        <span><span class="sw diamond"></span>relaunch</span>\
        <span><span class="sw sw-task-ended"></span>task ended</span><span><span class="sw sw-task-expired"></span>task expired</span>\
        <span><span class="sw sw-task-open"></span>task with no end</span>\
        <span><span class="sw sw-job-completed"></span>job completed</span><span><span class="sw sw-job-checkpointed"></span>checkpointed</span>\
        <span><span class="sw sw-job-failed"></span>failed</span><span><span class="sw sw-job-open"></span>no end</span>\
        <span><span class="sw hatch"></span>gap (numbered as in the table)</span></div>
        """
}
