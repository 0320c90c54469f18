import Foundation
import Testing
import Wakeful
@testable import WakefulServer
import WakefulTestSupport

/// Properties of the one derivation every lane and the gap table read, over random timelines
/// (seeded: a failing seed names the timeline to replay).
@Suite("dashboard: the lanes and the gap table never contradict each other", .hangLimit, .watchdog)
struct DashboardConsistencyTests {
    static let seeds = Array(UInt64(1)...UInt64(40))
    static let start = ServerHarness.now - 100 * 3600

    /// The sources whose every event is a wake (``WakeSource/isDiscrete(_:)``), in the generator's timelines.
    static let discreteSources: Set<WakeSource> = [
        .push, .voipPush, .scheduledTask, .region, .significantChange, .visit, .urlSession,
    ]

    @Test(
        "random timelines: gaps lie in one state span and name its state; wakes and timeline match one to one",
        arguments: seeds)
    func lanesAgree(seed: UInt64) throws {
        let records = RandomTimeline.make(seed: seed, start: Self.start, count: 400).stored
        let end = try #require(records.last).record.recordedAt
        let lengths: [TimeInterval] = [3600, 6 * 3600, 24 * 3600, end - Self.start]
        for length in lengths where end - length >= Self.start {
            let window = DashboardWindow(start: end - length, end: end)
            let activity = Self.extract(records, window: window)
            try Self.checkAgreement(activity, records: records, window: window, seed: seed)
        }
    }

