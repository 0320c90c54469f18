import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("JobScheduler: fitting runs into wakes", .watchdog, .cpuBound)
struct JobSchedulerFittingTests {
    @Test("budget is the remaining time less the margin; unlimited in the foreground")
    func budget() {
        var probe = SchedulerProbe([Job(id: "a", interval: 60, expectedDuration: 10)])
        let foreground = probe.handle(.didFinishLaunching(.user), SchedulerProbe.foreground(0))
        #expect(foreground.runs.map(\.budget) == [Context.unlimited])
        #expect(foreground.timer(JobScheduler.budgetTimer) == nil, "no limit, no cancel timer")

        var background = SchedulerProbe([Job(id: "a", interval: 60, expectedDuration: 10)])
        let commands = background.handle(.regionExited("home"), SchedulerProbe.background(0, remaining: 30))
        #expect(commands.runs.map(\.budget) == [25])
        #expect(commands.timer(JobScheduler.budgetTimer)?.interval == 25)
        #expect(commands.contains(.beginBackgroundTask(SchedulerProbe.task1)))
    }

    @Test("with DBL_MAX in the background it begins its task first and fits on the next event (TASK-11)")
    func readsTheTaskTime() {
        var probe = SchedulerProbe([Job(id: "a", interval: 60, expectedDuration: 10)])
        let first = probe.handle(
            .significantLocationChange(
                LocationFix(coordinate: Coordinate(latitude: 0, longitude: 0), horizontalAccuracy: 500, timestamp: 0)),
            SchedulerProbe.background(0))
        #expect(first.runs.isEmpty)
        #expect(first.contains(.beginBackgroundTask(SchedulerProbe.task1)))
        #expect(first.timer(JobScheduler.fitTimer) != nil)
        let second = probe.handle(
            .timerFired(JobScheduler.fitTimer), SchedulerProbe.background(0.001, remaining: 29.999))
        #expect(second.runs.map(\.job) == ["a"])
        #expect(abs((second.runs.first?.budget ?? 0) - 24.999) < 1e-9)
    }

    @Test("by priority, then by due time; one run at a time")
    func priorityOrder() {
        var probe = SchedulerProbe([
            Job(id: "low", interval: 60, priority: .low), Job(id: "high", interval: 60, priority: .high),
            Job(id: "normal", interval: 60),
        ])
        var commands = probe.handle(.didFinishLaunching(.user), SchedulerProbe.foreground(0))
        #expect(commands.runs.map(\.job) == ["high"], "one at a time")
        #expect(probe.handle(.didBecomeActive, SchedulerProbe.foreground(0)).runs.isEmpty, "still running")
        var order = ["high"]
        for step in 1...2 {
            let run = commands.runs[0]
            commands = probe.handle(.jobFinished(.completed(run)), SchedulerProbe.foreground(Double(step)))
            order += commands.runs.map(\.job)
        }
        #expect(order == ["high", "normal", "low"])
    }

