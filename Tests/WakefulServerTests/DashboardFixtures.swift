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
                OutboxRecord(uuid: RecordIdentity.uuid(install: install, seq: seq), seq: seq, kind: kind, payload: payload, recordedAt: start + time))
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
