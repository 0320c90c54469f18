import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// `ScheduledRefresh`'s continued-processing work on iOS 26 (BGT-13, BGT-16): submitted when the
/// app becomes active, progress reported while the network lasts, expiry ≈30 s without it.
@Suite("Continued processing from a strategy (BGT-13)", .watchdog, .cpuBound)
struct ContinuedProcessingStrategyTests {
    static func run(
        _ version: String, work: TimeInterval = 300, progressEvery: TimeInterval = 5,
        submission: TaskRequest.SubmissionStrategy = .queue, network: [NetworkSegment] = []
    ) throws -> Trace {
        let options = ScheduledRefresh.Options(
            usesTaskScheduler: false, continuedWorkSeconds: work, continuedProgressInterval: progressEvery,
            continuedSubmission: submission)
        var scenario = SchedulerScenarios.make(duration: 1200, startHour: 10, permitted: nil, home: 60)
        if !network.isEmpty { scenario.world.network = NetworkTimeline(network) }
        return Trace(scenario, ios: try Versions.parse(version), setup: .custom(ScheduledRefresh(options: options)))
    }

    static let airplaneModeAt300 = [
        NetworkSegment(at: 0, kind: .wifi, bandwidth: 1_000_000), NetworkSegment(at: 300, kind: .none, bandwidth: 0),
    ]

    @Test("submitted when the app becomes active, it outlives the Home press while it reports progress")
    func completesWithProgress() throws {
        let trace = try Self.run("26")
        #expect(trace.launches.map(\.kind) == [.continuedProcessing])
        #expect(trace.launches.map(\.time) == [0])
        #expect(trace.records("continued").map(\.time) == [300])
        #expect(trace.metrics.terminations.isEmpty)
        #expect(!trace.commands { if case .reportTaskProgress = $0 { true } else { false } }.isEmpty)
    }

    @Test("without progress it expires ≈30 s after launch and the app is killed")
    func expiresWithoutProgress() throws {
        let trace = try Self.run("26", progressEvery: 0)
        // The expiration handler runs the TASK-12 lead (4 s from 14) before the 30 s run out.
        #expect(trace.records("taskExpired").map(\.time) == [26])
        #expect(trace.records("continued").isEmpty)
        #expect(trace.decisions("scheduledTaskCompleted").first?.decision.fields["success"] == .bool(false))
    }

    @Test("an upload makes no progress in airplane mode and expires ≈30 s after its last report (F808756)")
    func expiresOffline() throws {
        let trace = try Self.run("26", work: 3600, network: Self.airplaneModeAt300)
        // Last report at 295; the system gives 30 s more; the expiration handler runs 4 s early.
        #expect(trace.records("taskExpired").map(\.time) == [321])
        #expect(trace.records("continued").isEmpty)
    }

    @Test("reopening the app while the work runs submits no second request")
    func noSecondRequest() throws {
        let options = ScheduledRefresh.Options(usesTaskScheduler: false, continuedWorkSeconds: 600)
        let scenario = SchedulerScenarios.make(
            duration: 1200, startHour: 10, permitted: nil, home: 60,
            actions: [UserAction(at: 100, .open), UserAction(at: 110, .home)])
        let trace = Trace(scenario, ios: try Versions.parse("26"), setup: .custom(ScheduledRefresh(options: options)))
        #expect(trace.launches.map(\.time) == [0])
        #expect(trace.decisions("taskRequestQueued").isEmpty)
        #expect(trace.records("continued").map(\.time) == [600])
    }

    @Test("before iOS 26 no such request exists: nothing launches", arguments: ["17", "18"])
    func notBefore26(version: String) throws {
        let trace = try Self.run(version)
        #expect(trace.launches.isEmpty)
        #expect(trace.records("continued").isEmpty)
    }

    @Test("the default options submit no continued-processing request")
    func offByDefault() {
        #expect(ScheduledRefresh.Options().continuedWorkSeconds == 0)
        #expect(!ScheduledRefresh().requirements.taskIdentifiers.contains("com.wakeful.export"))
    }
}
