import Foundation

/// A device's page: its facts, the time filters, the swimlane chart, a legend and the gap table.
struct DevicePage {
    let device: DeviceSummary
    let request: DashboardWindowRequest
    let window: DashboardWindow
    let activity: DeviceActivity
    let gaps: [DashboardGap]
    /// Whether the window held more records than the page reads.
    let truncated: Bool

    /// The most gaps the table lists.
    static let maximumGaps = 15

    func html() -> String {
        let id = device.id.uuidString
        let listed = Array(gaps.prefix(Self.maximumGaps))
        var body = """
            <p class="sub"><a href="/dashboard">All devices</a></p>
            <h1>Device <span class="mono">\(id)</span></h1>
            <div class="facts"><span>Bundle <b>\(HTML.escape(device.bundleID))</b></span>\
            <span>Last seen <b>\(DashboardFormat.time(device.lastSeen))</b></span>\
            <span>Records <b>\(device.recordCount)</b></span>\
            <span>Upload lag <b>\(device.lagMedian.map(DashboardFormat.duration) ?? "—")</b> median, <b>\(device.lagMax.map(DashboardFormat.duration) ?? "—")</b> max</span>\
            <span>\(device.revokedAt.map { #"<b class="revoked">revoked \#(DashboardFormat.time($0))</b>"# } ?? "active")</span></div>
            \(filters(id: id))
            <p class="sub">\(DashboardFormat.time(window.start)) – \(DashboardFormat.time(window.end)) UTC (\(DashboardFormat.duration(window.duration))) · \
            \(activity.activityTimes.count) records, \(activity.entries.count) timeline entries · \
            presets end at the device's newest record</p>
            """
        if truncated {
            body += #"<p class="note" role="status">This window holds more records than one page reads; the chart shows the earliest of them. Choose a shorter window.</p>"#
        }
        if activity.unreadableEntries > 0 {
            body += #"<p class="note" role="status">\#(activity.unreadableEntries) timeline entries are in a form this server does not read (a newer app version?); they count as activity but are not drawn.</p>"#
        }
        if activity.activityTimes.isEmpty {
            body += #"<p class="note" role="status">No records in this window.</p>"#
        }
        body += """
            <div class="panel">\(SwimlaneChart(activity: activity, gaps: listed, window: window).svg())\(Self.legend)</div>
            <h2 id="gaps">Gaps</h2>
            <p class="sub">Stretches of at least \(DashboardFormat.duration(DashboardGap.minimum(for: window))) with no record at all, longest first, \
            each with the cause the device's own timeline gives. Rule IDs refer to the iOS background policy reference.</p>
            \(gapTable(listed))
            <p class="sub">The same data as JSON: <code>GET /v1/devices/\(id)/timeline</code> and <code>/records</code> with the admin token.</p>
            """
        return DashboardPages.page(title: "Device \(id.prefix(8))", signedIn: true, body: body)
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

    private func gapTable(_ listed: [DashboardGap]) -> String {
        guard !listed.isEmpty else { return #"<p>No gaps in this window.</p>"# }
        var rows = ""
        for (rank, gap) in listed.enumerated() {
            rows += """
                <tr><td class="num">\(rank + 1)</td><td>\(DashboardFormat.time(gap.start))</td><td>\(DashboardFormat.time(gap.end))</td>\
                <td class="num">\(DashboardFormat.duration(gap.duration))</td><td>\(HTML.escape(gap.cause))</td>\
                <td>\(HTML.escape(gap.endedBy))</td><td class="rules">\(HTML.escape(gap.rules.joined(separator: ", ")))</td></tr>

                """
        }
        let more = gaps.count > listed.count ? #"<p class="sub">\#(gaps.count - listed.count) shorter gaps not listed.</p>"# : ""
        return """
            <table><thead><tr><th scope="col" class="num">#</th><th scope="col">From</th><th scope="col">To</th>\
            <th scope="col" class="num">Length</th><th scope="col">Cause</th><th scope="col">Ended by</th><th scope="col">Rules</th></tr></thead>
            <tbody>\(rows)</tbody></table>\(more)
            """
    }

    private static let legend = """
        <div class="legend" aria-label="Legend">\
        <span><span class="sw sw-foreground"></span>foreground</span><span><span class="sw sw-background"></span>background</span>\
        <span><span class="sw sw-suspended"></span>suspended (inferred)</span><span><span class="sw sw-not-running"></span>not running</span>\
        <span><span class="sw dot"></span>wake</span><span><span class="sw diamond"></span>relaunch</span>\
        <span><span class="sw sw-task-ended"></span>task ended</span><span><span class="sw sw-task-expired"></span>task expired</span>\
        <span><span class="sw sw-task-open"></span>task with no end</span>\
        <span><span class="sw sw-job-completed"></span>job completed</span><span><span class="sw sw-job-checkpointed"></span>checkpointed</span>\
        <span><span class="sw sw-job-failed"></span>failed</span><span><span class="sw sw-job-open"></span>no end</span>\
        <span><span class="sw hatch"></span>gap (numbered as in the table)</span></div>
        """
}
