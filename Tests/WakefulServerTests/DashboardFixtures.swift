import Foundation
import Wakeful
@testable import WakefulServer

/// A known device day for the dashboard's tests: launched by the user, backgrounded with a task
/// that expires, woken by a region exit that runs a job, relaunched by a significant change, then
/// reached by a silent push. Times are seconds after ``start``.
enum DashboardFixture {
    static let start = ServerHarness.now - 7200

    static let entries: [(TimeInterval, TimelineEntry.Body)] = [
        (0, .event(.didFinishLaunching(.user))),
        (60, .event(.didEnterBackground)),
        (60, .command(.beginBackgroundTask(BackgroundTaskID(owner: "TaskExtension", serial: 1)), by: "TaskExtension")),
        (90, .event(.backgroundTaskExpiring(BackgroundTaskID(owner: "TaskExtension", serial: 1)))),
        (1800, .event(.regionExited(RegionID("home")))),
        (1800, .command(.runJob(JobRun(job: "sample", run: 1, budget: 25)), by: "JobScheduler")),
        (1805, .event(.jobFinished(JobResult(job: "sample", run: 1, outcome: .completed, progress: 1)))),
        (3600, .event(.didFinishLaunching(.significantChange))),
        (3700, .event(.remoteNotification(RemoteNotification(id: "push-1")))),
    ]

    /// Data records (not timeline entries), seconds after ``start``.
    static let dataTimes: [TimeInterval] = [1801, 1802]