    @Test(
        "random timelines: the state and the wakes at any moment are the same in every window that holds it",
        arguments: seeds)
    func windowsAgree(seed: UInt64) throws {
        let records = RandomTimeline.make(seed: seed, start: Self.start, count: 400).stored
        let end = try #require(records.last).record.recordedAt
        // The whole history walked: the truth every window must agree with.
        let whole = DeviceActivity.extract(
            records: records, window: DashboardWindow(start: Self.start, end: end), lifeStart: Self.start, pushes: [])
        let lengths: [TimeInterval] = [3600, 6 * 3600, 24 * 3600]
        for length in lengths where end - length > Self.start {
            let window = DashboardWindow(start: end - length, end: end)
            let activity = Self.extract(records, window: window)
            #expect(
                Self.merged(activity.states) == Self.merged(Self.clip(whole.states, to: window)),
                "seed \(seed), \(Int(length)) s")
            #expect(activity.wakes == whole.wakes.filter { $0.time >= window.start }, "seed \(seed), \(Int(length)) s")
        }
    }

    @Test("the same records give the same page, byte for byte", arguments: [UInt64(3), 17, 29])
    func sameBytes(seed: UInt64) throws {
        let records = RandomTimeline.make(seed: seed, start: Self.start, count: 400).stored
        let end = try #require(records.last).record.recordedAt
        let window = DashboardWindow(start: end - 24 * 3600, end: end)
        let pages = (0..<4).map { _ in Self.page(Self.extract(records, window: window), window: window).html() }
        #expect(Set(pages).count == 1)
    }

    // MARK: Helpers

    /// What the device page does: the window's records, with the records before it cut at the
    /// last launch or termination (``DashboardData/preludeCut(newestFirst:)``) carried in.
    static func extract(_ records: [StoredRecord], window: DashboardWindow) -> DeviceActivity {
        let before = records.filter { $0.record.recordedAt < window.start }
        let prelude = DashboardData.preludeCut(newestFirst: before.reversed()) ?? before
        let inside = records.filter { $0.record.recordedAt >= window.start && $0.record.recordedAt <= window.end }
        return DeviceActivity.extract(records: inside, prelude: prelude, window: window, lifeStart: start, pushes: [])
    }

    static func page(_ activity: DeviceActivity, window: DashboardWindow) -> DevicePage {
        let device = DeviceSummary(
            id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
            installID: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!,
            bundleID: "com.example.app", createdAt: start, lastSeen: window.end, revokedAt: nil, recordCount: 400,
            lagMedian: 0, lagMax: 0)
        return DevicePage(
            device: device, versions: RegisteredVersions(appVersion: "1.0", osVersion: "17.4"), extremes: [],
            request: .standard, window: window,
            activity: activity, truncated: false)
    }

    /// States as (start, end, state), adjacent spans of one state joined: the notes say how a
    /// span began, which a window that starts inside it cannot know.
    static func merged(_ spans: [StateSpan]) -> [String] {
        var joined: [StateSpan] = []
        for span in spans {
            if let last = joined.last, last.state == span.state, last.end == span.start {
                joined[joined.count - 1].end = span.end
            } else {
                joined.append(span)
            }
        }
        return joined.map { "\($0.state.rawValue) \($0.start)–\($0.end)" }
    }

    static func clip(_ spans: [StateSpan], to window: DashboardWindow) -> [StateSpan] {
        spans.compactMap { span in
            var span = span
            span.start = max(span.start, window.start)
            span.end = min(span.end, window.end)
            return span.end > span.start ? span : nil
        }
    }

    static func checkAgreement(
        _ activity: DeviceActivity, records: [StoredRecord], window: DashboardWindow, seed: UInt64
    ) throws {
        let context = "seed \(seed), window \(Int(window.duration)) s"
        let states = activity.states
        for span in states {
            #expect(span.start < span.end && span.start >= activity.lifeStart && span.end <= window.end, "\(context)")
        }
        for (earlier, later) in zip(states, states.dropFirst()) { #expect(earlier.end <= later.start, "\(context)") }

        let inside = records.filter { $0.record.recordedAt >= window.start && $0.record.recordedAt <= window.end }
        let times = inside.map(\.record.recordedAt)
        for gap in activity.gaps {
            #expect(!times.contains { $0 > gap.start && $0 < gap.end }, "\(context): a record inside gap \(gap.start)")
            let covering = states.filter { $0.start < gap.end && $0.end > gap.start }
            if let state = gap.state {
                #expect(covering.count == 1, "\(context): gap at \(gap.start) crosses \(covering.count) state spans")
                #expect(
                    covering.first.map { $0.start <= gap.start && $0.end >= gap.end && $0.state == state } == true,
                    "\(context)")
            } else {
                #expect(covering.isEmpty, "\(context): a gap of unknown state under a drawn state")
            }
            switch gap.state {
            case .suspended?, .notRunning?:
                #expect(
                    gap.cause.hasPrefix("suspended") || gap.cause.hasPrefix("terminated"), "\(context): \(gap.cause)")
            case .background?: #expect(gap.cause.hasPrefix("running in the background"), "\(context): \(gap.cause)")
            case .foreground?: #expect(gap.cause == "in the foreground, recording nothing", "\(context)")
            case nil: #expect(gap.cause.hasPrefix("state unknown"), "\(context): \(gap.cause)")
            }
        }

        // Every launch and every discrete wake event in the window is one wake of its source …
        var expected: [String] = []
        var lastLaunch: (TimeInterval, WakeSource)?
        var entriesAt: [TimeInterval: [TimelineEntry.Body]] = [:]
        for stored in inside where stored.record.kind == OutboxRecord.timelineKind {
            let entry = try TimelineDecoder.decode(line: Array(stored.record.payload.utf8), file: "test", lineNumber: 1)
            let time = stored.record.recordedAt
            entriesAt[time, default: []].append(entry.body)
            guard case .event(let event) = entry.body else { continue }
            if case .didFinishLaunching(let reason) = event {
                expected.append("\(time) \(WakeSource(reason).rawValue) launch")
                lastLaunch = (time, WakeSource(reason))
            } else if WakeSource.isDiscrete(event), let source = WakeSource(event),
                !(lastLaunch?.0 == time && lastLaunch?.1 == source)
            {
                expected.append("\(time) \(source.rawValue)")
            }
        }
        let drawn = activity.wakes.filter { $0.relaunch || Self.discreteSources.contains($0.source) }
            .map { "\($0.time) \($0.source.rawValue)\($0.relaunch ? " launch" : "")" }
        #expect(drawn == expected, "\(context)")
        // … and every other wake is an entry or a record at its time that resumed the app.
        for wake in activity.wakes where !wake.relaunch && !Self.discreteSources.contains(wake.source) {
            #expect(wake.effect == .resumed, "\(context)")
            #expect(times.contains(wake.time), "\(context): a wake at \(wake.time) without a record")
            if wake.source == .user {
                #expect(
                    entriesAt[wake.time, default: []].contains {
                        $0 == .event(.willEnterForeground) || $0 == .event(.didBecomeActive)
                    }, "\(context)")
            }
        }
        // A resumed wake ends a non-running span (checked where no other record shares its time,
        // which could end the process at the same instant). What follows it may be suspended from
        // that same instant: silence after a wake is suspension from its last record (STATE-1).
        for wake in activity.wakes where wake.effect == .resumed && times.filter({ $0 == wake.time }).count == 1 {
            let before = states.first { $0.start < wake.time && $0.end >= wake.time }
            #expect(before.map { $0.state == .suspended || $0.state == .notRunning } ?? true, "\(context): \(wake)")
        }
        // The wakes lane's row labels count exactly the wakes.
        let svg = SwimlaneChart(activity: activity, gaps: activity.gaps, window: window).svg()
        for source in WakeSource.allCases {
            let count = activity.wakes.filter { $0.source == source }.count
            if count > 0 { #expect(svg.contains(">\(source.rawValue) (\(count))</text>"), "\(context): \(source)") }
        }
    }
}
