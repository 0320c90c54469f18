import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import Wakeful
@testable import WakefulServer
import WakefulTestSupport

/// The defects seen on a fleet device's page, each as the test that would have caught it.
@Suite("dashboard: the device page never contradicts itself", .hangLimit, .watchdog)
struct DashboardRegressionTests {
    static let now = ServerHarness.now

    @Test(
        "10 scheduled-task launches in the window are 10 wakes, also while location keeps the app running",
        .hangLimit)
    func scheduledLaunches() async throws {
        var timeline = DashboardRecords()
        let start = Self.now - 12 * 3600
        timeline.add(.event(.didFinishLaunching(.user)), at: start)
        timeline.add(.event(.didEnterBackground), at: start + 60)
        timeline.add(
            .command(.startUpdatingLocation(LocationRequest(allowsBackgroundUpdates: true)), by: "Location"),
            at: start + 60)
        for index in 1...6 {
            let time = start + Double(index) * 3600
            timeline.add(
                .event(.scheduledTaskLaunched(ScheduledTaskLaunch(identifier: "jobs.refresh", kind: .appRefresh))),
                at: time)
            timeline.add(
                .command(.completeScheduledTask(identifier: "jobs.refresh", success: true), by: "Jobs"), at: time + 5)
        }
        // Location off: the next four launches each resume a suspended app.
        timeline.add(.command(.stopUpdatingLocation, by: "Location"), at: start + 6 * 3600 + 10)
        for index in 7...10 {
            let time = start + Double(index) * 3600
            timeline.add(
                .event(.scheduledTaskLaunched(ScheduledTaskLaunch(identifier: "jobs.refresh", kind: .appRefresh))),
                at: time)
            timeline.add(
                .command(.completeScheduledTask(identifier: "jobs.refresh", success: true), by: "Jobs"), at: time + 5)
        }
        try await Self.withDevice(timeline) { page, html in
            let activity = page.activity
            #expect(activity.wakes.filter { $0.source == .scheduledTask }.count == 10)
            #expect(activity.wakes.filter { $0.source == .scheduledTask && $0.effect == .delivered }.count == 6)
            #expect(activity.wakes.filter { $0.source == .scheduledTask && $0.effect == .resumed }.count == 4)
            #expect(html.contains(">BGTask / fetch (10)</text>"))
            // While location kept it running the state lane says background, and so do the gaps.
            let running = try #require(
                activity.states.first {
                    $0.state == .background && $0.start <= start + 3600 && $0.end >= start + 6 * 3600
                })
            #expect(running.end >= start + 6 * 3600 + 10)
            let silences = activity.gaps.filter { $0.end <= start + 6 * 3600 && $0.start >= start + 60 }
            #expect(!silences.isEmpty && silences.allSatisfy { $0.state == .background && $0.cause.contains("LOC-2") })
            let later = activity.gaps.filter { $0.start >= start + 7 * 3600 }
            #expect(
                !later.isEmpty
                    && later.allSatisfy {
                        $0.state == .suspended
                            && $0.cause.hasPrefix("suspended after its scheduled task jobs.refresh completed")
                    })
        }
    }

    @Test(
        "the state is carried in from before the window: 1 h, 6 h and 24 h draw the last hour alike",
        .hangLimit)
    func stateCarriedIn() async throws {
        var timeline = DashboardRecords()
        let start = Self.now - 20 * 3600
        timeline.add(.event(.didFinishLaunching(.user)), at: start)
        timeline.add(.event(.didEnterBackground), at: start + 30)
        timeline.add(
            .command(.startUpdatingLocation(LocationRequest(allowsBackgroundUpdates: true)), by: "Location"),
            at: start + 30)
        // Location fixes are data records: the lifecycle timeline leaves the callbacks out.
        for index in 1...39 { timeline.addData(at: start + Double(index) * 1800, kind: "location") }
        // A second app: suspended long before the window, after its task ended.
        var suspended = DashboardRecords()
        suspended.add(.event(.didFinishLaunching(.region)), at: start)
        suspended.add(.command(.beginBackgroundTask(BackgroundTaskID(owner: "T", serial: 1)), by: "T"), at: start + 1)
        suspended.add(.command(.endBackgroundTask(BackgroundTaskID(owner: "T", serial: 1)), by: "T"), at: start + 9)
        suspended.add(.event(.regionExited(RegionID("home"))), at: Self.now - 1800)
        for (records, state) in [(timeline, ObservedState.background), (suspended, .suspended)] {
            var lastHours: [[String]] = []
            for preset in [DashboardPreset.hour, .sixHours, .day] {
                let spans = try await Self.withDevice(records, request: .preset(preset)) { page, _ in
                    let end = page.window.end
                    return DashboardConsistencyTests.clip(
                        page.activity.states, to: DashboardWindow(start: end - 3600, end: end))
                }
                #expect(spans.first?.state == state, "\(preset.rawValue)")
                lastHours.append(DashboardConsistencyTests.merged(spans))
            }
            #expect(Set(lastHours).count == 1, "\(lastHours)")
        }
    }

    @Test(
        "a record dated 9999 or 0001 moves no window and is flagged; the lag never reads as years",
        .hangLimit)
    func clockOff() async throws {
        try await ServerHarness.withServer { harness, client in
            let device = try await client.register()
            var records = DashboardFixture.records(install: device.installID)
            let future = try #require(RFC3339Time.secondsSince1970(parsing: "9999-12-31T00:00:00Z"))
            let past = try #require(RFC3339Time.secondsSince1970(parsing: "0001-01-01T00:00:00Z"))
            for (offset, time) in [future, past].enumerated() {
                let seq = Int64(records.count + 1 + offset)
                records.append(
                    OutboxRecord(
                        uuid: RecordIdentity.uuid(install: device.installID, seq: seq), seq: seq, kind: "sensor",
                        payload: #"{"value":1}"#, recordedAt: time))
            }
            #expect(
                try await client.ingest(
                    IngestBatch(batchID: UUID(), installID: device.installID, records: records), token: device.token
                ).status == .ok)
            let page = try await client.send(
                .get, "/dashboard/devices/\(device.id.uuidString)", token: ServerHarness.adminToken
            ).text
            // The same window as without those records: presets end at the fixture's newest record.
            #expect(page.contains("2026-11-20 07:01:40 – 2026-11-21 07:01:40 UTC (24 h)"))
            #expect(page.contains("Device clock off"))
            #expect(
                page.contains("a record dated 9999-12-31 00:00:00, stored 2026-11-21 08:00:00: device clock ahead by"))
            #expect(
                page.contains("a record dated 0001-01-01 00:00:00, stored 2026-11-21 08:00:00: device clock behind by"))
            #expect(!page.contains("years</b>"))
            let all = try await client.send(
                .get, "/dashboard/devices/\(device.id.uuidString)?preset=all", token: ServerHarness.adminToken
            ).text
            #expect(all.contains("2026-11-21 06:00:00 – 2026-11-21 07:01:40 UTC"))
            let list = try await client.send(.get, "/dashboard", token: ServerHarness.adminToken).text
            #expect(list.contains("device clock off</span></td>") && !list.contains("years</td>"))
            _ = harness
        }
    }

    @Test("the 7 d view counts no day before the device existed as a gap", .hangLimit)
    func beforeTheDevice() async throws {
        var timeline = DashboardRecords()
        for (time, body) in DashboardFixture.entries { timeline.add(body, at: DashboardFixture.start + time) }
        try await Self.withDevice(timeline, request: .preset(.week)) { page, html in
            #expect(page.window.duration == 7 * 86400)
            #expect(page.activity.lifeStart == DashboardFixture.start)
            #expect(page.activity.gaps.allSatisfy { $0.start >= DashboardFixture.start })
            #expect((page.activity.gaps.map(\.duration).max() ?? 0) < 3600)
            #expect(page.activity.states.allSatisfy { $0.start >= DashboardFixture.start })
            #expect(html.contains("The device was first seen 2026-11-21 06:00:00"))
        }
    }

    @Test("two loads of the same page are byte-identical, ties between equal times included", .hangLimit)
    func sameBytes() async throws {
        var timeline = DashboardRecords()
        let start = Self.now - 6 * 3600
        timeline.add(.event(.didFinishLaunching(.user)), at: start)
        // Two requests and two tasks at one time: their order must not come from a dictionary.
        timeline.add(
            .command(.submitTaskRequest(TaskRequest(identifier: "jobs.refresh", kind: .appRefresh)), by: "Jobs"),
            at: start + 1)
        timeline.add(
            .command(.submitTaskRequest(TaskRequest(identifier: "jobs.processing", kind: .processing)), by: "Jobs"),
            at: start + 1)
        timeline.add(.event(.didEnterBackground), at: start + 2)
        for serial in 1...4 {
            timeline.add(
                .command(.beginBackgroundTask(BackgroundTaskID(owner: "T", serial: serial)), by: "T"), at: start + 2)
        }
        timeline.add(.command(.runJob(JobRun(job: "a", run: 1, budget: 25)), by: "Jobs"), at: start + 2)
        timeline.add(.command(.runJob(JobRun(job: "b", run: 1, budget: 25)), by: "Jobs"), at: start + 2)
        timeline.add(.event(.didFinishLaunching(.region)), at: start + 3 * 3600)
        timeline.add(.event(.regionExited(RegionID("home"))), at: start + 3 * 3600)
        let records = timeline
        try await ServerHarness.withServer { _, client in
            let device = try await client.register(install: records.install)
            for batch in records.batches() {
                #expect(try await client.ingest(batch, token: device.token).status == .ok)
            }
            var pages: [String] = []
            for _ in 0..<6 {
                pages.append(
                    try await client.send(
                        .get, "/dashboard/devices/\(device.id.uuidString)?preset=6h", token: ServerHarness.adminToken
                    ).text)
            }
            for page in pages.dropFirst() {
                #expect(page == pages[0], "\(Self.firstDifference(pages[0], page))")
            }
            // The tie is broken by name: the same cause every time.
            #expect(pages.first?.contains("waiting for the scheduled task jobs.processing") == true)
        }
    }

    @Test(
        "the device page shows the install, the registered versions and the setup from the run header",
        .hangLimit)
    func facts() async throws {
        var timeline = DashboardRecords()
        let start = Self.now - 3600
        let header = TimelineHeader(
            source: "device", device: "iPhone15,2", ios: "17.5.1", setup: "TaskExtension",
            strategies: ["BeaconTrigger", "TaskExtension"],
            backgroundModes: ["location"], locationAuthorization: "always")
        timeline.add(header.entry(at: start).body, at: start)
        timeline.add(.event(.didFinishLaunching(.user)), at: start)
        let install = timeline.install
        try await Self.withDevice(timeline) { page, html in
            #expect(html.contains(#"Install <b class="mono">\#(install.uuidString)</b>"#))
            #expect(html.contains("App version <b>1.0</b>"))
            #expect(html.contains("iOS <b>17.4</b> (registered)"))
            #expect(html.contains("Model <b>iPhone15,2</b>"))
            #expect(html.contains("iOS <b>17.5.1 (run header)</b>"))
            #expect(html.contains("Setup <b>TaskExtension</b>"))
            #expect(html.contains("Strategies <b>BeaconTrigger, TaskExtension</b>"))
            #expect(html.contains("Background modes <b>location</b>"))
            #expect(page.activity.header?.setup == "TaskExtension")
        }
    }

    @Test("the records lane says what it counts: data records, not the timeline entries", .hangLimit)
    func recordsLane() async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register()
            let batch = IngestBatch(
                batchID: UUID(), installID: device.installID,
                records: DashboardFixture.records(install: device.installID))
            #expect(try await client.ingest(batch, token: device.token).status == .ok)
            let html = try await client.send(
                .get, "/dashboard/devices/\(device.id.uuidString)?preset=all", token: ServerHarness.adminToken
            ).text
            #expect(html.contains(">2 data records, bar = "))
            #expect(html.contains(">not counted: 9 timeline entries</text>"))
            #expect(html.contains("11 records: 2 data records and 9 timeline entries"))
        }
    }

    // MARK: Helpers

    /// Registers `timeline`'s install, uploads it and reads the device page for `request` both as
    /// the page model and as the HTML the server sends.
    @discardableResult
    static func withDevice<T: Sendable>(
        _ timeline: DashboardRecords, request: DashboardWindowRequest = .standard,
        _ body: @escaping @Sendable (DevicePage, String) async throws -> T
    ) async throws -> T {
        try await ServerHarness.withServer { harness, client in
            let device = try await client.register(install: timeline.install)
            for batch in timeline.batches() {
                #expect(try await client.ingest(batch, token: device.token).status == .ok)
            }
            let summary = try #require(try await harness.storage.deviceSummaries().first { $0.id == device.id })
            let page = try await DashboardData(storage: harness.storage, limits: harness.configuration.limits)
                .page(device: summary, request: request, now: Self.now, pushes: { _, _, _ in [] })
            let query: String
            switch request {
            case .preset(let preset): query = "preset=\(preset.rawValue)"
            case .range: query = ""
            }
            let html = try await client.send(
                .get, "/dashboard/devices/\(device.id.uuidString)?\(query)", token: ServerHarness.adminToken
            ).text
            return try await body(page, html)
        }
    }
}

extension DashboardRegressionTests {
    /// The first line where two pages differ, both ways, for a failure message.
    static func firstDifference(_ first: String, _ second: String) -> String {
        let lines = (first.split(separator: "\n"), second.split(separator: "\n"))
        for (index, (one, other)) in zip(lines.0, lines.1).enumerated() where one != other {
            return "line \(index + 1) differs:\n- \(one)\n+ \(other)"
        }
        return "one page has \(lines.0.count) lines, the other \(lines.1.count)"
    }
}