    /// The fixture as stored records of `install`, received at `receivedAt`.
    static func records(install: UUID) -> [OutboxRecord] {
        var records: [OutboxRecord] = []
        var seq: Int64 = 0
        var all: [(TimeInterval, String, String)] = entries.map { time, body in
            var line: [UInt8] = []
            TimelineJSONEncoder().encode(TimelineEntry(time: time, body: body), into: &line)
            if line.last == UInt8(ascii: "\n") { line.removeLast() }
            return (time, OutboxRecord.timelineKind, String(decoding: line, as: UTF8.self))
        }
        all += dataTimes.map { ($0, "sensor", #"{"value":1}"#) }
        for (time, kind, payload) in all.sorted(by: { $0.0 < $1.0 }) {
            seq += 1
            records.append(
                OutboxRecord(
                    uuid: RecordIdentity.uuid(install: install, seq: seq), seq: seq, kind: kind, payload: payload,
                    recordedAt: start + time))
        }
        return records
    }

    /// The fixture as the dashboard reads it back, all received at the harness's now.
    static func stored() -> [StoredRecord] {
        records(install: UUID()).map { StoredRecord(record: $0, receivedAt: ServerHarness.now) }
    }

    /// The window of the whole fixture.
    static let window = DashboardWindow(start: start, end: start + 3700)
}

/// Records for the dashboard's tests, built entry by entry: timeline entries and data records of
/// one install, numbered in the order they are added and stored in `(recorded_at, seq)` order.
struct DashboardRecords {
    var install = UUID()
    private(set) var records: [OutboxRecord] = []
    /// The `received_at` of each record, by seq.
    private var receipts: [Int64: TimeInterval] = [:]

    /// Adds a timeline entry recorded at `time`, received at `receivedAt` (by default at `time`).
    mutating func add(_ body: TimelineEntry.Body, at time: TimeInterval, receivedAt: TimeInterval? = nil) {
        var line: [UInt8] = []
        TimelineJSONEncoder().encode(TimelineEntry(time: time, body: body), into: &line)
        if line.last == UInt8(ascii: "\n") { line.removeLast() }
        append(
            kind: OutboxRecord.timelineKind, payload: String(decoding: line, as: UTF8.self), at: time,
            receivedAt: receivedAt)
    }

    /// Adds a data record recorded at `time`.
    mutating func addData(at time: TimeInterval, kind: String = "sensor", receivedAt: TimeInterval? = nil) {
        append(kind: kind, payload: #"{"value":1}"#, at: time, receivedAt: receivedAt)
    }

    private mutating func append(kind: String, payload: String, at time: TimeInterval, receivedAt: TimeInterval?) {
        let seq = Int64(records.count + 1)
        records.append(
            OutboxRecord(
                uuid: RecordIdentity.uuid(install: install, seq: seq), seq: seq, kind: kind, payload: payload,
                recordedAt: time))
        receipts[seq] = receivedAt ?? time
    }

    /// The records as storage returns them: ordered by `(recorded_at, seq)`.
    var stored: [StoredRecord] {
        records.sorted { ($0.recordedAt, $0.seq) < ($1.recordedAt, $1.seq) }.map {
            StoredRecord(record: $0, receivedAt: receipts[$0.seq] ?? $0.recordedAt)
        }
    }

    /// The records as ingest batches of at most `size`, in the order they were added.
    func batches(size: Int = 500) -> [IngestBatch] {
        stride(from: 0, to: records.count, by: size).map {
            IngestBatch(
                batchID: UUID(), installID: install, records: Array(records[$0..<min($0 + size, records.count)]))
        }
    }
}

/// SplitMix64: a tiny seeded generator, so that a failing seed can be run again.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random but valid device timelines: lifecycle events, tasks, scheduled tasks, location sessions,
/// wakes of every discrete source, jobs and data records, with silences from none to hours and
/// several entries at one time.
enum RandomTimeline {
    static let identifiers = ["jobs.processing", "jobs.refresh"]

    /// `count` records from `start`.
    static func make(seed: UInt64, start: TimeInterval, count: Int) -> DashboardRecords {
        var random = SplitMix64(state: seed)
        var records = DashboardRecords()
        var time = start
        var serial = 0
        var run = 0
        records.add(.event(.didFinishLaunching(.user)), at: time)
        for _ in 1..<count {
            time += [0, 0, 1, 3, 20, 45, 90, 400, 1500, 5000].randomElement(using: &random)!
            let task = BackgroundTaskID(owner: "TaskExtension", serial: max(1, serial))
            let identifier = identifiers.randomElement(using: &random)!
            let body: TimelineEntry.Body?
            switch Int.random(in: 0..<26, using: &random) {
            case 0: body = .event(.didFinishLaunching(LaunchReason.allCases.randomElement(using: &random)!))
            case 1: body = .event(.didEnterBackground)
            case 2: body = .event(.willEnterForeground)
            case 3: body = .event(.didBecomeActive)
            case 4: body = .event(.willTerminate)
            case 5:
                serial += 1
                body = .command(
                    .beginBackgroundTask(BackgroundTaskID(owner: "TaskExtension", serial: serial)), by: "TaskExtension")
            case 6: body = .command(.endBackgroundTask(task), by: "TaskExtension")
            case 7: body = .event(.backgroundTaskExpiring(task))
            case 8, 9:
                let kind = [ScheduledTaskKind.appRefresh, .processing].randomElement(using: &random)!
                body = .event(.scheduledTaskLaunched(ScheduledTaskLaunch(identifier: identifier, kind: kind)))
            case 10: body = .command(.completeScheduledTask(identifier: identifier, success: true), by: "Jobs")
            case 11: body = .event(.scheduledTaskExpiring(identifier: identifier))
            case 12:
                body = .command(.submitTaskRequest(TaskRequest(identifier: identifier, kind: .appRefresh)), by: "Jobs")
            case 13:
                body = .command(
                    .startUpdatingLocation(LocationRequest(allowsBackgroundUpdates: Bool.random(using: &random))),
                    by: "Location")
            case 14: body = .command(.stopUpdatingLocation, by: "Location")
            case 15: body = .event(.locationUpdatesPaused)
            case 16:
                body = .event(
                    [.regionExited(RegionID("home")), .regionEntered(RegionID("work"))].randomElement(using: &random)!)
            case 17:
                body = .event(
                    .remoteNotification(RemoteNotification(id: "push-\(Int.random(in: 0..<1000, using: &random))")))
            case 18:
                body = .event(.voipPush(RemoteNotification(id: "voip-\(Int.random(in: 0..<1000, using: &random))")))
            case 19: body = .event(.urlSessionEvents(sessionIdentifier: "uploads"))
            case 20: body = .event(.timerFired(TimerID("tick")))
            case 21: body = .event(.lowPowerModeChanged(Bool.random(using: &random)))
            case 22:
                run += 1
                body = .command(.runJob(JobRun(job: identifier, run: run, budget: 25)), by: "Jobs")
            case 23:
                body = .event(
                    .jobFinished(JobResult(job: identifier, run: max(1, run), outcome: .completed, progress: 1)))
            default: body = nil
            }
            if let body { records.add(body, at: time) } else { records.addData(at: time) }
        }
        return records
    }
}
