import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import Wakeful
import WakefulServer
import WakefulTestSupport

@Suite("dashboard: the devices page and a device's page", .hangLimit, .watchdog)
struct DashboardPageTests {
    @Test("the devices page lists every seeded device with its bundle, records and revocation")
    func devices() async throws {
        try await ServerHarness.withServer { _, client in
            let busy = try await client.register()
            let revoked = try await client.register()
            _ = try await client.ingest(
                IngestBatch(
                    batchID: UUID(), installID: busy.installID, records: makeRecords(install: busy.installID, count: 3)),
                token: busy.token)
            _ = try await client.send(.delete, "/v1/devices/\(revoked.id.uuidString)", token: ServerHarness.adminToken)
            let page = try await client.send(.get, "/dashboard", token: ServerHarness.adminToken)
            #expect(page.status == .ok)
            #expect(page.text.contains("2 registered"))
            #expect(page.text.contains(#"<a href="/dashboard/devices/\#(busy.id.uuidString)">"#))
            #expect(page.text.contains(#"<td class="num">3</td>"#))
            #expect(page.text.contains("com.example.app"))
            #expect(page.text.contains(#"<span class="revoked">revoked 2026-11-21 08:00:00</span>"#))
            #expect(!page.text.contains("http://") && !page.text.contains("https://"), "no external resources")
            #expect(!page.text.contains("<script"))
        }
    }

    @Test("a device's page has the chart with every lane, the expired task and the gap causes")
    func devicePage() async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register()
            let batch = IngestBatch(
                batchID: UUID(), installID: device.installID,
                records: DashboardFixture.records(install: device.installID))
            #expect(try await client.ingest(batch, token: device.token).status == .ok)
            let page = try await client.send(
                .get, "/dashboard/devices/\(device.id.uuidString)?preset=all", token: ServerHarness.adminToken)
            #expect(page.status == .ok)
            let html = page.text
            #expect(html.contains("<svg class=\"chart\""))
            for lane in ["App state", "Wakes", "Tasks", "Jobs", "Records", "Uploads", "Pushes"] {
                #expect(html.contains(">\(lane)</text>"), "lane \(lane)")
            }
            #expect(html.contains("<title>TaskExtension#1: expired, 2026-11-21 06:01:00 – 06:01:30 (30 s)</title>"))
            #expect(html.contains("<title>not running 2026-11-21 06:30:05 – 07:00:00 (29 min)"))
            #expect(
                html.contains(
                    "<td>suspended at the end of the region wake&#39;s ≈10 s, then terminated by the system</td>"))
            #expect(html.contains("<td>suspended when its background task TaskExtension#1 expired</td>"))
            #expect(
                html.contains(
                    #"<a href="/dashboard/devices/\#(device.id.uuidString)?preset=all" aria-current="page">all</a>"#))
            // Presets end at the newest record (06:01:40 after the fixture's start at 06:00).
            let day = try await client.send(
                .get, "/dashboard/devices/\(device.id.uuidString)", token: ServerHarness.adminToken)
            #expect(day.text.contains("2026-11-20 07:01:40 – 2026-11-21 07:01:40 UTC (24 h)"))
        }
    }

    @Test(
        "time filters: a malformed or contradictory parameter is a 400 that names it, never a 500",
        arguments: [
            ("preset=2h", "preset"), ("from=yesterday", "from"), ("to=2026-13-01T00:00:00Z", "to"),
            ("from=2026-11-21T08:00:00Z&to=2026-11-21T07:00:00Z", "to"),
            ("preset=1h&from=2026-11-21T08:00:00Z", "preset"),
        ])
    func timeFilters(query: String, parameter: String) async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register()
            let page = try await client.send(
                .get, "/dashboard/devices/\(device.id.uuidString)?\(query)", token: ServerHarness.adminToken)
            #expect(page.status == .badRequest)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.text.contains(#"<p class="error" role="alert">\#(parameter): expected"#))
        }
    }

    @Test("an explicit window shows just that range; an unknown device is 404; a malformed ID is 400")
    func windowsAndMissing() async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register()
            let page = try await client.send(
                .get, "/dashboard/devices/\(device.id.uuidString)?from=2026-11-21T06:00:00Z&to=2026-11-21T07:00:00Z",
                token: ServerHarness.adminToken)
            #expect(page.status == .ok)
            #expect(page.text.contains("2026-11-21 06:00:00 – 2026-11-21 07:00:00 UTC (1 h)"))
            #expect(page.text.contains("No records in this window."))
            #expect(
                try await client.send(.get, "/dashboard/devices/\(UUID().uuidString)", token: ServerHarness.adminToken)
                    .status == .notFound)
            #expect(
                try await client.send(.get, "/dashboard/devices/nope", token: ServerHarness.adminToken).status
                    == .badRequest)
        }
    }

    @Test("hostile bundle IDs and timeline payloads are escaped everywhere")
    func escaping() async throws {
        try await ServerHarness.withServer { harness, client in
            let hostile = #"<script>alert("x")</script>&'"#
            let id = try await harness.storage.register(
                DeviceRegistration(installID: UUID(), bundleID: hostile, appVersion: "1", osVersion: "17"),
                tokenHash: BearerToken.hash("t"), at: ServerHarness.now)
            let device = try await client.register()
            var line: [UInt8] = []
            TimelineJSONEncoder().encode(
                TimelineEntry(time: 0, body: .event(.regionExited(RegionID(hostile)))), into: &line)
            let record = OutboxRecord(
                uuid: UUID(), seq: 1, kind: OutboxRecord.timelineKind,
                payload: String(decoding: line.dropLast(), as: UTF8.self),
                recordedAt: ServerHarness.now - 60)
            _ = try await client.ingest(
                IngestBatch(batchID: UUID(), installID: device.installID, records: [record]), token: device.token)
            let list = try await client.send(.get, "/dashboard", token: ServerHarness.adminToken)
            #expect(!list.text.contains("<script>"))
            #expect(list.text.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;"))
            let own = try await client.send(
                .get, "/dashboard/devices/\(id.uuidString)", token: ServerHarness.adminToken)
            #expect(own.status == .ok && !own.text.contains("<script>"))
            let other = try await client.send(
                .get, "/dashboard/devices/\(device.id.uuidString)", token: ServerHarness.adminToken)
            #expect(other.status == .ok && !other.text.contains("<script>"))
            #expect(other.text.contains("(regionExited &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;)"))
            let bad = try await client.send(
                .get, "/dashboard/devices/\(device.id.uuidString)?from=%3Cscript%3E", token: ServerHarness.adminToken)
            #expect(bad.status == .badRequest && !bad.text.contains("<script>") && bad.text.contains("&lt;script&gt;"))
        }
    }
}
