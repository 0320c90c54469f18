import Foundation
import Testing
import Wakeful
@testable import WakefulServer
import WakefulTestSupport

@Suite("dashboard: lanes and gaps from a device's timeline", .hangLimit, .watchdog)
struct DashboardLaneTests {
    let activity = DeviceActivity.extract(
        records: DashboardFixture.stored(), window: DashboardFixture.window, pushes: [])

    /// A span's state and bounds relative to the fixture's start.
    private func relative(_ span: StateSpan) -> String {
        "\(span.state.rawValue) \(Int(span.start - DashboardFixture.start))-\(Int(span.end - DashboardFixture.start))"
    }

    @Test("app states follow the lifecycle events, suspension and termination inferred from silence")
    func states() {
        #expect(
            activity.states.map(relative) == [
                "foreground 0-60", "background 60-90", "suspended 90-1800", "background 1800-1805",
                "not running 1805-3600",
                "suspended 3600-3700",
            ])
        #expect(activity.unreadableEntries == 0)
    }

    @Test("wakes by source, relaunches marked")
    func wakes() {
        let wakes = activity.wakes.map {
            "\($0.source.rawValue)@\(Int($0.time - DashboardFixture.start))\($0.relaunch ? "!" : "")"
        }
        #expect(wakes == ["user@0!", "region@1800", "significant change@3600!", "push@3700"])
        #expect(activity.pushesReceived.map(\.id) == ["push-1"])
    }

    @Test("background tasks span begin to end, expiry kept; job runs carry their outcome")
    func tasksAndJobs() throws {
        let task = try #require(activity.tasks.first)
        #expect(activity.tasks.count == 1)
        #expect(task.name == "TaskExtension#1" && task.ending == .expired)
        #expect(task.start - DashboardFixture.start == 60 && task.end - DashboardFixture.start == 90)
        let job = try #require(activity.jobs.first)
        #expect(job.job == "sample" && job.outcome == .completed && job.end - job.start == 5)
        #expect(activity.recordTimes.count == 2)
        #expect(activity.uploads.count == 1 && activity.uploads.first?.count == 11)
    }

    @Test("gaps come longest first, each with the cause the timeline gives")
    func gaps() throws {
        let gaps = activity.gaps
        #expect(gaps.count == 2)
        let first = try #require(gaps.first)
        #expect(first.start - DashboardFixture.start == 1805 && first.end - DashboardFixture.start == 3600)
        #expect(first.cause == "suspended at the end of the region wake's ≈10 s, then terminated by the system")
        #expect(first.endedBy == "relaunch: significant change")
        #expect(first.rules == ["LOC-21", "STATE-3"])
        #expect(first.state == .notRunning)
        let second = try #require(gaps.last)
        #expect(second.cause == "suspended when its background task TaskExtension#1 expired")
        #expect(second.endedBy == "wake: region (regionExited)")
        #expect(second.rules == ["TASK-12"])
        #expect(second.state == .suspended)
    }

    @Test("gap causes name willTerminate, a scheduled task waited for and Low Power Mode")
    func otherCauses() throws {
        let start = DashboardFixture.start
        let bodies: [(TimeInterval, TimelineEntry.Body)] = [
            (0, .event(.lowPowerModeChanged(true))),
            (
                0,
                .command(
                    .submitTaskRequest(TaskRequest(identifier: "refresh", kind: .appRefresh)), by: "ScheduledRefresh")
            ),
            (10, .event(.willTerminate)),
            (4000, .event(.didFinishLaunching(.scheduledTask))),
            (4000, .event(.scheduledTaskLaunched(ScheduledTaskLaunch(identifier: "refresh", kind: .appRefresh)))),
        ]
        let records = bodies.enumerated().map { index, item in
            var line: [UInt8] = []
            TimelineJSONEncoder().encode(TimelineEntry(time: item.0, body: item.1), into: &line)
            let record = OutboxRecord(
                uuid: UUID(), seq: Int64(index + 1), kind: OutboxRecord.timelineKind,
                payload: String(decoding: line.dropLast(), as: UTF8.self),
                recordedAt: start + item.0)
            return StoredRecord(record: record, receivedAt: start + 5000)
        }
        let window = DashboardWindow(start: start, end: start + 4000)
        let activity = DeviceActivity.extract(records: records, window: window, pushes: [])
        let gap = try #require(activity.gaps.first)
        #expect(gap.cause.hasPrefix("terminated while running: willTerminate was delivered"))
        #expect(gap.cause.contains("waiting for the scheduled task refresh submitted 1 h 6 min earlier"))
        #expect(gap.cause.contains("Low Power Mode on"))
        #expect(gap.rules == ["BGT-12", "BGT-8", "STATE-6"])
        #expect(
            activity.states.contains { $0.state == .notRunning && $0.start == start + 10 && $0.end == start + 4000 })
    }

    @Test("an entry this server cannot read is counted, not drawn, and never fails the page")
    func unreadable() {
        let record = OutboxRecord(
            uuid: UUID(), seq: 1, kind: OutboxRecord.timelineKind, payload: #"{"event":"appLaunched"}"#,
            recordedAt: DashboardFixture.start)
        let activity = DeviceActivity.extract(
            records: [StoredRecord(record: record, receivedAt: ServerHarness.now)], window: DashboardFixture.window,
            pushes: [])
        #expect(activity.unreadableEntries == 1)
        #expect(activity.entries.isEmpty && activity.activityTimes.count == 1 && activity.timelineEntries == 1)
    }

    @Test("the chart has every lane, the expired task and the numbered gaps, with tooltips")
    func chart() {
        let svg = SwimlaneChart(activity: activity, gaps: activity.gaps, window: DashboardFixture.window).svg()
        for lane in ["App state", "Wakes", "Tasks", "Jobs", "Records", "Uploads", "Pushes"] {
            #expect(svg.contains(">\(lane)</text>"), "lane \(lane)")
        }
        #expect(svg.contains(#"class="task-expired""#))
        #expect(svg.contains("<title>TaskExtension#1: expired"))
        #expect(svg.contains(#"class="state-not-running""#))
        #expect(svg.contains("<title>gap 1: 29 min"))
        #expect(svg.components(separatedBy: #"class="wake"#).count - 1 == 4)
    }
}
