import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The device's execution of a run: it freezes with the app, a kill loses it, the network can
/// fail it, records are spread evenly and samples never repeat.
@Suite("Jobs: running on the simulated device", .watchdog, .cpuBound)
struct JobExecutionTests {
    static func finished(_ trace: Trace) -> [JobResult] {
        trace.events { if case .jobFinished = $0 { true } else { false } }.compactMap {
            if case .jobFinished(let result) = $0.event { result } else { nil }
        }
    }

    static func samples(_ trace: Trace, _ job: String) -> [Int] {
        finished(trace).filter { $0.job == job }.flatMap(\.records).compactMap { record in
            if case .int(let sample)? = record.fields["sample"] { sample } else { nil }
        }
    }

    @Test("a checkpointed run keeps the records produced so far; resumed, samples continue without repeats")
    func checkpointResume() throws {
        let job = Job(
            id: "j", interval: 10_000, expectedDuration: 100, checkpointable: true,
            cost: JobCost(duration: 100, records: 10))
        let scenario = JobScenarios.with(
            Scenarios.make(duration: 1000, home: 10, actions: [UserAction(at: 500, .open)]), [job])
        let trace = Trace(scenario, ios: IOSVersion(17))
        let results = Self.finished(trace)
        #expect(results.map(\.outcome) == [.checkpointed, .completed])
        #expect(results.first?.records.count == 3, "35 of 100 s: 3 of 10 records")
        #expect(Self.samples(trace, "j") == Array(0..<10))
        #expect(results.last?.checkpoint == "sample=10")
    }

    @Test("a run freezes while the app is suspended and continues when it runs again")
    func freezes() throws {
        let job = Job(
            id: "j", interval: 10_000, expectedDuration: 100, checkpointable: true, cost: JobCost(duration: 100))
        var scenario = JobScenarios.with(
            Scenarios.make(duration: 1000, home: 10, actions: [UserAction(at: 600, .open)]), [job])
        scenario.app.jobScheduler = JobScheduler.Options(safetyMargin: 0)
        let trace = Trace(scenario, ios: IOSVersion(17), setup: .custom(TaskEnder()))
        let runs = trace.jobRuns
        let first = try #require(runs.first)
        // The test app ends the scheduler's task at 20 s; nothing else holds the app.
        #expect(first.outcome == "completed")
        #expect(close(first.finished, 600 + (100 - 20)), "20 s before suspension, 80 s after reopening")
        #expect(close(first.executed, 100))
    }

    @Test("a kill loses the run and what it produced; the relaunched app runs it again")
    func killLosesWork() throws {
        let job = Job(
            id: "j", interval: 10_000, expectedDuration: 100, checkpointable: true,
            cost: JobCost(duration: 100, records: 10))
        let scenario = JobScenarios.with(
            Scenarios.make(
                duration: 1000, home: 200, actions: [UserAction(at: 50, .forceQuit), UserAction(at: 300, .open)]), [job]
        )
        let trace = Trace(scenario, ios: IOSVersion(17))
        let results = Self.finished(trace)
        #expect(results.map(\.outcome) == [.completed])
        #expect(Self.samples(trace, "j") == Array(0..<10), "nothing of the killed run was kept")
    }

    @Test("a job that needs the network fails when it drops (URLS-8)")
    func networkDrops() throws {
        let job = Job(
            id: "j", interval: 10_000, expectedDuration: 100, requiresNetwork: true,
            cost: JobCost(duration: 100, networkBytes: 1000))
        var scenario = JobScenarios.with(Scenarios.make(duration: 300, home: 250), [job])
        scenario.world.network = NetworkTimeline([
            NetworkSegment(at: 0, kind: .wifi, bandwidth: 1e6), NetworkSegment(at: 40, kind: .none, bandwidth: 0),
        ])
        let trace = Trace(scenario, ios: IOSVersion(17))
        let result = try #require(Self.finished(trace).first)
        #expect(result.outcome == .failed)
        #expect(result.reason == "network lost")
        #expect(result.records.isEmpty)
        #expect(trace.decisions("jobFinished").first?.time == 40)
    }

    @Test("cancelling a job that cannot checkpoint fails it and discards its records")
    func cancelDiscards() throws {
        let job = Job(id: "j", interval: 10_000, expectedDuration: 100, cost: JobCost(duration: 100, records: 10))
        let trace = Trace(JobScenarios.with(Scenarios.make(duration: 300, home: 10), [job]), ios: IOSVersion(17))
        let result = try #require(Self.finished(trace).first)
        #expect(result.outcome == .failed)
        #expect(result.reason == "cancelled")
        #expect(result.records.isEmpty)
    }

    @Test("the run's CPU load is what the CPU monitor and the energy estimate see (TERM-4)")
    func cpuLoad() throws {
        let job = Job(
            id: "j", interval: 10_000, expectedDuration: 40, checkpointable: true,
            cost: JobCost(duration: 40, cpuLoad: 1))
        let light = Job(
            id: "j", interval: 10_000, expectedDuration: 40, checkpointable: true,
            cost: JobCost(duration: 40, cpuLoad: 0))
        let heavy = Trace(JobScenarios.with(Scenarios.make(duration: 300, home: 5), [job]), ios: IOSVersion(17))
        let idle = Trace(JobScenarios.with(Scenarios.make(duration: 300, home: 5), [light]), ios: IOSVersion(17))
        let cpu = { (trace: Trace) in trace.metrics.energy.byComponent.first { $0.name == "cpu" }?.milliampereHours ?? 0
        }
        #expect(cpu(heavy) > cpu(idle))
    }
}

/// Ends the job scheduler's task 20 s after the app leaves the foreground, as a stand-in for a
/// task the system took back, so the app is suspended in the middle of a run.
struct TaskEnder: Strategy {
    var name: String { "TaskEnder" }
    var requirements: Requirements { Requirements() }
    mutating func handle(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .didEnterBackground: [.setTimer(TimerRequest(id: "end", interval: 10))]
        case .timerFired("end"): [.endBackgroundTask(BackgroundTaskID(owner: "JobScheduler", serial: 1))]
        default: []
        }
    }
}

/// The scheduler's timer never re-arms a rounding step ahead of the clock: on these seeds of
/// sensor-logging a job became eligible 7e-12 s after now, the timer fired without the clock moving
/// and was set again 45,000 times, until iOS killed the app for its wake-ups (TERM-5).
@Suite(.watchdog, .cpuBound) struct JobTimerResolutionTests {
    @Test(arguments: [4, 6, 11] as [UInt64])
    func noTimerStormOnTheSeedsThatHadOne(seed: UInt64) throws {
        let scenario = try BuiltinScenarios.resolve("sensor-logging")
        let setup = try scenario.setup(named: "LowPowerLocationKeepAlive")
        var timeline = InMemoryTimeline()
        let metrics = Simulator.run(scenario, ios: IOSVersion(17), setup: setup, seed: seed, timeline: &timeline)
        #expect(!metrics.terminations.contains { $0.reason == .wakeupLimit }, "\(metrics.terminations)")
        let fired = timeline.entries.filter { $0.body == .event(.timerFired("JobScheduler.next")) }
        #expect(fired.count < 1000, "\(fired.count) scheduler timers fired")
        let commands = timeline.entries.compactMap { entry -> TimeInterval? in
            guard case .command(.setTimer(let request), _) = entry.body, request.id == "JobScheduler.next" else {
                return nil
            }
            return request.interval
        }
        #expect(commands.allSatisfy { $0 >= TimerRequest.resolution }, "\(commands.filter { $0 < 0.001 })")
    }
}
