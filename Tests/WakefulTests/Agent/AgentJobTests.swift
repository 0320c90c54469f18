import Foundation
import Testing
import Wakeful
import WakefulTestSupport

/// The agent and the job scheduler: a run's records and the job's new state are one commit, and a
/// relaunched app's agent restores the jobs' states from the outbox.
@Suite("Agent with jobs", .watchdog, .cpuBound)
struct AgentJobTests {
    static let install = UUID(uuidString: "3C1F7A52-0D9B-4E6A-8F21-5B7E9C2D1A04")!
    static let sample = Job(id: "sample", interval: 600, expectedDuration: 2)

    static func agent(_ outbox: any Outbox) throws -> Agent {
        try Agent(
            strategies: [],
            configuration: AgentConfiguration(jobs: JobScheduler.Options(jobs: [sample]), timeline: .off),
            outbox: outbox, seed: 1)
    }

    @Test(
        "a finished run's records and the job's completion are committed together, and a new process does not rerun it early"
    )
    func statePersistsAcrossLaunches() throws {
        let outbox = InMemoryOutbox(installID: Self.install)
        var first = try Self.agent(outbox)
        var timeline = DiscardingTimeline()
        let launch = first.handle(
            .didFinishLaunching(.user), in: Context(now: 0, appState: .active, network: .wifi), timeline: &timeline)
        let run = try #require(launch.runs.first)
        #expect(run.job == "sample")
        let record = Record(kind: "sample", fields: [Field("job", "sample"), Field("sample", 0)])
        _ = first.handle(
            .jobFinished(JobResult(job: run.job, run: run.run, outcome: .completed, progress: 1, records: [record])),
            in: Context(now: 2, appState: .active, network: .wifi), timeline: &timeline)
        let saved = try #require(try outbox.jobStates().first { $0.job == "sample" })
        #expect(saved.lastCompleted == 2)
        #expect(try outbox.statistics().pendingCount == 1)

        // The process dies; the next one's agent reads the state back: the job is not due before 602.
        var second = try Self.agent(outbox)
        let relaunch = second.handle(
            .didFinishLaunching(.user), in: Context(now: 60, appState: .active, network: .wifi), timeline: &timeline)
        #expect(relaunch.runs.isEmpty)
        let due = second.handle(
            .didBecomeActive, in: Context(now: 603, appState: .active, network: .wifi), timeline: &timeline)
        #expect(due.runs.map(\.job) == ["sample"])
    }

    @Test("without the agent's persistence a fresh scheduler would run the job again at once (the test can fail)")
    func freshSchedulerRunsAtOnce() {
        var scheduler = JobScheduler(options: JobScheduler.Options(jobs: [Self.sample]))
        let commands = scheduler.handle(
            .didFinishLaunching(.user), in: Context(now: 60, appState: .active, network: .wifi))
        #expect(commands.runs.map(\.job) == ["sample"])
    }
}
