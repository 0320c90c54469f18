import Foundation
import Wakeful
import WakefulCharts

/// A device's uploaded timeline exports on the dashboard: the table on the device's page, and an
/// export's own page, which draws the export's lines as the device page draws its timeline (the
/// same ``DeviceActivity``, ``SwimlaneChart`` and gap table) and links the file for `wakeful replay`.
enum TimelineExportPage {
    /// The exports section of a device's page: newest first, each linked to its page.
    static func section(deviceID: UUID, exports: [TimelineExportSummary]) -> String {
        guard !exports.isEmpty else {
            return """
                <h2 id="exports">Timeline exports</h2>
                <p class="sub">None uploaded. The app sends one with <code>WakefulApp.uploadTimelineExport</code> \
                (<code>PUT /v1/devices/me/timeline-exports/{id}</code>): the last hours of its timeline, for <code>wakeful replay</code>.</p>
                """
        }
        var rows = ""
        for export in exports {
            let link = "/dashboard/devices/\(deviceID.uuidString)/exports/\(export.id.uuidString)"
            rows += """
                <tr><td class="mono"><a href="\(link)">\(export.id.uuidString.prefix(8))</a></td>\
                <td>\(HTML.escape(DashboardFormat.time(export.receivedAt)))</td>\
                <td>\(HTML.escape(span(export)))</td>\
                <td class="num">\(export.entries)</td><td class="num">\(export.headers)</td>\
                <td class="num">\(export.bytes)</td></tr>

                """
        }
        return """
            <h2 id="exports">Timeline exports</h2>
            <p class="sub">Uploaded by the app from its own timeline files, newest first; each opens as a chart and downloads as the file for <code>wakeful replay</code>.</p>
            <table><thead><tr><th scope="col">Export</th><th scope="col">Received</th><th scope="col">Covers</th>\
            <th scope="col" class="num">Entries</th><th scope="col" class="num">Processes</th><th scope="col" class="num">Bytes</th></tr></thead>
            <tbody>\(rows)</tbody></table>
            """
    }

    /// An export's page: its facts, the app's setup from its header, its chart and gaps.
    static func page(device: DeviceSummary, export: StoredTimelineExport) -> String {
        let summary = export.summary
        let base = "/dashboard/devices/\(device.id.uuidString)"
        let records = records(of: export)
        let start = summary.from ?? summary.receivedAt
        let window = DashboardWindow(start: start, end: max(summary.to ?? start, start + 60))
        let activity = DeviceActivity.extract(records: records, window: window, lifeStart: start, pushes: [])
        let gaps = activity.gaps
        let listed = Array(gaps.prefix(DevicePage.maximumGaps))
        var body = """
            <p class="sub"><a href="/dashboard">All devices</a> · <a href="\(base)">Device \(device.id.uuidString.prefix(8))</a></p>
            <h1>Timeline export <span class="mono">\(summary.id.uuidString)</span></h1>
            <div class="facts"><span>Received <b>\(HTML.escape(DashboardFormat.time(summary.receivedAt)))</b></span>\
            <span>Covers <b>\(HTML.escape(span(summary)))</b></span>\
            <span>Entries <b>\(summary.entries)</b></span><span>Processes <b>\(summary.headers)</b></span>\
            <span>Bytes <b>\(summary.bytes)</b></span></div>
            \(DevicePage.setup(activity.header))
            <p class="sub"><a href="\(base)/exports/\(summary.id.uuidString)/file">Download the file</a> \
            (<code>GET /v1/devices/\(device.id.uuidString)/timeline-exports/\(summary.id.uuidString)</code> with the admin token), \
            then <code>wakeful replay timeline-export-\(summary.id.uuidString).jsonl</code> re-runs it in the simulator.</p>
            """
        if activity.clockFlags.count > 0 {
            body +=
                #"<p class="note flag" role="status">\#(activity.clockFlags.count) lines are dated far from the upload (a device clock off, or a timeline in the simulator's clock): they are not drawn.</p>"#
        }
        body += """
            <div class="panel">\(SwimlaneChart(activity: activity, gaps: listed, window: window).svg())\(DevicePage.legend)</div>
            <h2 id="gaps">Gaps</h2>
            \(DevicePage.gapTable(listed, total: gaps.count))
            """
        return DashboardPages.page(title: "Export \(summary.id.uuidString.prefix(8))", signedIn: true, body: body)
    }

    /// The export's lines as the timeline records the device page reads, in file order, stamped
    /// with the export's receipt.
    static func records(of export: StoredTimelineExport) -> [StoredRecord] {
        var records: [StoredRecord] = []
        var seq: Int64 = 0
        for line in export.body.split(separator: UInt8(ascii: "\n")) {
            guard let entry = try? TimelineDecoder.decode(line: line, file: "", lineNumber: 0) else { continue }
            seq += 1
            let record = OutboxRecord(
                uuid: RecordIdentity.uuid(install: export.summary.id, seq: seq), seq: seq,
                kind: OutboxRecord.timelineKind, payload: String(decoding: line, as: UTF8.self), recordedAt: entry.time)
            records.append(StoredRecord(record: record, receivedAt: export.summary.receivedAt, rowID: seq))
        }
        return records
    }

    /// `2026-11-21 06:00:00 – 08:00:00 (2h 00m)`, in the device's clock.
    private static func span(_ summary: TimelineExportSummary) -> String {
        guard let from = summary.from, let to = summary.to else { return "—" }
        return "\(DashboardFormat.time(from)) – \(DashboardFormat.time(to)) (\(DashboardFormat.duration(to - from)))"
    }
}
