import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The scheduler's own wake requests: `BGAppRefreshTask` (BGT-4), `BGProcessingTask` on the
/// charger (BGT-5) and, on iOS 7–12, the legacy fetch (BGT-2).
@Suite("Jobs: the wakes the scheduler asks for", .watchdog, .cpuBound)
struct JobScheduledLaunchTests {
    /// The user opens the app at 08:00 and at 12:30 most days; one evening with the charger from 23:00.
    static func scenario(_ jobs: [Job]) -> Scenario {
        var scenario = Scenarios.make(duration: 54_000, home: 10)
        scenario.world.startHour = 18
        scenario.world.power = try! PowerTimeline([
            PowerPoint(at: 0, battery: 0.6, charging: false), PowerPoint(at: 18_000, battery: 0.3, charging: true),
        ])
        scenario.app.usage = AppUsageHistory(usedDaysAgo: 0, typicalOpenHours: [8, 12.5, 19, 20])
        return JobScenarios.with(scenario, jobs)
    }

    static let hourly = Job(id: "hourly", interval: 3600, expectedDuration: 10, cost: JobCost(duration: 10))
    static let nightly = Job(
        id: "nightly", interval: 86_400, expectedDuration: 200, requiresExternalPower: true, checkpointable: true,
        cost: JobCost(duration: 200, cpuLoad: 0.5))

    @Test(
        "BGAppRefresh: runs inside the launch with 30 s less the margin, then completes it (BGT-4)",
        arguments: [IOSVersion(17), IOSVersion(26)])
    func appRefresh(version: IOSVersion) throws {
        let trace = Trace(Self.scenario([Self.hourly]), ios: version)
        let launch = try #require(
            trace.decisions("scheduledTaskLaunch").first { $0.decision.fields["taskKind"] == "appRefresh" })
        let run = try #require(trace.run(startedAt: launch.time))
        #expect(run.budget == .double(25))
        #expect(run.keptRunningBy == "scheduledTask")
        #expect(run.outcome == "completed")
        let completed = trace.decisions("scheduledTaskCompleted").first { $0.time >= launch.time }
        #expect(completed?.decision.fields["success"] == .bool(true))
        #expect(
            trace.commands { if case .beginBackgroundTask = $0 { true } else { false } }.allSatisfy {
                $0.time < launch.time
            },
            "no task of its own inside its launch")
    }

    @Test(
        "BGProcessing on the charger: the power job runs with no limit (BGT-5)",
        arguments: [IOSVersion(17), IOSVersion(26)])
    func processing(version: IOSVersion) throws {
        let trace = Trace(Self.scenario([Self.nightly]), ios: version)
        let request = try #require(
            trace.commands { if case .submitTaskRequest(let r) = $0 { r.kind == .processing } else { false } }.first)
        guard case .submitTaskRequest(let submitted) = request.command else { return }
        #expect(submitted.requiresExternalPower)
        let launch = try #require(
            trace.decisions("scheduledTaskLaunch").first { $0.decision.fields["taskKind"] == "processing" })
        #expect(launch.time >= 18_000, "on the charger")
        let run = try #require(trace.run(startedAt: launch.time))
        #expect(run.budget == .string("unlimited"))
        #expect(run.outcome == "completed")
        #expect(close(run.executed, 200))
    }

    @Test("iOS 7–12: the legacy fetch carries the jobs, 30 s less the margin (BGT-2)")
    func fetch() throws {
        let trace = Trace(Self.scenario([Self.hourly]), ios: IOSVersion(12))
        #expect(trace.decisions("fetchInterval").count == 1)
        // The first fetch that finds a job due (an earlier one from the day's budget may find none).
        let run = try #require(
            trace.decisions("scheduledTaskLaunch").lazy.filter { $0.decision.fields["taskKind"] == "backgroundFetch" }
                .compactMap { trace.run(startedAt: $0.time) }.first)
        #expect(run.budget == .double(25))
        #expect(run.outcome == "completed")
        #expect(trace.metrics.terminations.isEmpty, "the fetch is completed before its 30 s")
    }

    @Test("a missed deadline names the reason in the record and in the gap")
    func missedDeadline() throws {
        let job = Job(
            id: "due", interval: 900, deadline: 600, expectedDuration: 10, requiresNetwork: true,
            cost: JobCost(duration: 10))
        var scenario = JobScenarios.with(
            Scenarios.make(
                duration: 7200, home: 10,
                actions: [
                    UserAction(at: 1000, .open), UserAction(at: 1100, .home), UserAction(at: 3000, .open),
                    UserAction(at: 3100, .home),
                ]), [job])
        scenario.world.network = NetworkTimeline([
            NetworkSegment(at: 0, kind: .wifi, bandwidth: 1e6), NetworkSegment(at: 100, kind: .none, bandwidth: 0),
        ])
        let trace = Trace(scenario, ios: IOSVersion(17))
        let missed = trace.records(JobScheduler.missedRecordKind)
        #expect(
            missed.first?.record.fields["reason"] == .string("no network"),
            "at 1000 it saw the app open without a network; reported at 3000")
        let success = try #require(trace.metrics.success)
        #expect(success.measure == "jobs on time")
        #expect(success.largestGap?.cause.hasPrefix("due: ") == true)
    }
}