    @Test("a job that cannot checkpoint starts only when its whole duration fits; one that can starts with less")
    func checkpointableFits() {
        let long = Job(id: "long", interval: 600, expectedDuration: 40)
        var probe = SchedulerProbe([long])
        #expect(probe.handle(.regionEntered("r"), SchedulerProbe.background(0, remaining: 30)).runs.isEmpty)

        var checkpointing = SchedulerProbe([Job(id: "long", interval: 600, expectedDuration: 40, checkpointable: true)])
        #expect(
            checkpointing.handle(.regionEntered("r"), SchedulerProbe.background(0, remaining: 30)).runs.map(\.budget)
                == [25])
    }

    @Test("never before lastStarted + minimumInterval")
    func minimumInterval() {
        var probe = SchedulerProbe([Job(id: "a", interval: 10, minimumInterval: 100)])
        let run = probe.handle(.didFinishLaunching(.user), SchedulerProbe.foreground(0)).runs[0]
        _ = probe.handle(.jobFinished(.completed(run)), SchedulerProbe.foreground(1))
        #expect(
            probe.handle(.didBecomeActive, SchedulerProbe.foreground(50)).runs.isEmpty, "due at 11, but started at 0")
        #expect(probe.handle(.didBecomeActive, SchedulerProbe.foreground(100)).runs.map(\.job) == ["a"])
    }

    @Test(
        "network and power needs are respected",
        arguments: [
            (NetworkPath.none, true, false), (.wifi, false, false), (.wifi, true, true), (.unknown, true, true),
        ])
    func needs(network: NetworkPath, power: Bool, runs: Bool) {
        var probe = SchedulerProbe([Job(id: "a", interval: 60, requiresNetwork: true, requiresExternalPower: true)])
        let commands = probe.handle(
            .didFinishLaunching(.user), SchedulerProbe.foreground(0, network: network, power: power))
        #expect(commands.runs.isEmpty == !runs)
    }

    @Test("a checkpoint is resumed; completion keeps the checkpoint and resets progress")
    func checkpointResume() {
        var probe = SchedulerProbe([Job(id: "a", interval: 600, expectedDuration: 60, checkpointable: true)])
        let run = probe.handle(.regionEntered("r"), SchedulerProbe.background(0, remaining: 30)).runs[0]
        let cancelled = probe.handle(.timerFired(JobScheduler.budgetTimer), SchedulerProbe.background(25, remaining: 5))
        #expect(cancelled.contains(.cancelJob(job: "a", run: run.run)))
        _ = probe.handle(
            .jobFinished(JobResult(job: "a", run: run.run, outcome: .checkpointed, progress: 0.4, checkpoint: "k=4")),
            SchedulerProbe.background(25, remaining: 5))
        #expect(probe.scheduler.state(of: "a").progress == 0.4)
        let resumed = probe.handle(.didFinishLaunching(.user), SchedulerProbe.foreground(100)).runs
        #expect(resumed.map(\.checkpoint) == ["k=4"])
        #expect(resumed.map(\.progress) == [0.4])
        _ = probe.handle(
            .jobFinished(
                JobResult(job: "a", run: resumed[0].run, outcome: .completed, progress: 1, checkpoint: "k=10")),
            SchedulerProbe.foreground(140))
        let state = probe.scheduler.state(of: "a")
        #expect(state.lastCompleted == 140)
        #expect(state.progress == 0)
        #expect(state.checkpoint == "k=10")
        #expect(state.completedRuns == 1)
    }

    @Test("a failed run is retried on a later wake, not on the same one")
    func failedRetry() {
        var probe = SchedulerProbe([Job(id: "a", interval: 60)])
        let run = probe.handle(.didFinishLaunching(.user), SchedulerProbe.foreground(0)).runs[0]
        let after = probe.handle(
            .jobFinished(JobResult(job: "a", run: run.run, outcome: .failed, progress: 0, reason: "boom")),
            SchedulerProbe.foreground(1))
        #expect(after.runs.isEmpty)
        #expect(probe.handle(.regionEntered("r"), SchedulerProbe.foreground(2)).runs.map(\.job) == ["a"])
    }

    @Test("records of a run are re-emitted with the new state; changed states are taken once")
    func recordsAndStates() {
        var probe = SchedulerProbe([Job(id: "a", interval: 60), Job(id: "b", interval: 60)])
        let run = probe.handle(.didFinishLaunching(.user), SchedulerProbe.foreground(0)).runs[0]
        #expect(probe.scheduler.takeChangedStates().map(\.job) == ["a"], "lastStarted changed")
        let record = Record(kind: "sample", fields: [Field("sample", .int(0))])
        let commands = probe.handle(.jobFinished(.completed(run, records: [record])), SchedulerProbe.foreground(1))
        #expect(commands.records == [record])
        #expect(probe.scheduler.takeChangedStates().map(\.job) == ["a", "b"])
        #expect(probe.scheduler.takeChangedStates().isEmpty)
    }

    @Test("restored states decide what is due")
    func restore() {
        var probe = SchedulerProbe([Job(id: "a", interval: 600)])
        probe.scheduler.restore([JobState(job: "a", lastCompleted: 100, lastStarted: 90), JobState(job: "gone")])
        #expect(probe.handle(.didFinishLaunching(.user), SchedulerProbe.foreground(200)).runs.isEmpty)
        #expect(probe.handle(.didBecomeActive, SchedulerProbe.foreground(700)).runs.map(\.job) == ["a"])
    }
}
