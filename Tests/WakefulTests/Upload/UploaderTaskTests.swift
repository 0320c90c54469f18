import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("Uploader: in-process uploads under their own background task", .watchdog, .cpuBound)
struct UploaderTaskTests {
    static let inProcess = Uploader.Configuration(background: false)
    static let task = BackgroundTaskID(owner: Uploader.owner, serial: 1)

    @Test("an in-process upload begins its task first; a background-session upload needs none")
    func begins() throws {
        let outbox = try Uploads.outbox(records: 2)
        var uploader = Uploader(configuration: Self.inProcess, seed: 1)
        let commands = uploader.handle(.didBecomeActive, in: Uploads.foreground(0), outbox: outbox)
        let request = try #require(commands.uploads.first)
        #expect(commands == [.beginBackgroundTask(Self.task), .upload(request)])
        #expect(!request.background)

        var session = Uploader(seed: 1)
        #expect(
            session.handle(.didBecomeActive, in: Uploads.foreground(0), outbox: try Uploads.outbox(records: 2)).begun
                .isEmpty)
    }

    @Test("in the background it starts only with enough time left (TASK-6)")
    func remainingTime() throws {
        let outbox = try Uploads.outbox(records: 2)
        var uploader = Uploader(configuration: Self.inProcess, seed: 1)
        #expect(uploader.handle(.memoryWarning, in: Uploads.background(0, remaining: 4.9), outbox: outbox).isEmpty)
        #expect(
            uploader.handle(.memoryWarning, in: Uploads.background(1, remaining: 5), outbox: outbox).uploads.count == 1)
        var session = Uploader(seed: 1)
        #expect(
            session.handle(
                .memoryWarning, in: Uploads.background(0, remaining: 1), outbox: try Uploads.outbox(records: 2)
            ).uploads.count == 1)
    }

    @Test(
        "the task ends when the outcome arrives, whatever it is",
        arguments: [
            (200 as Int?, nil as String?), (400, nil), (401, nil), (409, nil), (410, nil), (413, nil), (422, nil),
            (429, nil),
            (500, nil), (503, nil), (nil, "timedOut"), (nil, "networkConnectionLost"),
        ])
    func endsOnCompletion(status: Int?, error: String?) throws {
        let outbox = try Uploads.outbox(records: 4)
        var uploader = Uploader(configuration: Self.inProcess, seed: 1)
        let request = try #require(
            uploader.handle(.didBecomeActive, in: Uploads.background(0), outbox: outbox).uploads.first)
        let outcome = status == 200 ? Uploads.accepted(request) : Uploads.failed(request, status: status, error: error)
        let commands = uploader.handle(.uploadCompleted(outcome), in: Uploads.background(1), outbox: outbox)
        #expect(commands.first == .endBackgroundTask(Self.task))
        #expect(commands.ended == [Self.task])
        // A follow-up upload (a split, a backlog) runs under a new task, ended in its turn.
        if let next = commands.uploads.first {
            let second = BackgroundTaskID(owner: Uploader.owner, serial: 2)
            #expect(commands.begun == [second])
            let after = uploader.handle(
                .uploadCompleted(Uploads.accepted(next)), in: Uploads.background(2), outbox: outbox)
            #expect(after.ended == [second])
        }
    }

    @Test("the expiration handler ends the task; the late outcome ends nothing more")
    func expiry() throws {
        let outbox = try Uploads.outbox(records: 2)
        var uploader = Uploader(configuration: Self.inProcess, seed: 1)
        let request = try #require(
            uploader.handle(.didEnterBackground, in: Uploads.background(0), outbox: outbox).uploads.first)
        #expect(
            uploader.handle(
                .backgroundTaskExpiring(Self.task), in: Uploads.background(26, remaining: 4), outbox: outbox) == [
                    .endBackgroundTask(Self.task)
                ])
        #expect(
            uploader.handle(
                .backgroundTaskExpiring(BackgroundTaskID(owner: "Other", serial: 1)), in: Uploads.background(26),
                outbox: outbox
            ).isEmpty)
        let late = uploader.handle(
            .uploadCompleted(Uploads.failed(request, status: nil, error: "networkConnectionLost")),
            in: Uploads.background(300), outbox: outbox)
        #expect(late.ended.isEmpty)
        #expect(uploader.status.backoffEnd != nil)
    }

    @Test("a denied task is forgotten, never ended; the upload's outcome is still applied")
    func denial() throws {
        let outbox = try Uploads.outbox(records: 2)
        var uploader = Uploader(configuration: Self.inProcess, seed: 1)
        let request = try #require(
            uploader.handle(.didEnterBackground, in: Uploads.background(0), outbox: outbox).uploads.first)
        #expect(uploader.handle(.backgroundTaskDenied(Self.task), in: Uploads.background(0), outbox: outbox).isEmpty)
        let commands = uploader.handle(
            .uploadCompleted(Uploads.accepted(request)), in: Uploads.background(1), outbox: outbox)
        #expect(commands.ended.isEmpty)
        #expect(try outbox.statistics().pendingCount == 0)
    }
}

@Suite("Uploader and the background session's events", .watchdog, .cpuBound)
struct UploaderSessionEventsTests {
    @Test("a relaunch for the upload session's events ends with the session's completion handler (URLS-1, URLS-7)")
    func completesSessionEvents() throws {
        let outbox = try Uploads.outbox(records: 0)
        var uploader = Uploader(configuration: Uploader.Configuration(), seed: 1)
        let events = uploader.handle(
            .urlSessionEvents(sessionIdentifier: UploadRequest.sessionIdentifier), in: Uploads.background(5),
            outbox: outbox)
        #expect(events.timers.map(\.id) == [Uploader.finishEventsTimer])
        let finished = uploader.handle(
            .timerFired(Uploader.finishEventsTimer), in: Uploads.background(5.001), outbox: outbox)
        #expect(finished.contains(.completeBackgroundEvents(session: UploadRequest.sessionIdentifier)))
        // Another session's events are someone else's.
        #expect(
            uploader.handle(.urlSessionEvents(sessionIdentifier: "other"), in: Uploads.background(6), outbox: outbox)
                .isEmpty)
    }
}

@Suite("Uploader without background sessions", .watchdog, .cpuBound)
struct UploaderFallbackTests {
    @Test(
        "a system without background sessions (URLS-1, before iOS 7) gets the same batch again, in process, under a task"
    )
    func fallsBackToInProcess() throws {
        let outbox = try Uploads.outbox(records: 3)
        var uploader = Uploader(configuration: Uploader.Configuration(), seed: 1)
        let first = try #require(
            uploader.handle(.didBecomeActive, in: Uploads.foreground(0), outbox: outbox).uploads.first)
        #expect(first.background)
        let refused = UploadOutcome(
            id: first.id, batch: first.batch, statusCode: nil, error: UploadOutcome.backgroundSessionUnavailable)
        let commands = uploader.handle(.uploadCompleted(refused), in: Uploads.foreground(0), outbox: outbox)
        let second = try #require(commands.uploads.first)
        #expect(!second.background)
        #expect(second.batch == first.batch)
        #expect(commands.begun.count == 1)
    }
}
