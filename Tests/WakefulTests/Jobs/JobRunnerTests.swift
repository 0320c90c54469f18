import Foundation
import Testing
import Wakeful
import WakefulTestSupport

/// The runner's async paths, sequenced with streams: no sleeps.
@Suite("JobRunner", .watchdog, .cpuBound)
@MainActor
struct JobRunnerTests {
    /// Runs `work` for job `a`, cancels it after it signalled `started` when `cancel` is set, and returns the result.
    func result(cancel: Bool, _ work: @escaping JobRunner.Work, started: AsyncStream<Void>? = nil) async -> JobResult? {
        let (events, sink) = AsyncStream.makeStream(of: Event.self)
        let runner = JobRunner(work: ["a": work]) { sink.yield($0) }
        runner.execute(.runJob(JobRun(job: "a", run: 7, budget: 30, progress: 0.2, checkpoint: "old")))
        if cancel, let started {
            for await _ in started { break }
            runner.execute(.cancelJob(job: "a", run: 7))
        }
        for await event in events {
            if case .jobFinished(let result) = event { return result }
        }
        return nil
    }

    @Test("work that returns completes with its records")
    func completes() async {
        let result = await result(cancel: false) { context in
            await context.record(Record(kind: "s", fields: [Field("sample", .int(1))]))
        }
        #expect(result?.outcome == .completed)
        #expect(result?.progress == 1)
        #expect(result?.records.map(\.kind) == ["s"])
        #expect(result?.run == 7)
    }

    @Test("cancelled work that saved a checkpoint reports it with its records")
    func checkpoints() async {
        let (started, signal) = AsyncStream.makeStream(of: Void.self)
        let (never, _) = AsyncStream.makeStream(of: Void.self)
        let result = await result(
            cancel: true,
            { context in
                await context.record(Record(kind: "s"))
                signal.yield()
                for await _ in never {}  // ends when the task is cancelled
                #expect(Task.isCancelled)
                await context.checkpoint("k=1", progress: 0.5)
                throw CancellationError()
            }, started: started)
        #expect(result?.outcome == .checkpointed)
        #expect(result?.checkpoint == "k=1")
        #expect(result?.progress == 0.5)
        #expect(result?.records.count == 1)
    }

    @Test("cancelled work without a checkpoint fails and its records are discarded")
    func cancelledFails() async {
        let (started, signal) = AsyncStream.makeStream(of: Void.self)
        let (never, _) = AsyncStream.makeStream(of: Void.self)
        let result = await result(
            cancel: true,
            { context in
                await context.record(Record(kind: "s"))
                signal.yield()
                for await _ in never {}
                throw CancellationError()
            }, started: started)
        #expect(result?.outcome == .failed)
        #expect(result?.reason == "cancelled")
        #expect(result?.records.isEmpty == true)
        #expect(result?.checkpoint == "old", "the earlier checkpoint stands")
        #expect(result?.progress == 0.2)
    }

    @Test("work that throws fails with the error")
    func throwsFails() async {
        struct Broken: Error {}
        let result = await result(cancel: false) { _ in throw Broken() }
        #expect(result?.outcome == .failed)
        #expect(result?.reason == "Broken()")
    }

    @Test("an unknown job fails at once; other commands are not the runner's")
    func unknown() {
        var reported: [Event] = []
        let runner = JobRunner(work: [:]) { reported.append($0) }
        #expect(runner.execute(.runJob(JobRun(job: "x", run: 1, budget: 10))))
        #expect(!runner.execute(.stopScan))
        guard case .jobFinished(let result)? = reported.first else {
            Issue.record("no result")
            return
        }
        #expect(result.outcome == .failed)
        #expect(runner.runsInProgress.isEmpty)
    }
}
